import type { NotificationChannel } from '@radar/shared';
import type { PgBoss, Queue } from 'pg-boss';

/**
 * One queue per channel. A push job is one delivery; an email job is one user's email of a
 * batch, named by one of its deliveries (the job's id is that delivery's id): the worker sends
 * every pending email delivery of that user and batch (decision 031).
 */
export const DELIVERY_QUEUES: Record<NotificationChannel, string> = {
  email: 'notification-email',
  push: 'notification-push',
};

export type DeliveryJobData = { deliveryId: string };

export type DeliveryQueueOptions = {
  /** Retries after the first attempt (pg-boss `retryLimit`). */
  retryLimit: number;
  /** First retry delay in seconds, doubled (with jitter) on each retry up to `retryDelayMax`. */
  retryDelay: number;
  retryDelayMax: number;
  /** A job still active after this long is considered crashed and retried. */
  expireInSeconds: number;
};

/**
 * Five retries with exponential backoff from 30 s up to an hour: a mail or push service that
 * is down for a while is waited out; then the delivery is recorded as failed.
 */
export const DEFAULT_DELIVERY_QUEUE_OPTIONS: DeliveryQueueOptions = {
  retryLimit: 5,
  retryDelay: 30,
  retryDelayMax: 3600,
  expireInSeconds: 300,
};

/**
 * Declares the delivery queues (idempotent, from every process: API processes enqueue too),
 * and loads them into pg-boss's queue cache. Enqueueing happens inside the caller's
 * transaction, where a cache miss would have to query outside it: on PGlite, whose single
 * connection the transaction holds, that would wait forever.
 */
export async function registerNotificationQueues(
  boss: PgBoss,
  options: DeliveryQueueOptions = DEFAULT_DELIVERY_QUEUE_OPTIONS,
): Promise<void> {
  const queue: Omit<Queue, 'name'> = {
    policy: 'standard',
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelay,
    retryBackoff: true,
    retryDelayMax: options.retryDelayMax,
    expireInSeconds: options.expireInSeconds,
  };
  for (const name of Object.values(DELIVERY_QUEUES)) {
    await boss.createQueue(name, queue);
    // An empty insert resolves (and caches) the queue without creating a job.
    await boss.insert(name, []);
  }
}
