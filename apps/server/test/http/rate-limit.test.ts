import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { call } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

const LIMITS = {
  AUTH_RATE_LIMIT_IP_MAX: '4',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '3',
  AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
};

/** A fresh client address for each test. */
const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const login = (t: TestApp, email: string, ip: string, password = 'Wrong1234') =>
  call(t.app, 'POST', '/api/login', { body: { email, password }, ip, language: 'en' });

describe('attempt limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits sign-in attempts per IP, whatever the account', async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(t, `someone${attempt}@example.it`, ip)).statusCode).toBe(401);
    }
    const limited = await login(t, 'someone5@example.it', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please wait a moment and try again.',
      status: 429,
      data: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await login(t, 'someone5@example.it', randomIp())).statusCode).toBe(401);
  });

  it('backs off the clients failing on an account, never the right password from a fresh IP (issue 16)', async () => {
    // Before issue 16 the account had one counter: failures from anywhere locked its owner out.
    const user = await createUser(t.database.db);
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect((await login(t, user.email, randomIp())).statusCode).toBe(401);
    }
    // The account is under attack: every client that failed on it gets one try, then backs off…
    const attacker = randomIp();
    expect((await login(t, user.email, attacker)).statusCode).toBe(401);
    const backedOff = await login(t, user.username, attacker, DEFAULT_PASSWORD);
    expect(backedOff.statusCode).toBe(429);
    expect(backedOff.json().code).toBe('TOO_MANY_REQUESTS');
    // …while the owner signs in from a client that has not failed.
    expect((await login(t, user.email.toUpperCase(), randomIp(), DEFAULT_PASSWORD)).statusCode).toBe(200);
    // Other accounts are not affected.
    const other = await createUser(t.database.db);
    expect((await login(t, other.email, randomIp(), DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('counts registration, verification and reset separately from sign-in', async () => {
    const ip = randomIp();
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(t, `x${attempt}@example.it`, ip);
    expect((await login(t, 'x5@example.it', ip)).statusCode).toBe(429);

    const reset = (email: string) => call(t.app, 'POST', '/api/request-reset', { body: { email }, ip });
    expect((await reset('first@example.it')).statusCode).toBe(200);

    const routes = [
      [
        '/api/register',
        { username: 'limited_user', email: 'r@example.it', password: 'Tennis2024', confirmPassword: 'x' },
      ],
      ['/api/verify-email', { email: 'v@example.it', code: '123456' }],
      ['/api/resend-verification', { email: 'v@example.it' }],
      [
        '/api/reset-password',
        { email: 'p@example.it', code: '123456', password: 'Tennis2024', confirmPassword: 'Tennis2024' },
      ],
    ] as const;
    const other = randomIp();
    for (const [url, body] of routes) {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await call(t.app, 'POST', url, {
          body: { ...body, email: `${attempt}-${body.email}` },
          ip: other,
        });
        answers.push(response.statusCode);
      }
      expect(answers.at(-1), url).toBe(429);
    }
  });
});

describe('attempt limits across API processes', () => {
  let first: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await createTestApp({ env: LIMITS });
    // A second API process on the same database.
    second = await buildApp({
      config: first.config,
      database: first.database,
      queue: null,
      mailer: first.mailer,
      logger: false,
      now: () => new Date(),
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts the attempts of one client across two API processes', async () => {
    const ip = randomIp();
    const email = `shared-${randomInt(0, 1e9)}@example.it`;
    const on = (app: FastifyInstance, to: string) =>
      call(app, 'POST', '/api/login', { body: { email: to, password: 'Wrong1234' }, ip });
    expect((await on(first.app, email)).statusCode).toBe(401);
    expect((await on(second, `${email}.a`)).statusCode).toBe(401);
    expect((await on(first.app, `${email}.b`)).statusCode).toBe(401);
    expect((await on(second, `${email}.c`)).statusCode).toBe(401);
    const limited = await on(first.app, `${email}.d`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await on(second, `${email}.e`)).statusCode).toBe(429);
  });
});
