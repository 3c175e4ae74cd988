import type { Db } from '../db/client';
import { deleteStaleAttempts } from '../modules/auth/attempts.repository';
import { RESEND_WINDOW_MS } from '../modules/auth/codes';
import { deleteStaleCodes } from '../modules/auth/codes.repository';
import { deleteExpiredSessions } from '../modules/auth/sessions';
import type { JobDefinition } from './definition';

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup';
/** Hourly, off the hour (Europe/Rome). */
export const AUTH_CLEANUP_CRON = '17 * * * *';

/** Drops expired sessions and code rows nothing depends on any more (expired, resend window over). */
export async function cleanUpAuth(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteStaleCodes(db, now, RESEND_WINDOW_MS);
  // Attempt counters: every window (at most the hour of the resend budget) and backoff is over.
  await deleteStaleAttempts(db, now, 24 * RESEND_WINDOW_MS);
}

export const authCleanupJob: JobDefinition<{ db: Db; now: () => Date }> = {
  name: AUTH_CLEANUP_QUEUE,
  queue: { policy: 'singleton', retryLimit: 1, expireInSeconds: 300 },
  cron: () => AUTH_CLEANUP_CRON,
  work: {},
  handler: (deps) => async () => {
    await cleanUpAuth(deps.db, deps.now());
  },
};
