import { apiErrorSchema, MAX_CODE_ATTEMPTS, MAX_RESENDS_PER_HOUR } from '@radar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../../src/channels/email/mailer';
import { authCodes, users } from '../../../src/db/schema';
import { createUser } from '../../helpers/factories';
import { call, sessionCookieOf } from '../../helpers/http';
import { latestCode, mailTo, testClock } from '../../helpers/mailbox';
import { createTestApp, UNLIMITED_AUTH_ATTEMPTS, useTestApp } from '../../helpers/test-app';

const MINUTE = 60_000;

let sequence = 0;
const newAccount = (overrides: Record<string, string> = {}) => {
  sequence += 1;
  return {
    username: `Mario_${sequence}`,
    email: `mario.${sequence}@example.it`,
    password: 'Tennis2024',
    confirmPassword: 'Tennis2024',
    ...overrides,
  };
};

describe('registration and email verification', () => {
  const clock = testClock(new Date('2026-11-22T10:00:00Z'));
  const t = useTestApp({ env: UNLIMITED_AUTH_ATTEMPTS, now: clock.now });

  const register = (body: object, language = 'it') =>
    call(t.app, 'POST', '/api/register', { body, language });
  const verify = (email: string, code: string) =>
    call(t.app, 'POST', '/api/verify-email', { body: { email, code } });
  const resend = (email: string, language = 'it') =>
    call(t.app, 'POST', '/api/resend-verification', { body: { email }, language });

  it('creates an unverified user and emails a 6-digit code in Italian', async () => {
    const account = newAccount({ email: '  Mario.Rossi@Example.IT ' });
    const response = await register(account);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'mario.rossi@example.it' });
    expect(sessionCookieOf(response)).toBeNull();

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'mario.rossi@example.it'));
    expect(user).toMatchObject({ username: account.username, language: 'it', emailVerifiedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(account.password);

    const [mail] = await mailTo(t.database.db, 'mario.rossi@example.it');
    expect(mail?.subject).toMatch(/^Il tuo codice di verifica Radar Tornei: \d{6}$/);
    expect(mail?.text).toContain(`Ciao ${account.username},`);
    expect(mail?.text).toContain('Il codice scade tra 15 minuti.');
    expect(mail?.html).toContain(await latestCode(t.database.db, 'mario.rossi@example.it'));
    // Only a hash of the code is stored.
    const [row] = await t.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.userId, user?.id ?? ''));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(await latestCode(t.database.db, 'mario.rossi@example.it'));
  });

  it('writes the email in English when the language says so', async () => {
    const account = newAccount();
    expect((await register({ ...account, language: 'en' })).statusCode).toBe(201);
    const [mail] = await mailTo(t.database.db, account.email);
    expect(mail?.subject).toMatch(/^Your Radar Tornei verification code: \d{6}$/);
    expect(mail?.text).toContain('The code expires in 15 minutes.');

    // Without one, the browser's language is the account's.
    const other = newAccount();
    expect((await register(other, 'en-GB,en;q=0.9')).statusCode).toBe(201);
    const [otherMail] = await mailTo(t.database.db, other.email);
    expect(otherMail?.subject).toMatch(/^Your Radar Tornei verification code/);
  });

  it('answers VALIDATION_ERROR with a message per field, in the request language', async () => {
    const response = await register(
      { username: 'a b', email: 'not-an-email', password: 'password', confirmPassword: 'other' },
      'en',
    );
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.data).toEqual({
      fields: {
        username: ['Use only letters, digits, underscores and hyphens'],
        email: ['Enter a valid email address'],
        password: ['Use at least 8 characters, with an uppercase letter, a lowercase letter and a digit'],
        confirmPassword: ['Passwords do not match'],
      },
    });

    const italian = await register({ username: 'ab', email: '', password: '', confirmPassword: '' });
    expect(italian.json().data).toEqual({
      fields: {
        username: ['Deve contenere almeno 3 caratteri'],
        email: ['Questo campo è obbligatorio'],
        password: ['Questo campo è obbligatorio'],
      },
    });
  });

  it('applies the password rule: 8 characters with upper, lower and digit', async () => {
    for (const password of ['Short1A', 'alllower1', 'ALLUPPER1', 'NoDigitsHere']) {
      const response = await register(newAccount({ password, confirmPassword: password }));
      expect(response.statusCode, password).toBe(400);
      expect(Object.keys(response.json().data.fields), password).toEqual(['password']);
    }
    const accented = await register(newAccount({ password: 'Àncora12', confirmPassword: 'Àncora12' }));
    expect(accented.statusCode).toBe(201);
  });

  it('refuses a taken email or username, whatever their case', async () => {
    const first = newAccount();
    expect((await register(first)).statusCode).toBe(201);

    const sameEmail = await register(newAccount({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      code: 'EMAIL_ALREADY_EXISTS',
      message: 'Email già registrata.',
      status: 409,
    });

    const sameName = await register(newAccount({ username: first.username.toLowerCase() }), 'en');
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'USERNAME_ALREADY_EXISTS',
      message: 'Username already taken.',
    });
  });

  it('verifies with the emailed code, signs the user in and sends a welcome email', async () => {
    const account = newAccount();
    await register(account);
    const code = await latestCode(t.database.db, account.email);

    const response = await verify(account.email, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: account.username,
      email: account.email,
      language: 'it',
    });
    const cookie = sessionCookieOf(response);
    expect(cookie).not.toBeNull();
    const me = await call(t.app, 'GET', '/api/user', { cookie });
    expect(me.json()).toMatchObject({ username: account.username });

    const [welcome] = await mailTo(t.database.db, account.email);
    expect(welcome?.subject).toBe('Benvenuto su Radar Tornei!');
    expect(welcome?.text).toContain('http://localhost:3000/home');

    // Once verified, the address answers like an unknown one (issue 16: no enumeration).
    const again = await verify(account.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_VERIFICATION_CODE');
    clock.advance(RESEND_WAIT);
    expect((await resend(account.email)).json().code).toBe('VERIFICATION_CODE_RESENT');
    expect(await mailTo(t.database.db, account.email)).toHaveLength(2);
  });

  it('counts wrong codes: 5 tries per code, then the code is dead until a new one is sent', async () => {
    const account = newAccount();
    await register(account);
    const code = await latestCode(t.database.db, account.email);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt += 1) {
      const response = await verify(account.email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
        message: 'Codice di verifica non valido.',
        data: { attemptsLeft: MAX_CODE_ATTEMPTS - attempt },
      });
    }
    const exhausted = await verify(account.email, code);
    expect(exhausted.json().code).toBe('VERIFICATION_CODE_EXPIRED');

    clock.advance(RESEND_WAIT);
    expect((await resend(account.email)).statusCode).toBe(200);
    const fresh = await latestCode(t.database.db, account.email);
    expect((await verify(account.email, fresh)).statusCode).toBe(200);
  });

  it('expires a code after 15 minutes', async () => {
    const account = newAccount();
    await register(account);
    const code = await latestCode(t.database.db, account.email);
    clock.advance(15 * MINUTE + 1000);
    const response = await verify(account.email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
      message: 'Il codice di verifica è scaduto.',
    });
  });

  it('resends not within 60 seconds, at most 5 times an hour; a resend replaces the code', async () => {
    const account = newAccount();
    await register(account);
    const first = await latestCode(t.database.db, account.email);

    const tooSoon = await resend(account.email, 'en');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      code: 'RESEND_TOO_SOON',
      message: 'Please wait before requesting another code.',
      status: 429,
      data: { secondsLeft: 60 },
    });
    clock.advance(45_000);
    expect((await resend(account.email)).json().data).toEqual({ secondsLeft: 15 });

    for (let count = 1; count <= MAX_RESENDS_PER_HOUR; count += 1) {
      clock.advance(RESEND_WAIT);
      const response = await resend(account.email);
      expect(response.statusCode, `resend ${count}`).toBe(200);
      expect(response.json()).toEqual({
        code: 'VERIFICATION_CODE_RESENT',
        message: 'Ti abbiamo inviato un nuovo codice di verifica.',
      });
    }
    clock.advance(RESEND_WAIT);
    const tooMany = await resend(account.email);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().code).toBe('MAX_RESEND_ATTEMPTS_EXCEEDED');

    // The first code was replaced by the resends.
    const latest = await latestCode(t.database.db, account.email);
    if (latest !== first)
      expect((await verify(account.email, first)).json().code).toBe('INVALID_VERIFICATION_CODE');

    // An hour after the first send, resends are allowed again.
    clock.advance(60 * MINUTE);
    expect((await resend(account.email)).statusCode).toBe(200);
    expect((await verify(account.email, await latestCode(t.database.db, account.email))).statusCode).toBe(
      200,
    );
  });

  it('answers a code for an unknown address as a wrong code', async () => {
    const response = await verify('nobody@example.it', '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_VERIFICATION_CODE');
    expect((await resend('nobody@example.it')).json().code).toBe('VERIFICATION_CODE_RESENT');
    expect(await mailTo(t.database.db, 'nobody@example.it')).toEqual([]);
  });

  it('checks the code format', async () => {
    const response = await call(t.app, 'POST', '/api/verify-email', {
      body: { email: 'a@b.it', code: '12ab56' },
      language: 'en',
    });
    expect(response.json().data).toEqual({ fields: { code: ['Invalid format'] } });
  });

  it('undoes the registration when the code cannot be emailed', async () => {
    const failing: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('SMTP down');
      },
      close: async () => {},
    };
    const broken = await createTestApp({ env: UNLIMITED_AUTH_ATTEMPTS, mailer: failing });
    try {
      const account = newAccount();
      const response = await call(broken.app, 'POST', '/api/register', { body: account });
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('FAILED_TO_SEND_EMAIL');
      expect(await broken.database.db.select().from(users).where(eq(users.email, account.email))).toEqual([]);

      // Resend and reset emails go out after the answer (issue 16: their sending time must not
      // tell whether the address has an account), so a failure is logged, not answered.
      const user = await createUser(broken.database.db, { emailVerifiedAt: null });
      const resent = await call(broken.app, 'POST', '/api/resend-verification', {
        body: { email: user.email },
      });
      expect(resent.json().code).toBe('VERIFICATION_CODE_RESENT');
      const reset = await call(broken.app, 'POST', '/api/request-reset', { body: { email: user.email } });
      expect(reset.json().code).toBe('PASSWORD_RESET_CODE_SENT');
    } finally {
      await broken.close();
    }
  });
});

/** Past the resend cooldown. */
const RESEND_WAIT = 61_000;
