import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobHeartbeats } from '../../db/schema';

/**
 * The last success of each recurring job, in `job_heartbeats` (one row per job name, like the
 * heartbeat job's own): `/api/health` reports a job whose last success is too old as degraded
 * (issue 16: a crashed pass had stopped ingestion for an hour while health said ok).
 */
export async function recordJobSuccess(db: Db, name: string, now: Date): Promise<void> {
  await db
    .insert(jobHeartbeats)
    .values({ name, lastRunAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: jobHeartbeats.name,
      set: { lastRunAt: now, runs: sql`${jobHeartbeats.runs} + 1` },
    });
}

/** The recurring jobs health watches, and how old their last success may be. */
export function watchedJobs(ingestIntervalMinutes: number): { name: string; maxAgeMs: number }[] {
  const minutes = (m: number) => m * 60_000;
  return [
    // Two passes may be missed (a slow federation); a third means ingestion has stopped.
    { name: 'ingest', maxAgeMs: minutes(2 * ingestIntervalMinutes + 15) },
    // Every 5 minutes at least (the safety net).
    { name: 'match', maxAgeMs: minutes(20) },
    { name: 'live-updates', maxAgeMs: minutes(20) },
    // Every minute.
    { name: 'remind', maxAgeMs: minutes(10) },
  ];
}

export type JobStatus = { name: string; lastSuccessAt: string | null; stale: boolean };

/**
 * Each watched job with its last success; stale when that is older than allowed, or when it
 * never succeeded although the app has been up for longer than that.
 */
export async function readJobStatuses(
  db: Db,
  jobs: { name: string; maxAgeMs: number }[],
  now: Date,
  upSince: Date,
): Promise<JobStatus[]> {
  const rows = await db
    .select()
    .from(jobHeartbeats)
    .where(
      inArray(
        jobHeartbeats.name,
        jobs.map((job) => job.name),
      ),
    );
  const last = new Map(rows.map((row) => [row.name, row.lastRunAt]));
  return jobs.map((job) => {
    const at = last.get(job.name) ?? null;
    const since = at ?? upSince;
    return {
      name: job.name,
      lastSuccessAt: at?.toISOString() ?? null,
      stale: now.getTime() - since.getTime() > job.maxAgeMs,
    };
  });
}
