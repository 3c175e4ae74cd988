import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per recurring job: when it last ran and how many times (shown by /api/health). */
export const jobHeartbeats = pgTable('job_heartbeats', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  runs: integer('runs').notNull().default(0),
});

/** The dev mailbox: every email sent while no SMTP_URL is configured. */
export const devMailboxMessages = pgTable('dev_mailbox_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  from: text('from').notNull(),
  to: text('to').array().notNull(),
  subject: text('subject').notNull(),
  text: text('text'),
  html: text('html'),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
});
