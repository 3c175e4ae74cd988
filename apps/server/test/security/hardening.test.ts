import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { serializeError } from '../../src/logger';
import {
  devMailboxExposureWarning,
  isLoopbackAddress,
} from '../../src/modules/dev-mailbox/dev-mailbox.routes';
import { createUser, DEFAULT_PASSWORD, signIn } from '../helpers/factories';
import { call } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NO_LIMITS = {
  AUTH_RATE_LIMIT_IP_MAX: '100000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
  AUTH_BACKOFF_AFTER_FAILURES: '100000',
};
const SMTP = { SMTP_URL: 'smtp://127.0.0.1:1' };

describe('the dev mailbox (issue 16, point 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: NO_LIMITS });
    // A reset code lands in the dev mailbox.
    const user = await createUser(t.database.db);
    expect(
      (await call(t.app, 'POST', '/api/request-reset', { body: { email: user.email } })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('answers loopback clients', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ url: '/dev/mailbox/messages', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
    await expect
      .poll(async () => {
        const response = await t.app.inject({ url: '/dev/mailbox/messages', remoteAddress: '127.0.0.1' });
        return response.json().messages.length;
      })
      .toBeGreaterThan(0);
  });

  it('does not exist for anyone else, whatever page they ask for', async () => {
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox/messages',
      '/dev/mailbox/00000000-0000-4000-8000-000000000000',
    ]) {
      for (const remoteAddress of ['192.168.1.20', '10.0.0.7', '2001:db8::1', '::ffff:192.168.1.20']) {
        const response = await t.app.inject({ url, remoteAddress });
        expect(response.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', status: 404 });
        expect(response.body).not.toMatch(/\d{6}/);
      }
    }
  });

  it('behind a trusted proxy, answers only when the client the proxy speaks for is loopback too', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const remote = await proxied.app.inject({
        url: '/dev/mailbox/messages',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(remote.statusCode).toBe(404);
      const local = await proxied.app.inject({
        url: '/dev/mailbox/messages',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('is announced with a warning when the server listens beyond loopback', () => {
    expect(devMailboxExposureWarning('0.0.0.0')).toMatch(/dev mailbox.*HOST=0\.0\.0\.0/);
    expect(devMailboxExposureWarning('::')).toMatch(/dev mailbox/);
    expect(devMailboxExposureWarning('192.168.1.5')).toMatch(/dev mailbox/);
    expect(devMailboxExposureWarning('127.0.0.1')).toBeNull();
    expect(devMailboxExposureWarning('localhost')).toBeNull();
    expect(devMailboxExposureWarning('::1')).toBeNull();
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  it('cannot be the mailer in production: production refuses to start without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', ...SMTP }).smtpUrl).toBe(SMTP.SMTP_URL);
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });
});

describe('cookies and HSTS follow the public URL (point 7)', () => {
  const signInOn = async (env: Record<string, string>) => {
    const t = await createTestApp({ env: { ...NO_LIMITS, ...env } });
    try {
      const user = await createUser(t.database.db);
      const response = await call(t.app, 'POST', '/api/login', {
        body: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      return {
        cookie: response.cookies.find((c) => c.name === 'rt_session'),
        hsts: response.headers['strict-transport-security'],
      };
    } finally {
      await t.close();
    }
  };

  it('an https site gets Secure cookies and HSTS outside production too', async () => {
    const { cookie, hsts } = await signInOn({ NODE_ENV: 'development', PUBLIC_URL: 'https://radar.example' });
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(hsts).toMatch(/max-age=31536000/);
  });

  it('an http site (local development) gets neither', async () => {
    const { cookie, hsts } = await signInOn({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(cookie?.secure).toBeFalsy();
    expect(hsts).toBeUndefined();
  });
});

describe('text the database cannot hold (point 9)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: NO_LIMITS });
    cookie = await signIn(t.database.db, await createUser(t.database.db, { language: 'en' }));
  });
  afterAll(() => t.close());

  const cases: [string, 'POST' | 'PUT', string, object][] = [
    ['login email', 'POST', '/api/login', { email: 'a\u0000@example.it', password: 'x' }],
    ['login email (lone surrogate)', 'POST', '/api/login', { email: '\uD800a@example.it', password: 'x' }],
    ['reset email', 'POST', '/api/request-reset', { email: 'a\u0000b@example.it' }],
    ['search text', 'POST', '/api/competitions/search_competitions', { search: 'tennis\u0000' }],
    ['filter name', 'POST', '/api/filters', { name: 'Mio\u0000', regionId: 3 }],
    [
      'device info',
      'POST',
      '/api/notifications/device-token',
      { token: 'fcm-token-123', deviceInfo: { browser: 'Chrome\uDC00' } },
    ],
    [
      'a key of device info',
      'POST',
      '/api/notifications/device-token',
      { token: 't', deviceInfo: { 'a\u0000': 1 } },
    ],
  ];

  for (const [name, method, url, body] of cases) {
    it(`refuses a NUL or a lone surrogate in the ${name} with VALIDATION_ERROR`, async () => {
      const response = await call(t.app, method, url, { body, cookie, language: 'en' });
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json();
      expect(answer).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
      expect(JSON.stringify(answer.data.fields)).toContain('Contains characters that are not allowed');
    });
  }

  it('refuses them in the query and the path too, in Italian by default', async () => {
    const italianCookie = await signIn(t.database.db, await createUser(t.database.db));
    const query = await t.app.inject({
      url: `/api/notifications?cursor=${encodeURIComponent('x\u0000')}`,
      headers: { cookie: italianCookie },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { fields: { cursor: ['Contiene caratteri non ammessi'] } },
    });
    const path = await t.app.inject({ url: '/api/competitions/%00', headers: { cookie } });
    expect(path.statusCode).toBe(400);
    expect(path.json().code).toBe('VALIDATION_ERROR');
  });

  it('never logs the parameters of a failed query', () => {
    const lines: string[] = [];
    const logger = pino(
      { serializers: { err: serializeError } },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const cause = Object.assign(new Error('invalid byte sequence'), {
      code: '22021',
      params: ['secret-push-token'],
    });
    const error = new DrizzleQueryError(
      'insert into "device_tokens" ("token") values ($1)',
      ['secret-push-token'],
      cause,
    );
    logger.error({ err: error }, 'request failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('secret-push-token');
    const logged = JSON.parse(lines[0] ?? '{}');
    // The statement stays (it says what failed); its parameters do not.
    expect(logged.err.message).toBe('Failed query: insert into "device_tokens" ("token") values ($1)');
    expect(logged.err).not.toHaveProperty('params');
    expect(logged.err.stack).toContain('invalid byte sequence');
  });
});

describe('every answer in the one error shape (point 10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...NO_LIMITS,
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_ISSUER: 'http://127.0.0.1:9/issuer',
      },
    });
  });
  afterAll(() => t.close());

  it('answers an over-long path parameter with the error shape', async () => {
    const response = await t.app.inject({
      url: `/api/competitions/${'a'.repeat(5000)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String), status: 414 });
  });

  it('forwards only the fields of an OpenID answer from the form_post callback', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=xyz&next=https%3A%2F%2Fevil.test&%0d%0aSet-Cookie=1',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe('/api/auth/google/callback');
    expect([...location.searchParams.keys()].sort()).toEqual(['code', 'state']);
  });

  it('answers a malformed form_post in the error shape, and 404 for a provider that is off', async () => {
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `state=${'x'.repeat(600)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc',
    });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('personal answers are not cached (point 11)', () => {
  it('marks API answers private, no-store, and leaves reference data cacheable', async () => {
    const t = await createTestApp();
    try {
      const cookie = await signIn(t.database.db, await createUser(t.database.db));
      for (const url of ['/api/user', '/api/profile', '/api/notifications', '/api/filters']) {
        const response = await t.app.inject({ url, headers: { cookie } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('private, no-store');
      }
      const anonymous = await t.app.inject({ url: '/api/user' });
      expect(anonymous.headers['cache-control']).toBe('private, no-store');
      const geo = await t.app.inject({ url: '/api/reference/geo' });
      expect(geo.headers['cache-control']).toBe('public, max-age=86400');
    } finally {
      await t.close();
    }
  });
});
