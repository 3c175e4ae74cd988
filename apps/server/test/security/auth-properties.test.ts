/**
 * The properties of issue 16, points 6 and 8: attempt limits that cannot be turned against the
 * account's owner nor reset by junk, and answers that do not tell whether an address has an
 * account. The app's clock is driven, so backoffs and cooldowns pass without waiting.
 */
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Mailer } from '../../src/channels/email/mailer';
import { createDevMailbox } from '../../src/channels/email/mailer';
import { authAttempts } from '../../src/db/schema';
import { attemptKey } from '../../src/modules/auth/attempts.repository';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { call } from '../helpers/http';
import { silentLogger } from '../helpers/logger';
import { latestCode, mailTo, testClock } from '../helpers/mailbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The defaults of the configuration, but a short window. */
const LIMITS = {
  AUTH_RATE_LIMIT_IP_MAX: '30',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '10',
  AUTH_BACKOFF_AFTER_FAILURES: '5',
  AUTH_RATE_LIMIT_WINDOW_SECONDS: '900',
};

let ipSequence = 0;
/** A client address never used before in this run. */
const freshIp = () => {
  ipSequence += 1;
  return `10.${(ipSequence >> 8) & 255}.${ipSequence & 255}.${randomInt(1, 255)}`;
};

describe('attempt limits (point 6)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-23T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS, now: clock.now });
  });
  afterAll(() => t.close());

  const login = (identifier: string, ip: string, password = 'Wrong1234') =>
    call(t.app, 'POST', '/api/login', { body: { email: identifier, password }, ip });

  it('never locks the right password out from a client that has not failed, however many others did', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        async (failures, attackers, byUsername) => {
          const user = await createUser(t.database.db);
          const ips = Array.from({ length: attackers }, freshIp);
          for (let attempt = 0; attempt < failures; attempt += 1) {
            const response = await login(
              attempt % 2 ? user.username : user.email,
              ips[attempt % attackers] ?? '',
            );
            expect([401, 429]).toContain(response.statusCode);
          }
          const owner = await login(byUsername ? user.username : user.email, freshIp(), DEFAULT_PASSWORD);
          expect(owner.statusCode).toBe(200);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('gives the email and the username of an account one budget', async () => {
    const user = await createUser(t.database.db);
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(attempt % 2 ? user.username : user.email, ip)).statusCode).toBe(401);
    }
    // Five failures in a row from this client, whichever name they used: it backs off.
    const next = await login(user.username.toUpperCase(), ip, DEFAULT_PASSWORD);
    expect(next.statusCode).toBe(429);
    expect(next.json().data.retryAfterSeconds).toBe(2);
    // The backoff doubles with every further failure, and ends.
    clock.advance(2_000);
    expect((await login(user.email, ip)).statusCode).toBe(401);
    expect((await login(user.email, ip, DEFAULT_PASSWORD)).json().data.retryAfterSeconds).toBe(4);
    clock.advance(4_000);
    expect((await login(user.email, ip, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps a victim’s backoff through any number of junk counters (nothing is evicted)', async () => {
    const user = await createUser(t.database.db);
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) await login(user.email, ip);
    expect((await login(user.email, ip)).statusCode).toBe(429);
    // What 5,200 junk requests leave behind: as many counters of other names and clients (an
    // in-memory store of 5,000 entries evicted the victim's here).
    const at = clock.now();
    const junk = Array.from({ length: 5_200 }, (_, index) => ({
      key: attemptKey('login', 'pair', `name:junk-${index}@example.it`, `10.9.${index >> 8}.${index & 255}`),
      count: 1,
      windowStartedAt: at,
      failures: 1,
      updatedAt: at,
    }));
    for (let index = 0; index < junk.length; index += 1_000) {
      await t.database.db.insert(authAttempts).values(junk.slice(index, index + 1_000));
    }
    expect((await login(user.email, ip, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it('lets nobody burn the owner’s reset codes for long, nor use up their resets', async () => {
    const user = await createUser(t.database.db);
    const attacker = freshIp();
    const owner = freshIp();
    const reset = (ip: string) =>
      call(t.app, 'POST', '/api/request-reset', { body: { email: user.email }, ip });
    const resetWith = (ip: string, code: string) =>
      call(t.app, 'POST', '/api/reset-password', {
        body: { email: user.email, code, password: 'Nuova2026x', confirmPassword: 'Nuova2026x' },
        ip,
      });

    // The attacker asks for resets of the owner's address until its own budget is spent…
    const answers: string[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      answers.push((await reset(attacker)).json().code);
      clock.advance(61_000);
    }
    expect(answers.at(-1)).toBe('MAX_RESEND_ATTEMPTS_EXCEEDED');
    // …and burns the code with wrong guesses.
    for (let attempt = 0; attempt < 5; attempt += 1) await resetWith(attacker, '000000');
    expect((await resetWith(attacker, '000000')).statusCode).toBe(429);

    // The owner is not kept waiting: a new code at once, and it works.
    const mine = await reset(owner);
    expect(mine.statusCode).toBe(200);
    const code = await latestCode(t.database.db, user.email);
    const done = await resetWith(owner, code);
    expect(done.json().code).toBe('PASSWORD_RESET_SUCCESS');
  });
});

describe('no account enumeration (point 8)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-23T10:00:00Z'));
  const UNLIMITED = {
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
    AUTH_BACKOFF_AFTER_FAILURES: '100000',
  };
  beforeAll(async () => {
    t = await createTestApp({ env: UNLIMITED, now: clock.now });
  });
  afterAll(() => t.close());

  /** A status and body with nothing that names the address. */
  const shape = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    body: response.json(),
  });

  it('answers verify-email and resend-verification alike for unknown, unverified and verified addresses', async () => {
    const verified = await createUser(t.database.db);
    const unverified = await createUser(t.database.db, { emailVerifiedAt: null });
    const unknown = `nobody-${randomInt(0, 1e9)}@example.it`;
    const addresses = [unknown, unverified.email, verified.email];

    for (const round of [1, 2]) {
      const verifyAnswers = [];
      for (const email of addresses) {
        verifyAnswers.push(
          shape(await call(t.app, 'POST', '/api/verify-email', { body: { email, code: '123456' } })),
        );
      }
      expect(verifyAnswers[1], `round ${round}`).toEqual(verifyAnswers[0]);
      expect(verifyAnswers[2], `round ${round}`).toEqual(verifyAnswers[0]);
      expect(verifyAnswers[0]).toMatchObject({ status: 400, body: { code: 'INVALID_VERIFICATION_CODE' } });

      const resendAnswers = [];
      for (const email of addresses) {
        resendAnswers.push(shape(await call(t.app, 'POST', '/api/resend-verification', { body: { email } })));
      }
      expect(resendAnswers[1], `round ${round}`).toEqual(resendAnswers[0]);
      expect(resendAnswers[2], `round ${round}`).toEqual(resendAnswers[0]);
      clock.advance(61_000);
    }
    // Only the unverified address got codes.
    expect(await mailTo(t.database.db, unknown)).toHaveLength(0);
    expect(await mailTo(t.database.db, verified.email)).toHaveLength(0);
    expect(await mailTo(t.database.db, unverified.email)).toHaveLength(2);
  });

  it('answers request-reset before sending, so its time does not tell either', async () => {
    // A mailer that does not finish until released: the answer must not wait for it.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const dev = createDevMailbox(t.database.db, 'Radar <a@b.it>', silentLogger);
    const slow: Mailer = {
      kind: 'smtp',
      send: async (message) => {
        await released;
        return dev.send(message);
      },
      close: async () => {},
    };
    // The app itself (the test helper's calls wait for background work).
    const app = await buildApp({
      config: t.config,
      database: t.database,
      queue: null,
      mailer: slow,
      logger: false,
      now: clock.now,
    });
    try {
      const user = await createUser(t.database.db);
      const ask = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/request-reset',
          payload: { email },
          remoteAddress: freshIp(),
        });
      const known = await ask(user.email);
      const unknown = await ask(`nobody-${randomInt(0, 1e9)}@example.it`);
      expect(shape(known)).toEqual(shape(unknown));
      expect(shape(known)).toMatchObject({ status: 200, body: { code: 'PASSWORD_RESET_CODE_SENT' } });
      // Answered while the email was still on its way.
      expect(await mailTo(t.database.db, user.email)).toHaveLength(0);
      release();
      await app.background.idle();
      expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
    } finally {
      release();
      await app.close();
    }
  });
});

describe('cookie flags (point 7)', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax, and Secure exactly when PUBLIC_URL is https', async () => {
    for (const [publicUrl, secure] of [
      ['https://radartornei.it', true],
      ['http://localhost:3000', false],
    ] as const) {
      const t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
      try {
        const user = await createUser(t.database.db);
        const response = await call(t.app, 'POST', '/api/login', {
          body: { email: user.email, password: DEFAULT_PASSWORD },
        });
        const cookie = response.cookies.find((c) => c.name === 'rt_session');
        expect(cookie, publicUrl).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
        expect(Boolean(cookie?.secure), publicUrl).toBe(secure);
      } finally {
        await t.close();
      }
    }
  });
});
