/**
 * The access-control matrix (issue 16): every route of the app's own route table, called
 * anonymously and as another user, aimed at the resources of a user A (their filter,
 * subscription, notification and device, in the paths, with well-formed bodies generated from
 * the OpenAPI document). A leak is any answer that carries A's data, any success of a private
 * route without a session, or any change to A's rows. The figure: 0 leaks.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceTokens,
  filters,
  notificationPreferences,
  notifications,
  reminders,
  sessions,
  subscriptions,
  type User,
  users,
} from '../../src/db/schema';
import { createUser, signIn } from '../helpers/factories';
import { newTournament, notify } from '../helpers/notifications';
import { insertCompetition } from '../helpers/subscriptions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createArbitraries, type OpenApiDocument, operationsOf } from './openapi-arbitraries';

const NO_LIMITS = {
  AUTH_RATE_LIMIT_IP_MAX: '1000000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000000',
  AUTH_BACKOFF_AFTER_FAILURES: '1000000',
};

/** Routes anyone may call: sign-in and account recovery, public data, token-authorised links. */
const PUBLIC = [
  /^\/api\/health$/,
  /^\/api\/(register|verify-email|resend-verification|login|logout|request-reset|reset-password)$/,
  /^\/api\/auth\//,
  /^\/api\/reference\/geo$/,
  // The landing's figures and the links shown when configured (issue 14): public by design.
  /^\/api\/(stats|config\/public)$/,
  // The caller's own session, null for a visitor (decision 150): nothing of anyone else's.
  /^\/api\/session$/,
  /^\/api\/notifications\/vapid-public-key$/,
  /^\/api\/notifications\/unsubscribe\/:token\//,
  /^\/unsubscribe$/,
];

type Route = { method: string; url: string };

/** Every route of Fastify's route table (its printed tree, with full paths rebuilt). */
export function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│├└─\s]*)(\S.*?) \(([A-Z, ]+)\)$/);
    if (!match) continue;
    const [, prefix = '', segment = '', methods = ''] = match;
    const depth = Math.round(prefix.length / 4);
    stack.length = depth;
    stack.push(segment);
    const url = stack.join('');
    for (const method of methods.split(', ')) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

describe('access-control matrix from the route table', () => {
  let t: TestApp;
  let owner: User;
  let other: User;
  let ids: { filter: string; subscription: string; notification: string; device: string; guid: string };
  let bodies: Map<string, unknown>;
  /** Texts only A's own answers may carry. */
  let markers: string[];

  beforeAll(async () => {
    t = await createTestApp({ env: NO_LIMITS, withQueue: true });
    owner = await createUser(t.database.db, { fitpCardNumber: '700000123' });
    other = await createUser(t.database.db);
    const ownerCookie = await signIn(t.database.db, owner);
    const as = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: ownerCookie } });

    const filter = await as('POST', '/api/filters', { name: 'Filtro-segreto-di-A', regionId: 3 });
    expect(filter.statusCode, filter.body).toBe(201);
    const { guid, uuid } = await insertCompetition(t.database.db, {
      startDate: '2027-06-01',
      endDate: '2027-06-08',
      registrationClosesAt: new Date('2027-05-25T10:00:00Z'),
    });
    const follow = await as('POST', '/api/subscriptions/tournaments/subscribe', {
      competitionGuid: guid,
      tournamentUuid: uuid,
    });
    expect(follow.statusCode, follow.body).toBe(201);
    const device = await as('POST', '/api/notifications/device-token', {
      token: 'fcm-token-of-A-0123456789',
      deviceInfo: { browser: 'Chrome', os: 'Android' },
    });
    expect(device.statusCode, device.body).toBe(201);
    const created = await notify(t.database.db, t.queue, [newTournament(owner.id, 'Torneo-segreto-di-A')]);
    const notification = created.created[0]?.id;
    if (!notification) throw new Error('no notification');
    ids = {
      filter: filter.json().id,
      subscription: follow.json().id,
      notification,
      device: device.json().id,
      guid,
    };
    markers = [
      owner.email,
      owner.username,
      'Filtro-segreto-di-A',
      'Torneo-segreto-di-A',
      '700000123',
      device.json().id,
    ];

    // A well-formed body for each operation that takes one, from the OpenAPI document.
    const document = (await t.app.inject('/api/docs/json')).json() as OpenApiDocument;
    const arbitraries = createArbitraries(document);
    bodies = new Map();
    for (const operation of operationsOf(document)) {
      if (!operation.body) continue;
      const route = `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const [body] = fc.sample(arbitraries.valid(operation.body), { numRuns: 1, seed: 16 });
      bodies.set(route, body);
    }
  });
  afterAll(() => t?.close());

  /** Everything of A's that another caller could change. */
  const stateOfOwner = async () => {
    const db = t.database.db;
    return JSON.stringify({
      user: await db.select().from(users).where(eq(users.id, owner.id)),
      sessions: await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, owner.id))
        .orderBy(asc(sessions.id)),
      filters: await db.select().from(filters).where(eq(filters.userId, owner.id)),
      subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id)),
      reminders: await db.select().from(reminders).orderBy(asc(reminders.id)),
      notifications: await db.select().from(notifications).where(eq(notifications.userId, owner.id)),
      preferences: await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, owner.id)),
      devices: await db.select().from(deviceTokens).where(eq(deviceTokens.userId, owner.id)),
    });
  };

  /** The route's URL aimed at A's resources. */
  const aimedAtOwner = (url: string) =>
    url
      .replace(/^\/api\/filters\/:id/, `/api/filters/${ids.filter}`)
      .replace(/\/device-token\/:id/, `/device-token/${ids.device}`)
      .replace(/^\/api\/notifications\/:id/, `/api/notifications/${ids.notification}`)
      .replace(/\/subscribe\/:id|\/unsubscribe\/:id/, (m) => m.replace(':id', ids.subscription))
      .replace(':guid', ids.guid)
      .replace(':provider', 'google')
      // A made-up unsubscribe link: the real one is A's secret.
      .replace(':token', `${randomUUID()}.forged`);

  it('leaks nothing to a visitor or to another user, on any route', async () => {
    const routes = routeTable(t.app).filter(
      (route) =>
        !route.url.startsWith('/api/docs') && !route.url.startsWith('/dev/') && !route.url.includes('*'),
    );
    expect(routes.length).toBeGreaterThan(50);
    const before = await stateOfOwner();
    const leaks: string[] = [];
    let calls = 0;

    for (const route of routes) {
      const url = aimedAtOwner(route.url);
      const payload = bodies.get(`${route.method} ${route.url}`);
      for (const caller of ['visitor', 'other user'] as const) {
        const headers: Record<string, string> = {};
        if (caller === 'other user') headers.cookie = await signIn(t.database.db, other);
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(payload !== undefined && { payload: JSON.stringify(payload) }),
        });
        calls += 1;
        const label = `${caller}: ${route.method} ${url} → ${response.statusCode}`;
        const shown = markers.filter((marker) => response.body.includes(marker));
        if (shown.length > 0) leaks.push(`${label} shows ${shown.join(', ')}`);
        const isPublic = PUBLIC.some((pattern) => pattern.test(route.url));
        if (caller === 'visitor' && !isPublic && response.statusCode < 300)
          leaks.push(`${label} without a session`);
        if (caller === 'visitor' && !isPublic && response.statusCode !== 401 && response.statusCode !== 400) {
          leaks.push(`${label}: a private route must answer 401`);
        }
        expect(response.statusCode, label).toBeLessThan(500);
      }
    }
    const after = await stateOfOwner();
    if (after !== before) leaks.push("A's data changed");
    console.info(`access-control matrix: ${routes.length} routes, ${calls} calls, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
  });

  it('still lets A reach every one of those resources (the matrix aims at real ones)', async () => {
    const cookie = await signIn(t.database.db, owner);
    for (const url of [`/api/notifications/${ids.notification}`, `/api/competitions/${ids.guid}`]) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
    }
    const list = await t.app.inject({ url: '/api/filters', headers: { cookie } });
    expect(list.body).toContain('Filtro-segreto-di-A');
    const devices = await t.app.inject({ url: '/api/notifications/device-tokens', headers: { cookie } });
    expect(devices.body).toContain(ids.device);
  });
});
