import { MAX_CODE_ATTEMPTS, MAX_RESENDS_PER_HOUR } from '@radar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, signIn } from '../../helpers/factories';
import { call, sessionCookieOf } from '../../helpers/http';
import { latestCode, mailTo, testClock } from '../../helpers/mailbox';
import { UNLIMITED_AUTH_ATTEMPTS, useTestApp } from '../../helpers/test-app';

const RESEND_WAIT = 61_000;
const NEW_PASSWORD = 'NuovaPassword9';

describe('password reset', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useTestApp({ env: UNLIMITED_AUTH_ATTEMPTS, now: clock.now });

  const requestReset = (email: string, language = 'it') =>
    call(t.app, 'POST', '/api/request-reset', { body: { email }, language });
  const reset = (email: string, code: string, password = NEW_PASSWORD, confirmPassword = password) =>
    call(t.app, 'POST', '/api/reset-password', { body: { email, code, password, confirmPassword } });
  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/login', { body: { email, password } });

  it('emails a code, sets the new password with it and ends every session', async () => {
    const user = await createUser(t.database.db, { language: 'en' });
    const otherDevice = await signIn(t.database.db, user);

    const sent = await requestReset(user.email.toUpperCase(), 'en');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      code: 'PASSWORD_RESET_CODE_SENT',
      message: 'We sent you a code to reset your password.',
    });
    const [mail] = await mailTo(t.database.db, user.email);
    expect(mail?.subject).toMatch(/^Your code to reset your password: \d{6}$/);
    const code = await latestCode(t.database.db, user.email);

    const done = await reset(user.email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      code: 'PASSWORD_RESET_SUCCESS',
      message: 'Password reimpostata. Ora puoi accedere.',
    });
    expect(sessionCookieOf(done)).toBeNull();

    expect((await call(t.app, 'GET', '/api/user', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    // The code worked once.
    expect((await reset(user.email, code)).json().code).toBe('NO_ACTIVE_RESET_CODE');
  });

  it('applies the password rules to the new password', async () => {
    const user = await createUser(t.database.db);
    await requestReset(user.email);
    const code = await latestCode(t.database.db, user.email);
    const weak = await reset(user.email, code, 'password');
    expect(weak.json().data).toEqual({
      fields: { password: ['Usa almeno 8 caratteri, con una lettera maiuscola, una minuscola e un numero'] },
    });
    const mismatch = await reset(user.email, code, NEW_PASSWORD, 'Different1');
    expect(mismatch.json().data).toEqual({ fields: { confirmPassword: ['Le password non coincidono'] } });
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });

  it('answers NO_ACTIVE_RESET_CODE without a request, INVALID_OR_EXPIRED_CODE for a wrong or old code', async () => {
    const user = await createUser(t.database.db);
    expect((await reset(user.email, '123456')).json()).toMatchObject({
      code: 'NO_ACTIVE_RESET_CODE',
      status: 400,
    });

    await requestReset(user.email);
    const code = await latestCode(t.database.db, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt += 1) {
      expect((await reset(user.email, wrong)).json()).toMatchObject({
        code: 'INVALID_OR_EXPIRED_CODE',
        data: { attemptsLeft: MAX_CODE_ATTEMPTS - attempt },
      });
    }
    expect((await reset(user.email, code)).json().code).toBe('NO_ACTIVE_RESET_CODE');

    clock.advance(RESEND_WAIT);
    await requestReset(user.email);
    const fresh = await latestCode(t.database.db, user.email);
    clock.advance(15 * 60_000 + 1000);
    expect((await reset(user.email, fresh)).json()).toMatchObject({ code: 'INVALID_OR_EXPIRED_CODE' });
  });

  it('limits resends: not within 60 s, at most 5 an hour; a resend while a code is active says RESENT', async () => {
    const user = await createUser(t.database.db);
    expect((await requestReset(user.email)).json().code).toBe('PASSWORD_RESET_CODE_SENT');
    const tooSoon = await requestReset(user.email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RESEND_TOO_SOON', data: { secondsLeft: 60 } });

    for (let count = 1; count <= MAX_RESENDS_PER_HOUR; count += 1) {
      clock.advance(RESEND_WAIT);
      const again = await requestReset(user.email);
      expect(again.json()).toEqual({
        code: 'PASSWORD_RESET_CODE_RESENT',
        message: 'Ti abbiamo inviato un nuovo codice.',
      });
    }
    clock.advance(RESEND_WAIT);
    expect((await requestReset(user.email)).json().code).toBe('MAX_RESEND_ATTEMPTS_EXCEEDED');
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1 + MAX_RESENDS_PER_HOUR);

    // Only the newest code works.
    expect((await reset(user.email, await latestCode(t.database.db, user.email))).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a real one, and emails nothing', async () => {
    const user = await createUser(t.database.db);
    const unknown = 'nessuno@example.it';
    const sequence = async (email: string) => {
      const answers: unknown[] = [];
      answers.push((await requestReset(email)).json());
      answers.push((await requestReset(email)).json());
      clock.advance(RESEND_WAIT);
      answers.push((await requestReset(email)).json());
      answers.push((await reset(email, '999999')).json());
      return answers;
    };
    const real = await sequence(user.email);
    const fake = await sequence(unknown);
    const withoutCodes = (answers: unknown[]) =>
      answers.map((answer) => {
        const { data, ...rest } = answer as { data?: { attemptsLeft?: number } };
        return data && 'attemptsLeft' in data ? rest : answer;
      });
    expect(withoutCodes(fake)).toEqual(withoutCodes(real));
    expect(fake[0]).toMatchObject({ code: 'PASSWORD_RESET_CODE_SENT' });
    expect(fake[1]).toMatchObject({ code: 'RESEND_TOO_SOON' });
    expect(fake[2]).toMatchObject({ code: 'PASSWORD_RESET_CODE_RESENT' });
    expect(await mailTo(t.database.db, unknown)).toEqual([]);
  });

  it('verifies an unverified address: the code proves it', async () => {
    const user = await createUser(t.database.db, { emailVerifiedAt: null });
    await requestReset(user.email);
    expect((await reset(user.email, await latestCode(t.database.db, user.email))).statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.emailVerifiedAt).not.toBeNull();
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
