import { randomInt } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from './helpers/factories';
import { call } from './helpers/http';
import { createTestApp, type TestApp } from './helpers/test-app';

const LIMITS = {
  AUTH_RATE_LIMIT_IP_MAX: '4',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '3',
  AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
};

/** A fresh client address, so counters kept in a shared Redis never carry over between runs. */
const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const login = (t: TestApp, email: string, ip: string, password = 'Wrong1234') =>
  call(t.app, 'POST', '/api/login', { body: { email, password }, ip, language: 'en' });

describe('attempt limits (in memory)', () => {
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

  it('limits attempts per account from many IPs, even with the right password', async () => {
    const user = await createUser(t.database.db);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login(t, user.email, randomIp())).statusCode).toBe(401);
    }
    const limited = await login(t, user.email.toUpperCase(), randomIp(), DEFAULT_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    // The username names the same account only by its own key, so other accounts still sign in.
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

async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(Number(port || 6379), hostname);
  });
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasRedis = await redisReachable(REDIS_URL);
if (!hasRedis) console.warn(`No Redis at ${REDIS_URL}: the shared rate-limit test is skipped.`);

describe.skipIf(!hasRedis)('attempt limits shared through Redis (REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ env: { ...LIMITS, REDIS_URL } });
    second = await createTestApp({ env: { ...LIMITS, REDIS_URL } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts the attempts of one client across two API processes', async () => {
    const ip = randomIp();
    const email = `shared-${randomInt(0, 1e9)}@example.it`;
    expect((await login(first, email, ip)).statusCode).toBe(401);
    expect((await login(second, `${email}.a`, ip)).statusCode).toBe(401);
    expect((await login(first, `${email}.b`, ip)).statusCode).toBe(401);
    expect((await login(second, `${email}.c`, ip)).statusCode).toBe(401);
    const limited = await login(first, `${email}.d`, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await login(second, `${email}.e`, ip)).statusCode).toBe(429);
  });
});
