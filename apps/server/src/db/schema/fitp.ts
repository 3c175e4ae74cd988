import type { PlayerGender } from '@radar/shared';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's connected federation card and the last player data the federation gave for it
 * (spec §3 Federation player data), kept when the federation is down (spec §4). A card belongs to
 * one account only (`fitp_cards_card_idx`, docs/decisions/100). `users.fitp_card_number` holds
 * the same card, written in the same transaction.
 */
export const fitpCards = pgTable(
  'fitp_cards',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    tennisClub: text('tennis_club'),
    municipality: text('municipality'),
    province: text('province'),
    category: text('category'),
    ranking: text('ranking'),
    maxRank: text('max_rank'),
    maxRankSeason: text('max_rank_season'),
    /** The federation's own last update of the data. */
    federationUpdatedAt: timestamp('federation_updated_at', { withTimezone: true }),
    /** When the app last read the data from the federation. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    /** The card radar follows the tournaments the card enters (docs/decisions/102). */
    autoFollow: boolean('auto_follow').notNull().default(true),
    /** Entries and follows differ and the user has not reviewed them (the sync dialog). */
    syncPending: boolean('sync_pending').notNull().default(false),
    /** "Review later": the dashboard reminds the user. */
    syncDeferredAt: timestamp('sync_deferred_at', { withTimezone: true }),
    /**
     * What the card sheet does not say, as the player gave it in Settings › FITP (decision 206):
     * gender in the draws' sense (`M`, `F`) and birth year; null when not given. Never guessed.
     */
    gender: text('gender').$type<PlayerGender>(),
    birthYear: integer('birth_year'),
  },
  (table) => [uniqueIndex('fitp_cards_card_idx').on(table.cardNumber)],
);

/**
 * The radar's memory: the tournaments whose stored entry list holds the user's card, as of the
 * last radar run. A run compares it with the entry lists ingestion wrote and tells the user what
 * changed (docs/decisions/102).
 */
export const fitpCardEntries = pgTable(
  'fitp_card_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tournamentUuid: text('tournament_uuid').notNull(),
    competitionGuid: text('competition_guid').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tournamentUuid] })],
);

/**
 * Follows the card answers for: those it made (the sync's additions, the radar's automatic
 * follows) and those of a tournament whose entry list the radar saw it leave, whoever made them
 * (decision 197). The sync offers to remove these, and only these, while the card is not in
 * their entry list.
 */
export const fitpCardFollows = pgTable(
  'fitp_card_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tournamentUuid: text('tournament_uuid').notNull(),
    competitionGuid: text('competition_guid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tournamentUuid] })],
);

/** "This data is wrong" (spec §7 FITP data-mismatch report): stored, and emailed to the team. */
export const fitpMismatchReports = pgTable(
  'fitp_mismatch_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardNumber: text('card_number'),
    message: text('message').notNull(),
    /** The player data as shown when reported. */
    snapshot: text('snapshot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [index('fitp_mismatch_reports_created_idx').on(table.createdAt.desc())],
);

export type FitpCardRow = typeof fitpCards.$inferSelect;
