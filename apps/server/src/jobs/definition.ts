/**
 * The shape of every background job (docs/decisions/085): one definition per queue, with its
 * pg-boss queue options (policy, retries, expiry), its schedule if any, its worker options and
 * its handler. `jobs/index.ts` lists them; `startServer` declares them all in every process
 * (API processes enqueue too) and starts their workers in worker processes.
 */
import type { Job, PgBoss, Queue, WorkOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { Mailer } from '../channels/email/mailer';
import type { WebPushSender } from '../channels/push/web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FederationClient } from '../federation';

/** Everything a handler may use; each definition names the part it needs. */
export type JobDeps = {
  boss: PgBoss;
  db: Db;
  /** The worker's clock. */
  now: () => Date;
  logger: Logger;
  federation: FederationClient;
  config: Config;
  mailer: Mailer;
  /** The web push sender; by default `web-push` signed with the app's VAPID keys. */
  push?: WebPushSender;
};

/** The settings schedules are computed from (from the configuration). */
export type JobSettings = Pick<Config, 'heartbeatCron' | 'ingestIntervalMinutes'>;

export type QueueOptions = Omit<Queue, 'name'>;

// biome-ignore lint/suspicious/noExplicitAny: a queue's payload type is the handler's business.
export type JobHandler = (jobs: Job<any>[]) => Promise<unknown>;

export type JobDefinition<D = JobDeps> = {
  name: string;
  /** pg-boss queue options: policy, retries, expiry. */
  queue: QueueOptions;
  /** Cron (Europe/Rome) of a scheduled job. */
  cron?: (settings: JobSettings) => string;
  /**
   * Jobs of this queue are sent inside callers' transactions: the queue is loaded into
   * pg-boss's cache at declaration, since a cache miss inside a transaction would query outside
   * it (on PGlite, whose single connection the transaction holds, that would wait forever).
   */
  sentInTransactions?: boolean;
  /** pg-boss worker options (polling, batch size, concurrency). */
  work: WorkOptions;
  /** Builds the handler once per worker process. */
  handler: (deps: D) => JobHandler | Promise<JobHandler>;
};

/**
 * A running job's worker refreshes its heartbeat every JOB_HEARTBEAT_SECONDS / 2; the supervisor
 * (every SUPERVISE_INTERVAL_SECONDS, queue.ts) fails a job whose heartbeat is older, and its
 * queue retries it: the work of a killed worker is taken up within seconds, not after the
 * job's expiry (issue 16). The expiry bounds a job that beats but runs too long.
 */
export const JOB_HEARTBEAT_SECONDS = 10;

/**
 * Declares the queue and its schedule (idempotent; safe from every process). The options are
 * applied to a queue that exists already too (an older deployment's): `createQueue` alone
 * leaves it as it was.
 */
export async function declareJob<D>(
  boss: PgBoss,
  job: JobDefinition<D>,
  settings: JobSettings | null,
  queue: Partial<QueueOptions> = {},
): Promise<void> {
  const options: QueueOptions = { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, ...job.queue, ...queue };
  await boss.createQueue(job.name, options);
  const { policy: _policy, partition: _partition, ...updatable } = options;
  await boss.updateQueue(job.name, updatable);
  // An empty insert resolves (and caches) the queue without creating a job.
  if (job.sentInTransactions) await boss.insert(job.name, []);
  if (job.cron) {
    if (!settings) throw new Error(`the scheduled job ${job.name} needs the job settings`);
    await boss.schedule(job.name, job.cron(settings), null, { tz: 'Europe/Rome' });
  }
}

/** Starts the queue's worker in this process. */
export async function startJob<D>(
  boss: PgBoss,
  job: JobDefinition<D>,
  deps: D,
  work: Partial<WorkOptions> = {},
): Promise<void> {
  const handler = await job.handler(deps);
  await boss.work(job.name, { ...job.work, ...work }, handler);
}
