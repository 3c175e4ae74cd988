import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { RESEND_WINDOW_MS } from '../modules/auth/codes';
import { deleteStaleCodes } from '../modules/auth/codes.repository';
import { deleteExpiredSessions } from '../modules/auth/sessions';

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup';
/** Hourly, off the hour (Europe/Rome). */
export const AUTH_CLEANUP_CRON = '17 * * * *';

/** Drops expired sessions and code rows nothing depends on any more (expired, resend window over). */
export async function cleanUpAuth(db: Db, now: Date = new Date()): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteStaleCodes(db, now, RESEND_WINDOW_MS);
}

/** Declares the queue and its schedule (idempotent; safe from every process). */
export async function scheduleAuthCleanup(boss: PgBoss): Promise<void> {
  await boss.createQueue(AUTH_CLEANUP_QUEUE, { policy: 'singleton', retryLimit: 1, expireInSeconds: 300 });
  await boss.schedule(AUTH_CLEANUP_QUEUE, AUTH_CLEANUP_CRON, null, { tz: 'Europe/Rome' });
}

export async function workAuthCleanup(boss: PgBoss, db: Db): Promise<void> {
  await boss.work(AUTH_CLEANUP_QUEUE, async () => {
    await cleanUpAuth(db);
  });
}
