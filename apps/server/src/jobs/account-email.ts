import type { Mailer } from '../channels/email/mailer';
import type { Db } from '../db/client';
import { ACCOUNT_EMAIL_QUEUE, type AccountEmailJob, retryAccountEmail } from '../modules/auth/account-mail';
import type { JobDefinition } from './definition';
import { DEFAULT_DELIVERY_QUEUE_OPTIONS, deliveryQueueOptions } from './notification-delivery';

/**
 * Account emails whose first send, right after the answer, failed (a password reset while the
 * mail server is down): retried with the notification emails' backoff (decision 192). Each
 * try sends a new code of the same reset request; once its code has expired there is nothing
 * left to send and the job ends.
 */
export const accountEmailJob: JobDefinition<{ db: Db; mailer: Mailer; now: () => Date }> = {
  name: ACCOUNT_EMAIL_QUEUE,
  queue: deliveryQueueOptions(DEFAULT_DELIVERY_QUEUE_OPTIONS),
  work: {},
  handler: (deps) => async (jobs) => {
    for (const job of jobs) await retryAccountEmail(deps, job.data as AccountEmailJob);
  },
};
