import type { CompetitionEventKind, TournamentItemKind } from '@radar/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The federation's data as last read by ingestion (the federation client maps every field to
 * these names). Guids and tournament uuids are stored in upper case.
 */
export const competitions = pgTable(
  'competitions',
  {
    guid: text('guid').primaryKey(),
    name: text('name').notNull(),
    club: text('club'),
    city: text('city'),
    provinceSigla: text('province_sigla'),
    /** ISTAT codes, from the province's sigla (or the federation's own codes when it is unknown). */
    provinceId: integer('province_id'),
    regionId: integer('region_id'),
    /** Italian calendar days. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The start date when the federation says the end is unknown (`endDateKnown` false). */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** False for `01/01/1900` (team championships): `endDate` then repeats the start. */
    endDateKnown: boolean('end_date_known').notNull().default(true),
    /** `id_torneo_digital` of a TPRA row (its guid is then `tpraGuid(tpraId)`). */
    tpraId: integer('tpra_id'),
    /** The detail's `CompetitionId` (an int, not the guid). */
    federationCompetitionId: integer('federation_competition_id'),
    /** `id_settore`: 0 FITP, 1 TPRA tennis, 2 TPRA padel. */
    sector: integer('sector'),
    /** The list's `;` lists as written: ranking bands (`3.1`, `4.NC`), age codes (`U08`, `NOR`), draw types (app names). */
    bands: text('bands').array().notNull().default(sql`'{}'::text[]`),
    ageCodes: text('age_codes').array().notNull().default(sql`'{}'::text[]`),
    drawTypes: text('draw_types').array().notNull().default(sql`'{}'::text[]`),
    codFonte: integer('cod_fonte'),
    fonteLabel: text('fonte_label'),
    idDisciplina: text('id_disciplina'),
    /** The status the federation reported at the last ingestion (the app computes its own at each instant). */
    idStato: integer('id_stato'),
    /** The main draw, as the list reports it. */
    tipoTorneo: text('tipo_torneo'),
    catClass: integer('cat_class'),
    catEta: text('cat_eta'),
    /** Keys of every draw (main draw and tournaments) for filter matching: see `drawKeys` in @radar/shared. */
    drawKeys: text('draw_keys').array().notNull().default(sql`'{}'::text[]`),
    prizeMoney: integer('prize_money').notNull().default(0),
    onlineRegistration: boolean('online_registration'),
    authorized: boolean('authorized'),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    /** The federation's `data_modifica`. */
    federationModifiedAt: timestamp('federation_modified_at', { withTimezone: true }),
    rulesUrl: text('rules_url'),
    externalUrl: text('external_url'),
    /** Name, club and city, lower case without accents, for the free-text search. */
    searchText: text('search_text').notNull(),
    participantsCount: integer('participants_count').notNull().default(0),
    itemsCount: integer('items_count').notNull().default(0),
    /**
     * Where it is played (decision 202), from the postal-code dataset (`modules/places`): the
     * detail's venue (its CAP, else its comune and province) when one resolves (`venue`), else the
     * organiser's seat of the list row (`seat`); all three null when neither is known.
     */
    venueLat: doublePrecision('venue_lat'),
    venueLng: doublePrecision('venue_lng'),
    venueSource: text('venue_source').$type<'venue' | 'seat'>(),
    /** When ingestion first saw it; null for those loaded by the very first ingestion (not "new"). */
    addedAt: timestamp('added_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    /** Last time the list returned it. */
    listSyncedAt: timestamp('list_synced_at', { withTimezone: true }).notNull(),
    /** Last successful detail read, and the `data_modifica` it reflected. */
    detailSyncedAt: timestamp('detail_synced_at', { withTimezone: true }),
    detailModifiedAt: timestamp('detail_modified_at', { withTimezone: true }),
    /** `found`, or `unpublished` while the federation answers 204. */
    detailStatus: text('detail_status').$type<'found' | 'unpublished'>(),
    /**
     * A digest of the last detail written (decision 134): a read that finds the same detail
     * again only moves `detail_synced_at` instead of rewriting tournaments, participants and items.
     */
    detailFingerprint: text('detail_fingerprint'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('competitions_start_date_idx').on(table.startDate, table.guid),
    index('competitions_end_date_idx').on(table.endDate),
    index('competitions_region_idx').on(table.regionId),
    index('competitions_province_idx').on(table.provinceId),
    index('competitions_added_at_idx').on(table.addedAt),
    index('competitions_draw_keys_idx').using('gin', table.drawKeys),
  ],
);

/** A competition's tournaments (its draws), from the detail call. */
export const tournaments = pgTable(
  'tournaments',
  {
    uuid: text('uuid').primaryKey(),
    competitionGuid: text('competition_guid')
      .notNull()
      .references(() => competitions.guid, { onDelete: 'cascade' }),
    /** Order within the competition's detail. */
    ordinal: integer('ordinal').notNull(),
    description: text('description').notNull(),
    type: text('type'),
    categoryClass: integer('category_class'),
    ageCategory: text('age_category'),
    rankingLimit: text('ranking_limit'),
    isDouble: boolean('is_double'),
    participantsCount: integer('participants_count').notNull().default(0),
    maxParticipants: integer('max_participants'),
    admissionType: text('admission_type').$type<'classifica' | 'cronologico'>(),
    /** `TennisCourtType`. */
    surface: text('surface'),
    /** `BallType`. */
    balls: text('balls'),
    matchFormat: text('match_format'),
    /** `TournamentId`: the draw call's key (§5). */
    tournamentId: integer('tournament_id'),
    /** `M`, `F`, `MM`, `FF`, `MF`. */
    gender: text('gender'),
    ageCodes: text('age_codes').array().notNull().default(sql`'{}'::text[]`),
    availableRankings: text('available_rankings').array().notNull().default(sql`'{}'::text[]`),
    /** `DateEndSubscription` (Rome wall-clock read as such). */
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    /** `TennisClubShare` with line breaks. */
    fee: text('fee'),
    /** `HH:mm`, Rome. */
    weekdayMatchTime: text('weekday_match_time'),
    festiveMatchTime: text('festive_match_time'),
    billboardTime: text('billboard_time'),
    nightPlay: boolean('night_play'),
    courts: integer('courts'),
    federationStatus: text('federation_status'),
    /** Address, CAP, municipality, province of the tournament's venue. */
    venue: jsonb('venue').$type<{
      address: string | null;
      cap: string | null;
      municipality: string | null;
      province: string | null;
    }>(),
    /** The sections (phases): what the draw call is asked for. */
    sections: jsonb('sections')
      .$type<
        {
          code: string;
          description: string | null;
          type: string | null;
          size: number | null;
          isGroup: boolean;
          isIntermediate: boolean;
          hasWinner: boolean;
        }[]
      >()
      .notNull()
      .default([]),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('tournaments_competition_idx').on(table.competitionGuid)],
);

/** A tournament's entry list, replaced as a whole at each detail read. */
export const participants = pgTable(
  'participants',
  {
    tournamentUuid: text('tournament_uuid')
      .notNull()
      .references(() => tournaments.uuid, { onDelete: 'cascade' }),
    /** Order in the federation's list (by subscription date). */
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    /** `MembershipCard`: the player's identity (digits, leading zeros kept). */
    membershipCard: text('membership_card').notNull(),
    ranking: text('ranking'),
    subscriptionDate: timestamp('subscription_date', { withTimezone: true }),
    club: text('club'),
    /** Doubles: the pair's index in entry order, shared by both players; null in singles. */
    pair: integer('pair'),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentUuid, table.ordinal] }),
    index('participants_card_idx').on(table.membershipCard),
  ],
);

/**
 * Documents, orders of play and draws: they only grow. Documents and orders of play belong to the
 * competition (their `itemKey` is the federation's file name, `tournamentUuid` null); a draw to a
 * tournament's section (`itemKey` = `<TournamentId>:<SectionCode>`, its matches in `draws`).
 */
export const tournamentItems = pgTable(
  'tournament_items',
  {
    competitionGuid: text('competition_guid')
      .notNull()
      .references(() => competitions.guid, { onDelete: 'cascade' }),
    kind: text('kind').$type<TournamentItemKind>().notNull(),
    itemKey: text('item_key').notNull(),
    tournamentUuid: text('tournament_uuid').references(() => tournaments.uuid, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    /** The day of play, for orders of play. */
    playDate: date('play_date', { mode: 'string' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.competitionGuid, table.kind, table.itemKey] }),
    index('tournament_items_tournament_idx').on(table.tournamentUuid),
    // The documents view: newest first.
    index('tournament_items_published_idx').on(table.publishedAt.desc().nullsLast()),
  ],
);

/**
 * An order of play's text, read once from its PDF (docs/decisions/204): the words with their
 * positions, which the parser (`modules/orders-of-play/parser.ts`) searches for a player's name,
 * time and court. `failedAt` set (words empty) when the download or the reading failed; it is
 * tried again an hour later, while the file is new.
 */
export const orderOfPlayTexts = pgTable(
  'order_of_play_texts',
  {
    competitionGuid: text('competition_guid')
      .notNull()
      .references(() => competitions.guid, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** `{ page, x, y, w, size, text }[]` (`TextWord`, PDF points, y upwards). */
    words: jsonb('words').$type<unknown[]>().notNull(),
    extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.competitionGuid, table.fileName] })],
);

/** Registration deadlines per ranking band (§3), replaced as a whole at each detail read. */
export const tournamentDeadlines = pgTable(
  'tournament_deadlines',
  {
    tournamentUuid: text('tournament_uuid')
      .notNull()
      .references(() => tournaments.uuid, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** The band's weakest ranking (`4.NC`) and best (`1`), inclusive. */
    minRank: text('min_rank').notNull(),
    maxRank: text('max_rank').notNull(),
    /** Null when the referee sets it later (`byReferee`). */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    byReferee: boolean('by_referee').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.tournamentUuid, table.ordinal] })],
);

/** A published draw (§5): one tournament section's matches as last read, with their checksum. */
export const draws = pgTable(
  'draws',
  {
    tournamentUuid: text('tournament_uuid')
      .notNull()
      .references(() => tournaments.uuid, { onDelete: 'cascade' }),
    sectionCode: text('section_code').notNull(),
    competitionGuid: text('competition_guid')
      .notNull()
      .references(() => competitions.guid, { onDelete: 'cascade' }),
    /** The federation's matches in the app's names (federation/types.ts `DrawMatch`). */
    matches: jsonb('matches').$type<unknown[]>().notNull(),
    checksum: text('checksum').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tournamentUuid, table.sectionCode] })],
);

/**
 * What changed in the federation's data, recorded by ingestion: the input of the matching
 * engine and of live updates. Append-only. `id` grows in commit order (writers serialise on an
 * advisory lock), so a consumer can keep its own cursor on it. `dedupeKey` makes recording
 * idempotent. The shape of `payload` per kind is documented in docs/decisions/021.
 */
export const competitionEvents = pgTable(
  'competition_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<CompetitionEventKind>().notNull(),
    competitionGuid: text('competition_guid')
      .notNull()
      .references(() => competitions.guid, { onDelete: 'cascade' }),
    tournamentUuid: text('tournament_uuid'),
    /** The item's `itemKey` (a file name, or `<TournamentId>:<SectionCode>` for a draw). */
    itemKey: text('item_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('competition_events_dedupe_idx').on(table.dedupeKey),
    index('competition_events_competition_idx').on(table.competitionGuid),
    index('competition_events_created_idx').on(table.createdAt),
  ],
);

/** The federation's health as the app last saw it (one row), and the last ingestion pass. */
export const federationStatus = pgTable('federation_status', {
  id: text('id').primaryKey(),
  /** `down` after a call failed as "service down"; `up` after one succeeded. */
  state: text('state').$type<'up' | 'down'>().notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastIngestStartedAt: timestamp('last_ingest_started_at', { withTimezone: true }),
  lastIngestFinishedAt: timestamp('last_ingest_finished_at', { withTimezone: true }),
  lastIngestSummary: jsonb('last_ingest_summary').$type<Record<string, unknown>>(),
  /**
   * When a pass first read the whole list. Until then passes load the existing calendar: they
   * record no events and mark nothing as new.
   */
  baselineCompletedAt: timestamp('baseline_completed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The calendar's version, for the search's cache (docs/decisions/132): every transaction that
 * changes what a search can show (competitions, tournaments, tournament items; not the sync
 * bookkeeping) adds its row here from a trigger (migration 0015). The version is `settled` +
 * the number of rows: it grows with every such commit, in commit order, and a reader sees it
 * in the same snapshot as the data. Rows are folded into `settled` now and then.
 */
export const calendarChanges = pgTable('calendar_changes', {
  /** The writing transaction (`txid_current()`): one row per transaction. */
  txid: bigint('txid', { mode: 'number' }).primaryKey(),
});

/** One row: the changes already folded (see {@link calendarChanges}). */
export const calendarVersion = pgTable('calendar_version', {
  id: integer('id').primaryKey(),
  settled: bigint('settled', { mode: 'number' }).notNull(),
});

export type CompetitionRow = typeof competitions.$inferSelect;
export type TournamentRow = typeof tournaments.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;
export type TournamentItemRow = typeof tournamentItems.$inferSelect;
export type TournamentDeadlineRow = typeof tournamentDeadlines.$inferSelect;
export type DrawRow = typeof draws.$inferSelect;
export type CompetitionEventRow = typeof competitionEvents.$inferSelect;

/**
 * Where each consumer of `competition_events` (matching, live updates, reminder rescheduling)
 * has got to: the id of the last event it handled. The row is locked while a batch is handled,
 * so two workers of one consumer take turns and never handle an event twice.
 */
export const eventCursors = pgTable('event_cursors', {
  consumer: text('consumer').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
