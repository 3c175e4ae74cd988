import type { PgBoss, WorkOptions } from 'pg-boss';
import { DELIVERY_JOBS } from '../../src/jobs';
import { type JobSettings, startJob } from '../../src/jobs/definition';
import type { DeliveryWorkerDeps } from '../../src/jobs/notification-delivery';

/** Schedules of the jobs in tests: heartbeat every 5 minutes, ingestion every 15. */
export const TEST_JOB_SETTINGS: JobSettings = { heartbeatCron: '*/5 * * * *', ingestIntervalMinutes: 15 };

/** Starts the email and push delivery workers on `boss`. */
export async function startDeliveryWorkers(
  boss: PgBoss,
  deps: Omit<DeliveryWorkerDeps, 'boss'>,
  work: Partial<WorkOptions> = {},
): Promise<void> {
  for (const job of DELIVERY_JOBS) await startJob(boss, job, { ...deps, boss }, work);
}
