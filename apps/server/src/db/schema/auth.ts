import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const AUTH_CODE_PURPOSES = ['email_verification', 'password_reset'] as const;
export type AuthCodePurpose = (typeof AUTH_CODE_PURPOSES)[number];

/**
 * The current email verification or password reset code of one address, with its tries
 * and resend counters. One row per (purpose, address); a new code replaces the old one.
 *
 * The address is stored only as its SHA-256 (`email_hash`), so a row can also stand for an
 * address without an account: a password reset requested for an unknown email keeps the
 * same counters (and answers) as a real one without storing that email (no enumeration).
 * Such rows have no user and no code.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<AuthCodePurpose>().notNull(),
    emailHash: text('email_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the row id and the code; null when there is no account behind the address. */
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries on the current code. */
    attempts: integer('attempts').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** Resends since `windowStartedAt` (the first send of the hour is not a resend). */
    resends: integer('resends').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auth_codes_purpose_email_idx').on(table.purpose, table.emailHash),
    index('auth_codes_user_id_idx').on(table.userId),
  ],
);

/** A social sign-in (OpenID Connect) identity linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's stable subject identifier (`sub`). */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_idx').on(table.provider, table.subject),
    index('user_identities_user_id_idx').on(table.userId),
  ],
);

export type AuthCode = typeof authCodes.$inferSelect;
export type UserIdentity = typeof userIdentities.$inferSelect;

/**
 * Attempt counters of the sensitive calls (issue 16, decision 120): per client IP, per account,
 * per (account, IP) pair, and the code-send budgets. In the database, so every process counts
 * together and no flood of junk keys can push a victim's counter out (an in-memory store
 * evicts). `key` is a SHA-256 of the counter's name: no address or IP is stored in clear.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').primaryKey(),
    /** Attempts since `windowStartedAt`. */
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** Failures in a row (pairs) or in the window (accounts). */
    failures: integer('failures').notNull().default(0),
    /** Backoff: no attempt before this instant. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_attempts_updated_at_idx').on(table.updatedAt)],
);

export type AuthAttempt = typeof authAttempts.$inferSelect;
