import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AuthAttempt, authAttempts } from '../../db/schema';

/** The stored key of a counter: its name hashed, so no address or IP is kept in clear. */
export const attemptKey = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u001f')).digest('hex');

export async function readAttempt(db: Executor, key: string): Promise<AuthAttempt | undefined> {
  const [row] = await db.select().from(authAttempts).where(eq(authAttempts.key, key));
  return row;
}

/** Counts one attempt in a fixed window (a new window starts when the last one is over). */
export async function countAttempt(
  db: Executor,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStartedAt: Date }> {
  const windowOver = sql`${authAttempts.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(authAttempts)
    .values({ key, count: 1, windowStartedAt: now, failures: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${authAttempts.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${now} else ${authAttempts.windowStartedAt} end`,
        updatedAt: now,
      },
    })
    .returning({ count: authAttempts.count, windowStartedAt: authAttempts.windowStartedAt });
  if (!row) throw new Error('attempt counter not written');
  return row;
}

/**
 * Counts one failure: `failures` grows by one (restarting when the last failure is older than
 * the window). Returns the new count; `blockUntil(failures)` may set the backoff.
 */
export async function countFailure(
  db: Executor,
  key: string,
  now: Date,
  windowMs: number,
  blockUntil: (failures: number) => Date | null,
): Promise<number> {
  const stale = sql`${authAttempts.updatedAt} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(authAttempts)
    .values({ key, count: 0, windowStartedAt: now, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${authAttempts.failures} + 1 end`,
        updatedAt: now,
      },
    })
    .returning({ failures: authAttempts.failures });
  const failures = row?.failures ?? 1;
  const until = blockUntil(failures);
  if (until) await db.update(authAttempts).set({ blockedUntil: until }).where(eq(authAttempts.key, key));
  return failures;
}

export async function clearAttempt(db: Executor, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

/** Counters untouched for longer than `maxAgeMs` (every window and backoff over). */
export async function deleteStaleAttempts(db: Executor, now: Date, maxAgeMs: number): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.updatedAt, new Date(now.getTime() - maxAgeMs)));
}

/**
 * The counters on `db` as the attempt limits take them (`AttemptStore` in http/rate-limit.ts,
 * given by app.ts: the HTTP layer imports no module).
 */
export function attemptStore(db: Executor) {
  return {
    key: attemptKey,
    count: (key: string, now: Date, windowMs: number) => countAttempt(db, key, now, windowMs),
    read: (key: string) => readAttempt(db, key),
    countFailure: (key: string, now: Date, windowMs: number, blockUntil: (failures: number) => Date | null) =>
      countFailure(db, key, now, windowMs, blockUntil),
    clear: (key: string) => clearAttempt(db, key),
  };
}
