import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  INBOX_NOTIFICATION_TYPES,
  type InboxNotificationType,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_GROUP,
  type NotificationChannel,
  type NotificationParams,
  notificationParamsSchema,
} from '@radar/shared';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, type PgBoss } from 'pg-boss';
import type { Executor } from '../../db/client';
import { DELIVERY_QUEUES, type DeliveryJobData } from './delivery-queues';
import {
  insertNotificationsWithDeliveries,
  insertSourceWithDeliveries,
  type NotificationSource,
  type TypeChannelRule,
} from './notifications.repository';

/*
 * Creating notifications: the API the pipeline calls (matching, reminders, live updates, the card
 * radar, the broadcast CLI). The rooms beside (inbox/, preferences/, devices/, unsubscribe/,
 * delivery/) serve what is created; decision 194.
 */

/** One notification to create. */
export type NewNotification = {
  userId: string;
  type: InboxNotificationType;
  params?: NotificationParams;
  /**
   * What makes this notification unique for its user, e.g. `new_tournament:<competitionGuid>`
   * or `reminder_1d:<tournamentUuid>`. Creating it again is a no-op (exactly once).
   */
  dedupeKey: string;
};

export type CreateNotificationsOptions = {
  /** The job queue the deliveries are enqueued on, inside the same transaction. */
  queue: PgBoss;
  /**
   * Notifications of one user in one batch go out as one email. Defaults to a new id per
   * call, so everything created by one call for a user is one email.
   */
  batchId?: string;
};

export type CreatedNotification = {
  id: string;
  userId: string;
  type: InboxNotificationType;
  dedupeKey: string;
  /** The channels a delivery was enqueued on (by the user's preferences). */
  channels: NotificationChannel[];
};

export type CreateNotificationsResult = {
  created: CreatedNotification[];
  /** Items skipped because their (user, dedupe key) already existed. */
  duplicates: number;
};

/**
 * Notifications written per statement (with their deliveries): the rows travel as one JSON
 * parameter, so this bounds the statement's memory, not its parameters.
 */
const INSERT_CHUNK = 20_000;
/** Jobs per pg-boss insert (also one JSON parameter). */
const JOB_CHUNK = 20_000;

/** Each inbox type's group and that group's default channels, for the set-based insert. */
const CHANNEL_RULES: TypeChannelRule[] = INBOX_NOTIFICATION_TYPES.map((type) => {
  const group = NOTIFICATION_TYPE_GROUP[type];
  return { type, group, ...DEFAULT_NOTIFICATION_PREFERENCES[group] };
});
const DEDUPE_KEY_MAX = 300;

export class InvalidNotificationError extends Error {
  override readonly name = 'InvalidNotificationError';
}

function validateItem(item: NewNotification): NewNotification & { params: NotificationParams } {
  if (!(INBOX_NOTIFICATION_TYPES as readonly string[]).includes(item.type)) {
    throw new InvalidNotificationError(`not an inbox notification type: ${item.type}`);
  }
  const dedupeKey = item.dedupeKey.trim();
  if (dedupeKey === '' || dedupeKey.length > DEDUPE_KEY_MAX) {
    throw new InvalidNotificationError(`dedupeKey must be 1 to ${DEDUPE_KEY_MAX} characters`);
  }
  const params = notificationParamsSchema.safeParse(item.params ?? {});
  if (!params.success) {
    throw new InvalidNotificationError(`invalid params for ${item.type}: ${params.error.message}`);
  }
  return { ...item, dedupeKey, params: params.data };
}

/**
 * Creates in-app notifications and enqueues their email and push deliveries, all in one
 * transaction (a savepoint when `tx` is already one): either everything is there or nothing.
 *
 * - Idempotent: an item whose (userId, dedupeKey) exists is skipped (see `duplicates`), so a
 *   caller that runs again after a crash creates nothing twice.
 * - Deliveries follow the preferences at creation time (and are checked again when sent):
 *   email if the profile switch, the verified address and the group's email channel allow it;
 *   push if the user has push on, the group's push channel is on and a device is registered.
 * - The notifications of one user in one batch are emailed together, as one message: one
 *   email delivery row (and job) per user and batch lists them (decision 131), later calls of
 *   the batch appending to it until its job claims it (decision 133); push stays one delivery
 *   per notification.
 */
export async function createNotifications(
  tx: Executor,
  items: readonly NewNotification[],
  options: CreateNotificationsOptions,
): Promise<CreateNotificationsResult> {
  const batchId = options.batchId ?? randomUUID();
  const unique = new Map<string, NewNotification & { params: NotificationParams }>();
  for (const item of items) {
    const valid = validateItem(item);
    const key = `${valid.userId}\u0000${valid.dedupeKey}`;
    if (!unique.has(key)) unique.set(key, valid);
  }
  const rows = [...unique.values()].map((item) => ({
    userId: item.userId,
    type: item.type,
    params: item.params,
    dedupeKey: item.dedupeKey,
    batchId,
  }));
  if (rows.length === 0) return { created: [], duplicates: items.length };

  return tx.transaction(async (t) => {
    const created: CreatedNotification[] = [];
    const jobs: Record<NotificationChannel, { id: string; data: DeliveryJobData }[]> = {
      email: [],
      push: [],
    };
    // One email delivery row, and one job, per user and batch: the row lists the notifications it
    // sends as one message (decision 131), and a later statement of the batch appends to it while
    // it is pending (decision 133). The job's id is the row's id: deterministic, never reused.
    const emailJobs = new Set<string>();
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const inserted = await insertNotificationsWithDeliveries(
        t,
        rows.slice(start, start + INSERT_CHUNK),
        CHANNEL_RULES,
      );
      for (const row of inserted) {
        const channels: NotificationChannel[] = [];
        if (row.emailDeliveryId) {
          channels.push('email');
          // A row appended to (decision 133) already has its job.
          if (row.emailDeliveryIsNew && !emailJobs.has(row.emailDeliveryId)) {
            emailJobs.add(row.emailDeliveryId);
            jobs.email.push({ id: row.emailDeliveryId, data: { deliveryId: row.emailDeliveryId } });
          }
        }
        if (row.pushDeliveryId) {
          channels.push('push');
          jobs.push.push({ id: row.pushDeliveryId, data: { deliveryId: row.pushDeliveryId } });
        }
        created.push({ id: row.id, userId: row.userId, type: row.type, dedupeKey: row.dedupeKey, channels });
      }
    }

    await enqueueDeliveryJobs(t, options.queue, jobs);
    return { created, duplicates: items.length - created.length };
  });
}

/**
 * Enqueues the delivery jobs in the creating transaction: they commit (or roll back) with the
 * rows, and a job id is a delivery row's id, so the same delivery can never be enqueued twice.
 */
async function enqueueDeliveryJobs(
  t: Executor,
  queue: PgBoss,
  jobs: Record<NotificationChannel, { id: string; data: DeliveryJobData }[]>,
): Promise<void> {
  // Our Db type is driver-neutral, so its execute() result is untyped; both drivers return rows.
  const db = fromDrizzle(t as unknown as DrizzleTransactionLike, sql);
  for (const channel of NOTIFICATION_CHANNELS) {
    for (let start = 0; start < jobs[channel].length; start += JOB_CHUNK) {
      await queue.insert(DELIVERY_QUEUES[channel], jobs[channel].slice(start, start + JOB_CHUNK), { db });
    }
  }
}

/**
 * `createNotifications` for rows a query computes in the database (`source`, see
 * `NotificationSource`): the same statement, channels, delivery rows and jobs, but the rows
 * never travel to JavaScript and back (decision 133) — the matching engine's path, where a
 * batch is ~100,000 notifications. The caller builds the source, so it answers for the rows'
 * validity (types, params, dedupe keys; `createNotifications` validates each item), and for
 * the batch id the source gives every row. One statement: a source is not chunked.
 */
export async function createNotificationsFromQuery(
  tx: Executor,
  source: NotificationSource,
  options: Pick<CreateNotificationsOptions, 'queue'>,
): Promise<{ sourceRows: number; created: number }> {
  return tx.transaction(async (t) => {
    const written = await insertSourceWithDeliveries(t, source, CHANNEL_RULES);
    const jobOf = (deliveryId: string) => ({ id: deliveryId, data: { deliveryId } });
    await enqueueDeliveryJobs(t, options.queue, {
      email: written.emailDeliveryIds.map(jobOf),
      push: written.pushDeliveryIds.map(jobOf),
    });
    return { sourceRows: written.sourceRows, created: written.created };
  });
}
