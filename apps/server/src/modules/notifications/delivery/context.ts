/**
 * What a delivery job's run takes and answers, for both channels (email.ts, push.ts); the jobs
 * that run them are in `jobs/notification-delivery.ts`.
 */
import type { Logger } from 'pino';
import type { Mailer } from '../../../channels/email/mailer';
import type { FcmSender } from '../../../channels/push/fcm';
import type { WebPushSender } from '../../../channels/push/web-push';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { NotificationKeys } from '../notification-keys';

export type DeliveryContext = {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  push: WebPushSender;
  /** Native app push (FCM HTTP v1); null when not configured: native tokens are then kept and skipped. */
  fcm?: FcmSender | null;
  keys: NotificationKeys;
  logger: Logger;
  now: () => Date;
};

/** The pg-boss job running a delivery: its id and which attempt this is. */
export type DeliveryAttempt = { jobId: string; deliveryId: string; retryCount: number; retryLimit: number };

export type DeliveryResult = (
  | { outcome: 'not-claimed' }
  /** Email: the notifications the message carried and those left out (their group switched off). */
  | { outcome: 'sent'; deliveries: number; skipped: number }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'failed'; error: string }
) & {
  /** Other deliveries this job settled (the rest of an email batch): their own jobs have nothing left to do. */
  carried?: string[];
};

/** Thrown to have pg-boss retry the job later (with backoff); the delivery stays claimed. */
export class RetryableDeliveryError extends Error {
  override readonly name = 'RetryableDeliveryError';
}
