import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../src/db/schema';
import { SESSION_COOKIE } from '../../../src/modules/auth/sessions';
import { createUser, DEFAULT_PASSWORD } from '../../helpers/factories';
import { call, sessionCookieOf } from '../../helpers/http';
import { testClock } from '../../helpers/mailbox';
import { createTestApp, UNLIMITED_AUTH_ATTEMPTS, useTestApp } from '../../helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe('sign-in, sessions and sign-out', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useTestApp({ env: UNLIMITED_AUTH_ATTEMPTS, now: clock.now });

  const login = (email: string, password: string, language = 'it') =>
    call(t.app, 'POST', '/api/login', { body: { email, password }, language });

  it('signs in with the email and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const user = await createUser(t.database.db, { language: 'en', fitpCardNumber: '123456' });
    const response = await login(user.email.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      language: 'en',
      emailNotifications: true,
      pushNotifications: false,
      fitpCardNumber: '123456',
      hasPassword: true,
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(response.body).not.toContain('passwordHash');
  });

  it('also takes the username in the email field', async () => {
    const user = await createUser(t.database.db);
    const response = await login(user.username.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(user.username);
  });

  it('answers INVALID_CREDENTIALS alike for a wrong password and an unknown account', async () => {
    const user = await createUser(t.database.db);
    const wrongPassword = await login(user.email, 'Wrong1234');
    const unknownEmail = await login('nobody@example.it', DEFAULT_PASSWORD);
    const unknownName = await login('nobody', DEFAULT_PASSWORD);
    for (const response of [wrongPassword, unknownEmail, unknownName]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Credenziali non valide.',
        status: 401,
      });
      expect(sessionCookieOf(response)).toBeNull();
    }
    // A social-only account (no password) is no different.
    const social = await createUser(t.database.db, { password: null });
    expect((await login(social.email, DEFAULT_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('tells an unverified user to verify, only with the right password', async () => {
    const user = await createUser(t.database.db, { emailVerifiedAt: null });
    expect((await login(user.email, 'Wrong1234')).json().code).toBe('INVALID_CREDENTIALS');
    const response = await login(user.username, DEFAULT_PASSWORD, 'en');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Verify your email before logging in: check your inbox or request a new code.',
      status: 403,
      data: { email: user.email },
    });
    expect(sessionCookieOf(response)).toBeNull();
  });

  it('answers GET /api/user with the user, or 401 without a session', async () => {
    const anonymous = await call(t.app, 'GET', '/api/user', { language: 'en' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const user = await createUser(t.database.db);
    const cookie = sessionCookieOf(await login(user.email, DEFAULT_PASSWORD));
    const me = await call(t.app, 'GET', '/api/user', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: user.username, email: user.email, language: 'it' });
  });

  it('answers GET /api/session with 200 for a visitor, an expired session and a signed-in user', async () => {
    const anonymous = await call(t.app, 'GET', '/api/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });

    const user = await createUser(t.database.db);
    const cookie = sessionCookieOf(await login(user.email, DEFAULT_PASSWORD));
    const me = await call(t.app, 'GET', '/api/session', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ username: user.username, email: user.email });
    expect(me.json().user).not.toHaveProperty('passwordHash');

    // A session over: still a 200 saying nobody, and the stale cookie is cleared.
    clock.advance(31 * DAY);
    const expired = await call(t.app, 'GET', '/api/session', { cookie });
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toEqual({ user: null });
    expect(String(expired.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    // The other calls keep their 401.
    expect((await call(t.app, 'GET', '/api/user', { cookie })).statusCode).toBe(401);
  });

  it('ends the session on logout; a second sign-in replaces the first session of the browser', async () => {
    const user = await createUser(t.database.db);
    const first = sessionCookieOf(await login(user.email, DEFAULT_PASSWORD));
    const second = await call(t.app, 'POST', '/api/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
      cookie: first,
    });
    const cookie = sessionCookieOf(second);
    expect((await call(t.app, 'GET', '/api/user', { cookie: first })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const logout = await call(t.app, 'POST', '/api/logout', { cookie });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await call(t.app, 'GET', '/api/user', { cookie })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // Signing out without a session is fine too.
    expect((await call(t.app, 'POST', '/api/logout')).statusCode).toBe(204);
  });

  it('expires a session after 30 days without use, and keeps one in use alive', async () => {
    const user = await createUser(t.database.db);
    const idle = sessionCookieOf(await login(user.email, DEFAULT_PASSWORD));
    const busy = sessionCookieOf(await login(user.email, DEFAULT_PASSWORD));

    clock.advance(20 * DAY);
    expect((await call(t.app, 'GET', '/api/user', { cookie: busy })).statusCode).toBe(200);
    clock.advance(11 * DAY);
    const expired = await call(t.app, 'GET', '/api/user', { cookie: idle, language: 'en' });
    expect(expired.statusCode).toBe(401);
    expect(String(expired.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await call(t.app, 'GET', '/api/user', { cookie: busy })).statusCode).toBe(200);
    clock.advance(31 * DAY);
    expect((await call(t.app, 'GET', '/api/user', { cookie: busy })).statusCode).toBe(401);
  });

  it('validates the sign-in body', async () => {
    const response = await call(t.app, 'POST', '/api/login', {
      body: { email: '', password: '' },
      language: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toEqual({
      fields: { email: ['This field is required'], password: ['This field is required'] },
    });
  });
});

describe('the session cookie in production', () => {
  it('is Secure', async () => {
    const t = await createTestApp({
      env: {
        ...UNLIMITED_AUTH_ATTEMPTS,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://radartornei.it',
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
    });
    try {
      const user = await createUser(t.database.db);
      const response = await call(t.app, 'POST', '/api/login', {
        body: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await t.close();
    }
  });
});
