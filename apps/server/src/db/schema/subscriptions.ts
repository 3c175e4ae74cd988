import type { ReminderType } from '@radar/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user following one tournament (spec §3 Subscription). The competition and tournament are
 * referenced by their federation ids (upper case), not by foreign keys: a followed tournament
 * outlives any re-ingestion. Marking it lost turns its notifications off and keeps the previous
 * setting in `notificationsBeforeLost`, restored when the mark is removed.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    competitionGuid: text('competition_guid').notNull(),
    tournamentUuid: text('tournament_uuid').notNull(),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    lost: boolean('lost').notNull().default(false),
    notificationsBeforeLost: boolean('notifications_before_lost'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_user_tournament_idx').on(table.userId, table.tournamentUuid),
    index('subscriptions_tournament_idx').on(table.tournamentUuid),
    index('subscriptions_competition_idx').on(table.competitionGuid),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The registration-deadline reminders of a followed tournament (spec §9, docs/decisions/060):
 * one row per (subscription, reminder type), computed from the competition's deadline.
 * `pending` rows are sent once by the scheduler when due; `sent` rows never change again;
 * `cancelled` (notifications off, lost) and `skipped` (already past when scheduled, stale
 * after downtime, deadline passed) rows are recomputed when the subscription or the deadline
 * changes.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    type: text('type').$type<ReminderType>().notNull(),
    /** The registration deadline this row was computed from. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ReminderStatus>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('reminders_subscription_type_idx').on(table.subscriptionId, table.type),
    // The scheduler's claim: pending rows in (due time, id) order, read straight off the index
    // up to the batch size (no sort of every due row; docs/decisions/130).
    index('reminders_pending_due_idx').on(table.dueAt, table.id).where(sql`${table.status} = 'pending'`),
  ],
);

export type ReminderStatus = 'pending' | 'sent' | 'cancelled' | 'skipped';
export type ReminderRow = typeof reminders.$inferSelect;
