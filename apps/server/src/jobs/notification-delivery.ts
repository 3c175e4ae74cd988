import type { Job, JobWithMetadata, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../delivery/email/mailer';
import { createWebPushSender, type WebPushSender } from '../delivery/push/web-push';
import {
  type DeliveryContext,
  type DeliveryResult,
  deliverEmail,
  deliverPush,
} from '../modules/notifications/delivery.service';
import { getNotificationKeys } from '../modules/notifications/notification-keys';
import { DELIVERY_QUEUES, type DeliveryJobData } from './notification-queues';

export type DeliveryWorkerDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  /** The web push sender; by default `web-push` signed with the app's VAPID keys. */
  push?: WebPushSender;
};

export type DeliveryWorkerOptions = {
  /** Jobs of each queue this process runs at once. */
  localConcurrency?: number;
  pollingIntervalSeconds?: number;
};

async function deliveryContext(deps: DeliveryWorkerDeps): Promise<DeliveryContext> {
  const keys = await getNotificationKeys(deps.db, deps.config);
  return {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    keys,
    logger: deps.logger,
    push: deps.push ?? createWebPushSender({ vapid: keys.vapid }),
  };
}

const attemptOf = (job: JobWithMetadata<DeliveryJobData>) => ({
  jobId: job.id,
  deliveryId: job.data.deliveryId,
  retryCount: job.retryCount,
  retryLimit: job.retryLimit,
});

/**
 * Works the email and push delivery queues (worker and both roles). A push job is one
 * delivery; an email job is one user's email of a batch (every pending email delivery of the
 * user and batch of its delivery). pg-boss hands a job to one worker at a time and retries it
 * with backoff when the handler throws, and the delivery rows' claims make a second run of the
 * same delivery a no-op.
 */
export async function workNotificationDeliveries(
  boss: PgBoss,
  deps: DeliveryWorkerDeps,
  options: DeliveryWorkerOptions = {},
): Promise<void> {
  const context = await deliveryContext(deps);
  const work = (
    name: string,
    deliver: (context: DeliveryContext, attempt: ReturnType<typeof attemptOf>) => Promise<DeliveryResult>,
  ) =>
    boss.work<DeliveryJobData>(
      name,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: options.localConcurrency ?? 2,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      },
      async ([job]: JobWithMetadata<DeliveryJobData>[] | Job<DeliveryJobData>[]) => {
        if (!job) return null;
        const result = await deliver(context, attemptOf(job as JobWithMetadata<DeliveryJobData>));
        if (result.carried?.length) {
          // The batch went out in this job's email: its siblings' jobs need not run at all.
          await boss.complete(name, result.carried, { carriedBy: job.id }, { includeQueued: true });
        }
        return result;
      },
    );
  await work(DELIVERY_QUEUES.email, deliverEmail);
  await work(DELIVERY_QUEUES.push, deliverPush);
}
