import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { jobHeartbeats } from '../db/schema';

export const HEARTBEAT_QUEUE = 'heartbeat';

export type Heartbeat = { lastRunAt: Date | null; runs: number };

/** Records one run of the heartbeat job. */
export async function recordHeartbeat(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .insert(jobHeartbeats)
    .values({ name: HEARTBEAT_QUEUE, lastRunAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: jobHeartbeats.name,
      set: { lastRunAt: now, runs: sql`${jobHeartbeats.runs} + 1` },
    });
}

export async function readHeartbeat(db: Db): Promise<Heartbeat> {
  const [row] = await db.select().from(jobHeartbeats).where(eq(jobHeartbeats.name, HEARTBEAT_QUEUE));
  return row ? { lastRunAt: row.lastRunAt, runs: row.runs } : { lastRunAt: null, runs: 0 };
}

/** Declares the queue and its schedule (idempotent; safe from every process). */
export async function scheduleHeartbeat(boss: PgBoss, cron: string): Promise<void> {
  await boss.createQueue(HEARTBEAT_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 60 });
  await boss.schedule(HEARTBEAT_QUEUE, cron, null, { tz: 'Europe/Rome' });
}

export async function workHeartbeat(boss: PgBoss, db: Db): Promise<void> {
  await boss.work(HEARTBEAT_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await recordHeartbeat(db);
  });
}
