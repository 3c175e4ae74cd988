/**
 * `trustedJson` (docs/decisions/130, 136): in production the hot read routes write their answers
 * as built, without the zod schema's encoding. That is only right while every answer is exactly
 * what the schema would write — no field more (the schema would drop it), none of another type.
 * The same requests, on the same data, to the app as tests run it (answers through the schema)
 * and as production runs it (answers as built) must answer the same JSON.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { filters, notifications, tournaments } from '../../src/db/schema';
import { createFederationTestApp, type FederationTestApp } from '../helpers/competitions';
import { testFederationClient } from '../helpers/federation';
import { followOk, subscriptionsClient } from '../helpers/subscriptions';

describe('answers written as built in production', () => {
  let ctx: FederationTestApp;
  let production: FastifyInstance;
  let followed: string;

  beforeAll(async () => {
    ctx = await createFederationTestApp();
    const { test, sim } = ctx;
    production = await buildApp({
      config: { ...test.config, isProduction: true },
      database: test.database,
      queue: null,
      mailer: test.mailer,
      logger: false,
      federation: testFederationClient(sim.url),
      now: () => sim.clock.now(),
    });
    await production.ready();
    const { db } = test.database;
    const userId = ctx.user.id;
    // Follows (one of them lost), filters, and notifications of several types, read and unread.
    const draws = await db.select().from(tournaments).limit(40);
    const client = subscriptionsClient(test.app, ctx.cookie);
    for (const [i, draw] of draws.filter((_, i) => i % 8 === 0).entries()) {
      const id = await followOk(client, draw.competitionGuid, draw.uuid);
      if (i === 1) await client.lost(id, true);
    }
    followed = draws[0]?.competitionGuid ?? '';
    await db.insert(filters).values([
      { userId, name: 'Femminile', tipoTorneo: 'Femminile' },
      { userId, name: 'Iscrizioni aperte', idStatopuc: 3, notificationsEnabled: false },
    ]);
    await db.insert(notifications).values([
      {
        userId,
        type: 'new_tournament',
        params: {
          tournamentName: 'Open di prova',
          competitionGuid: followed,
          reasons: ['region'],
          matchingFilters: 1,
        },
        dedupeKey: 'a',
        batchId: crypto.randomUUID(),
      },
      {
        userId,
        type: 'platform_updates',
        params: { message: 'Novità' },
        dedupeKey: 'b',
        batchId: crypto.randomUUID(),
        readAt: new Date(),
      },
      {
        userId,
        type: 'reminder_1d',
        params: { tournamentName: 'Open di prova', competitionGuid: followed },
        dedupeKey: 'c',
        batchId: crypto.randomUUID(),
      },
    ]);
  });
  afterAll(async () => {
    await production?.close();
    await ctx.close();
  });

  const requests = (): [string, InjectOptions][] => [
    ['detail', { method: 'GET', url: `/api/competitions/${followed}` }],
    ['notifications', { method: 'GET', url: '/api/notifications?limit=2' }],
    ['my tournaments', { method: 'GET', url: '/api/subscriptions/my-tournaments' }],
    ['home', { method: 'GET', url: '/api/home' }],
    [
      'search',
      { method: 'POST', url: '/api/competitions/search_competitions', payload: { view: 'overview' } },
    ],
    ['an error', { method: 'GET', url: '/api/notifications?limit=0' }],
  ];

  it('answers exactly what the schema would write', async () => {
    for (const [what, request] of requests()) {
      const asTested = await ctx.test.app.inject({ ...request, headers: { cookie: ctx.cookie } });
      const asBuilt = await production.inject({ ...request, headers: { cookie: ctx.cookie } });
      expect(asBuilt.statusCode, what).toBe(asTested.statusCode);
      expect(asBuilt.json(), what).toStrictEqual(asTested.json());
    }
  });
});
