import type { PgBoss } from 'pg-boss';
/**
 * Every background job, one definition each (docs/decisions/085). `startServer` declares them
 * all in every process and starts their workers in worker processes, in this order.
 */
import { accountEmailJob } from './account-email';
import { authCleanupJob } from './auth-cleanup';
import { declareJob, type JobDefinition, type JobDeps, type QueueOptions } from './definition';
import { heartbeatJob } from './heartbeat';
import { ingestJob } from './ingest';
import { matchJob } from './match';
import { notificationEmailJob, notificationPushJob } from './notification-delivery';
import { liveUpdatesJob, remindJob } from './subscriptions';

export const JOBS: readonly JobDefinition<JobDeps>[] = [
  heartbeatJob,
  authCleanupJob,
  accountEmailJob,
  notificationEmailJob,
  notificationPushJob,
  ingestJob,
  matchJob,
  remindJob,
  liveUpdatesJob,
];

/** The notification delivery queues (also declared by `npm run broadcast`, which enqueues). */
export const DELIVERY_JOBS = [notificationEmailJob, notificationPushJob] as const;

/**
 * Declares the delivery queues, for processes that create notifications without running the
 * whole app (`npm run broadcast`, tests, benchmarks); `queue` overrides their options.
 */
export async function declareDeliveryQueues(boss: PgBoss, queue: Partial<QueueOptions> = {}): Promise<void> {
  for (const job of DELIVERY_JOBS) await declareJob(boss, job, null, queue);
}
