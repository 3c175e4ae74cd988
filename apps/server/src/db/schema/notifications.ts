import type {
  DeviceInfo,
  DeviceTokenKind,
  InboxNotificationType,
  NotificationChannel,
  NotificationGroup,
  NotificationParams,
} from '@radar/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One in-app notification. `dedupe_key` is unique per user, so a caller that runs again
 * (a retried ingest, a re-run broadcast) creates nothing twice. `seq` orders the inbox and
 * is the cursor: newer rows never shift the pages already read.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<InboxNotificationType>().notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    /** Notifications of one user created in one run share it: their emails go out as one. */
    batchId: uuid('batch_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_idx').on(table.userId, table.dedupeKey),
    // The inbox's pages and, since migration 0016 (decision 133), its unread count: the index
    // also carries `read_at` (`include (read_at)`, written by the migration — drizzle cannot
    // declare it), so counting a user's unread notifications is an index-only scan of their
    // entries. One index entry fewer per notification than the partial unread index it replaces.
    index('notifications_user_seq_idx').on(table.userId, table.seq.desc()),
  ],
);

/**
 * A user's choice for one preference group; groups without a row use the defaults of
 * DEFAULT_NOTIFICATION_PREFERENCES (so a default can change for everyone who never chose).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group').$type<NotificationGroup>().notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.group] })],
);

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';

/**
 * A delivery on one channel. **Push**: one row per notification (`notification_id`), the
 * unique (notification, channel) key — a phone shows each notification. **Email**: one row per
 * user and batch while it is pending (a later call of the batch appends to it, decision 133; once
 * claimed, the next call writes a new row), listing its notifications in `notification_ids`, sent
 * as one message (a digest when several): no row per notification (decision 131). Workers claim rows (pending → sending, stamped with their job id) before
 * sending, so two workers never send the same one, and a retried job resumes only its own claim.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Push: its notification. Email: null (rows written before decision 131 keep theirs). */
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /**
     * Email: the notifications this row sends, in the order they were created. No foreign key
     * (an array cannot have one): a deleted user's rows go with the user (below), and the worker
     * reads the notifications that still exist.
     */
    notificationIds: uuid('notification_ids').array(),
    /**
     * The user, copied for the batch lookups. No foreign key: the row is written from its
     * notifications in the same statement. Deleting the account (`deleteAccount`,
     * modules/auth/account-deletion.ts) cascades to push rows through their notification and
     * deletes the email rows; a job whose user is gone settles its row without sending
     * (decision 130; 131 for email rows).
     */
    userId: uuid('user_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The job (id) holding the claim while sending. */
    claimedBy: uuid('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Push: the device tokens already reached, so a retry does not push them twice. */
    reachedTokens: uuid('reached_tokens').array().notNull().default(sql`'{}'::uuid[]`),
    /** Email: the message id of the (digest) email that carried it. */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_deliveries_notification_channel_idx')
      .on(table.notificationId, table.channel)
      .where(sql`${table.notificationId} is not null`),
    index('notification_deliveries_email_batch_idx')
      .on(table.userId, table.batchId)
      .where(sql`${table.channel} = 'email'`),
    check(
      'notification_deliveries_target_check',
      sql`${table.notificationId} is not null or (${table.channel} = 'email' and ${table.notificationIds} is not null)`,
    ),
  ],
);

/**
 * A push destination: a browser's web push subscription (endpoint + keys) or a native app's
 * FCM token. The token is unique across users: a device signing in as someone else moves.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DeviceTokenKind>().notNull(),
    /** The web push endpoint URL, or the FCM registration token. */
    token: text('token').notNull(),
    /** Web push: the subscription's p256dh and auth keys. */
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>(),
    deviceInfo: jsonb('device_info').$type<DeviceInfo>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivationReason: text('deactivation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('device_tokens_token_idx').on(table.token),
    index('device_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Secrets the app generates for itself when the environment gives none (VAPID keys, the
 * unsubscribe-link key), shared by every process on the database. First writer wins.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationDelivery = typeof notificationDeliveries.$inferSelect;
export type DeviceTokenRow = typeof deviceTokens.$inferSelect;
