import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Mailer } from '../channels/email/mailer';
import { createFcmSender, type FcmSender, readServiceAccount } from '../channels/push/fcm';
import { createWebPushSender, type WebPushSender } from '../channels/push/web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DeliveryContext, DeliveryResult } from '../modules/notifications/delivery/context';
import { deliverEmail } from '../modules/notifications/delivery/email';
import { deliverPush } from '../modules/notifications/delivery/push';
import { DELIVERY_QUEUES, type DeliveryJobData } from '../modules/notifications/delivery-queues';
import { getNotificationKeys } from '../modules/notifications/notification-keys';
import type { JobDefinition, QueueOptions } from './definition';

export type DeliveryWorkerDeps = {
  boss: PgBoss;
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** The web push sender; by default `web-push` signed with the app's VAPID keys. */
  push?: WebPushSender;
  /** The native (FCM) sender; by default from FCM_SERVICE_ACCOUNT_FILE, none without it. */
  fcm?: FcmSender | null;
};

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

/** The pg-boss queue options of a delivery queue. */
export function deliveryQueueOptions(options: DeliveryQueueOptions): QueueOptions {
  return { policy: 'standard', retryBackoff: true, ...options };
}

async function deliveryContext(deps: DeliveryWorkerDeps): Promise<DeliveryContext> {
  const keys = await getNotificationKeys(deps.db, deps.config);
  return {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    keys,
    logger: deps.logger,
    now: deps.now,
    push: deps.push ?? createWebPushSender({ vapid: keys.vapid }),
    fcm:
      deps.fcm !== undefined
        ? deps.fcm
        : deps.config.fcm
          ? createFcmSender({
              serviceAccount: readServiceAccount(deps.config.fcm.serviceAccountFile),
              ...(deps.config.fcm.endpoint ? { endpoint: deps.config.fcm.endpoint } : {}),
            })
          : null,
  };
}

const attemptOf = (job: JobWithMetadata<DeliveryJobData>) => ({
  jobId: job.id,
  deliveryId: job.data.deliveryId,
  retryCount: job.retryCount,
  retryLimit: job.retryLimit,
});

/**
 * A delivery queue (worker and both roles). A push job is one delivery; an email job is one
 * email delivery row (one user's notifications of one creating call, decision 131), sent with
 * every other pending email row of the same user and batch. pg-boss hands a job to one worker at a time and retries it with backoff when the
 * handler throws, and the delivery rows' claims make a second run of the same delivery a no-op.
 * Every role declares the queues: deliveries are enqueued inside the creating transaction.
 */
function deliveryJob(
  name: string,
  deliver: (context: DeliveryContext, attempt: ReturnType<typeof attemptOf>) => Promise<DeliveryResult>,
): JobDefinition<DeliveryWorkerDeps> {
  return {
    name,
    queue: deliveryQueueOptions(DEFAULT_DELIVERY_QUEUE_OPTIONS),
    sentInTransactions: true,
    work: { includeMetadata: true, batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1 },
    handler: async (deps) => {
      const context = await deliveryContext(deps);
      return async (jobs) => {
        const [job] = jobs as JobWithMetadata<DeliveryJobData>[];
        if (!job) return null;
        const result = await deliver(context, attemptOf(job));
        if (result.carried?.length) {
          // The batch went out in this job's email: its siblings' jobs need not run at all.
          await deps.boss.complete(name, result.carried, { carriedBy: job.id }, { includeQueued: true });
        }
        return result;
      };
    },
  };
}

export const notificationEmailJob = deliveryJob(DELIVERY_QUEUES.email, deliverEmail);
export const notificationPushJob = deliveryJob(DELIVERY_QUEUES.push, deliverPush);
