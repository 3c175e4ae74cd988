import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { sessions } from '../../../src/db/schema';
import { requireUser } from '../../../src/modules/auth/auth.plugin';
import {
  createSession,
  resolveSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from '../../../src/modules/auth/sessions';
import { createUser, signIn } from '../../helpers/factories';
import { buildBareApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-db';

describe('sessions', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildBareApp(database);
    app.withTypeProvider<ZodTypeProvider>().get('/api/test/me', async (request) => ({
      username: requireUser(request).username,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('recognises the user of a session cookie and answers in their language', async () => {
    const user = await createUser(database.db, { language: 'en' });
    const cookie = await signIn(database.db, user);
    const response = await app.inject({ url: '/api/test/me', headers: { cookie, 'accept-language': 'it' } });
    expect(response.json()).toEqual({ username: user.username });
    const missing = await app.inject({ url: '/api/nope', headers: { cookie, 'accept-language': 'it' } });
    expect(missing.json().message).toBe('Resource not found.');
  });

  it('answers 401 without a session, and clears an unknown cookie', async () => {
    const anonymous = await app.inject({ url: '/api/test/me', headers: { 'accept-language': 'en' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'You need to be logged in to access this resource',
      status: 401,
    });
    const forged = await app.inject({ url: '/api/test/me', headers: { cookie: `${SESSION_COOKIE}=forged` } });
    expect(forged.statusCode).toBe(401);
    expect(String(forged.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('expires after 30 days without use and slides while used', async () => {
    const user = await createUser(database.db);
    const start = new Date('2026-11-01T10:00:00Z');
    const { token, sessionId } = await createSession(database.db, user.id, {}, start);
    const stored = await database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(stored[0]?.id).not.toBe(token);

    const day20 = new Date(start.getTime() + 20 * 24 * 3600 * 1000);
    const used = await resolveSession(database.db, token, day20);
    expect(used?.refreshed).toBe(true);
    expect(used?.expiresAt.getTime()).toBe(day20.getTime() + SESSION_TTL_MS);

    const day45 = new Date(start.getTime() + 45 * 24 * 3600 * 1000);
    expect(await resolveSession(database.db, token, day45)).not.toBeNull();
    const day90 = new Date(start.getTime() + 90 * 24 * 3600 * 1000);
    expect(await resolveSession(database.db, token, day90)).toBeNull();
  });
});
