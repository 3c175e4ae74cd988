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
