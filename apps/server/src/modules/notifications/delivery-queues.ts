import type { NotificationChannel } from '@radar/shared';

/**
 * One queue per channel. A push job is one delivery (one notification); an email job is one
 * email delivery row — one user's notifications of one batch (decision 131; later calls of the
 * batch append to the row until it is claimed, decision 133), the job's id the row's id: the
 * worker sends every pending email row of that user and batch as one message (decision 031). The queues' options and workers are in
 * `jobs/notification-delivery.ts`.
 */
export const DELIVERY_QUEUES: Record<NotificationChannel, string> = {
  email: 'notification-email',
  push: 'notification-push',
};

export type DeliveryJobData = { deliveryId: string };
