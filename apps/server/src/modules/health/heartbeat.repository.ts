import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobHeartbeats } from '../../db/schema';

/** The heartbeat job's name, the key of its row in `job_heartbeats`. */
export const HEARTBEAT_NAME = 'heartbeat';

export type Heartbeat = { lastRunAt: Date | null; runs: number };

/** Records one run of the heartbeat job. */
export async function recordHeartbeat(db: Db, now: Date): Promise<void> {
  await db
    .insert(jobHeartbeats)
    .values({ name: HEARTBEAT_NAME, lastRunAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: jobHeartbeats.name,
      set: { lastRunAt: now, runs: sql`${jobHeartbeats.runs} + 1` },
    });
}

export async function readHeartbeat(db: Db): Promise<Heartbeat> {
  const [row] = await db.select().from(jobHeartbeats).where(eq(jobHeartbeats.name, HEARTBEAT_NAME));
  return row ? { lastRunAt: row.lastRunAt, runs: row.runs } : { lastRunAt: null, runs: 0 };
}
