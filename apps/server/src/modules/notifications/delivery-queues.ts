import type { NotificationChannel } from '@radar/shared';

/**
 * One queue per channel. A push job is one delivery; an email job is one user's email of a
 * batch, named by one of its deliveries (the job's id is that delivery's id): the worker sends
 * every pending email delivery of that user and batch (decision 031). The queues' options and
 * workers are in `jobs/notification-delivery.ts`.
 */
export const DELIVERY_QUEUES: Record<NotificationChannel, string> = {
  email: 'notification-email',
  push: 'notification-push',
};

export type DeliveryJobData = { deliveryId: string };
