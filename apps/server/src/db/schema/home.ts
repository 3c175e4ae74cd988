import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Messages sent with the contact form (spec §2, §3 Contact message). Kept even after the
 * email to the team went out, as the record of what was asked; `userId` is set when the
 * sender was signed in (and cleared if that account is deleted).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the email to the team was accepted by the mailer. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/**
 * A user's personal calendar feed: the secret token of its address (like the unsubscribe
 * link, the address is the credential; resetting replaces the token, so the old address stops
 * answering).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** When each user last opened What's New (the navigation's unread dot compares with it). */
export const whatsNewVisits = pgTable('whats_new_visits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

export type ContactMessageRow = typeof contactMessages.$inferSelect;
