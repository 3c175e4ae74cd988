import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, sessions } from '../../src/db/schema';
import { cleanUpAuth } from '../../src/jobs/auth-cleanup';
import { issueCode } from '../../src/modules/auth/codes';
import { createSession } from '../../src/modules/auth/sessions';
import { createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HOUR = 60 * 60_000;

describe('the hourly auth clean-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('drops expired sessions and code rows past their expiry and resend window, and keeps the rest', async () => {
    const { db } = t.database;
    const now = new Date('2026-11-22T12:00:00Z');
    const user = await createUser(db, { emailVerifiedAt: null });
    const old = await createSession(db, user.id, {}, new Date(now.getTime() - 40 * 24 * HOUR));
    const fresh = await createSession(db, user.id, {}, now);
    await issueCode(db, {
      purpose: 'email_verification',
      email: user.email,
      userId: user.id,
      mode: 'fresh',
      now: new Date(now.getTime() - 2 * HOUR),
    });
    await issueCode(db, {
      purpose: 'password_reset',
      email: 'unknown@example.it',
      userId: null,
      mode: 'resend',
      now: new Date(now.getTime() - 2 * HOUR),
    });
    await issueCode(db, {
      purpose: 'password_reset',
      email: user.email,
      userId: user.id,
      mode: 'resend',
      now: new Date(now.getTime() - 30 * 60_000),
    });

    await cleanUpAuth(db, now);

    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([fresh.sessionId]);
    expect(left.map((s) => s.id)).not.toContain(old.sessionId);
    const codes = await db.select().from(authCodes);
    expect(codes.map((c) => c.purpose)).toEqual(['password_reset']);
    expect(codes[0]?.userId).toBe(user.id);
  });
});
