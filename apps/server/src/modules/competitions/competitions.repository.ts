/** SQL of the competition search and detail. */
import {
  type CriteriaWithCentre,
  FILTER_CRITERIA_FIELDS,
  foldText,
  type GeoPoint,
  type PlayerGender,
  type SearchSort,
} from '@radar/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  type CompetitionRow,
  competitions,
  type DrawRow,
  draws,
  type ParticipantRow,
  participants,
  type SubscriptionRow,
  type TournamentDeadlineRow,
  type TournamentItemRow,
  type TournamentRow,
  tournamentDeadlines,
  tournamentItems,
  tournaments,
} from '../../db/schema';
import {
  competitionStatusSql,
  distanceKmSql,
  instantParams,
  instantPlaceholders,
  type MatchInstant,
} from '../filters/filter-sql';
import { STATUS_ID } from '../ingestion/ingestion.repository';
import { type CalendarState, calendarStateFields, calendarStateOf } from './search-cache';

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Every word of the text in the competition's name, club or city (accents and case ignored). */
export function textConditions(text: string): SQL[] {
  const words = foldText(text).split(' ').filter(Boolean).slice(0, 8);
  return words.map((word) => sql`${competitions.searchText} like ${`%${escapeLike(word)}%`}`);
}

export type CompetitionWithStatus = CompetitionRow & { status: number };

/**
 * The stable order of every list: competitions not concluded first, soonest first; then the
 * concluded ones, most recent first; the guid breaks ties.
 */
/** Team championships (`cod_fonte` 3): listed after the individual competitions. */
const TEAM_SOURCE = 3;

/**
 * The list's order (`SEARCH_SORTS` of @radar/shared; `calendar-snapshot.ts` is its twin): not
 * concluded first, individual before team, registration still ahead before the rest, then the
 * soonest start (or deadline, then start; or distance from `near`, unknown last, then start);
 * the concluded ones after, most recent first.
 */
function listOrder(at: MatchInstant, sort: SearchSort = 'start', near: GeoPoint | null = null): SQL[] {
  const today = sql`${at.today}::date`;
  const now = sql`${at.now.toISOString()}::timestamptz`;
  const live = sql`${competitions.endDate} >= ${today}`;
  // Registration open or still to open: not started, its deadline still ahead.
  const ahead = sql`(${competitions.startDate} > ${today} and coalesce(${competitions.registrationClosesAt} > ${now}, false))`;
  return [
    asc(sql`(${competitions.endDate} < ${today})`),
    asc(sql`(case when ${live} then coalesce(${competitions.codFonte} = ${TEAM_SOURCE}, false) end)`),
    asc(sql`(case when ${live} then not ${ahead} end)`),
    ...(sort === 'deadline'
      ? [asc(sql`(case when ${live} and ${ahead} then ${competitions.registrationClosesAt} end)`)]
      : []),
    ...(sort === 'distance' && near !== null
      ? [asc(sql`(case when ${live} then ${distanceKmSql(near.lat, near.lng)} end)`)]
      : []),
    asc(sql`(case when ${live} then ${competitions.startDate} end)`),
    desc(competitions.startDate),
    asc(competitions.guid),
  ];
}

/**
 * One page of the search and the total, in one statement (docs/decisions/130): the page is
 * chosen on the sort keys alone (a narrow top-N sort) with the total as a window count over
 * the same scan, then joined back to the whole rows — no second scan for the count, no second
 * round trip for the rows. A page past the end finds no row to carry the total: then, and
 * only then, it is counted apart.
 */
export async function searchCompetitionRows(
  db: Db,
  where: SQL | undefined,
  at: MatchInstant,
  page: { limit: number; offset: number },
  sort: SearchSort = 'start',
  near: GeoPoint | null = null,
): Promise<{ rows: CompetitionWithStatus[]; total: number }> {
  const chosen = db
    .select({ guid: competitions.guid, total: sql<number>`count(*) over ()`.as('total') })
    .from(competitions)
    .where(where)
    .orderBy(...listOrder(at, sort, near))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const found = await db
    .select({ competition: competitions, status: competitionStatusSql(at), total: chosen.total })
    .from(chosen)
    .innerJoin(competitions, eq(competitions.guid, chosen.guid))
    .orderBy(...listOrder(at, sort, near));
  const first = found[0];
  if (!first) {
    if (page.offset === 0) return { rows: [], total: 0 };
    const [counted] = await db.select({ n: count() }).from(competitions).where(where);
    return { rows: [], total: counted?.n ?? 0 };
  }
  return {
    rows: found.map((r) => ({ ...r.competition, status: Number(r.status) })),
    total: Number(first.total),
  };
}

export async function findTournamentsOf(db: Db, guids: string[]): Promise<TournamentRow[]> {
  if (guids.length === 0) return [];
  return db
    .select()
    .from(tournaments)
    .where(inArray(tournaments.competitionGuid, guids))
    .orderBy(asc(tournaments.competitionGuid), asc(tournaments.ordinal));
}

/** The per-band deadlines of the given tournaments, each tournament's in their order. */
export async function findDeadlinesOf(db: Db, uuids: string[]): Promise<TournamentDeadlineRow[]> {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(tournamentDeadlines)
    .where(inArray(tournamentDeadlines.tournamentUuid, uuids))
    .orderBy(asc(tournamentDeadlines.tournamentUuid), asc(tournamentDeadlines.ordinal));
}

const tournamentsOfCompetition = preparedQuery((db) =>
  db
    .select()
    .from(tournaments)
    .where(eq(tournaments.competitionGuid, sql.placeholder('guid')))
    .orderBy(asc(tournaments.ordinal))
    .prepare('tournaments_of_competition'),
);

/** A competition's tournaments in the federation's order. */
export async function findTournamentsOfCompetition(db: Db, guid: string): Promise<TournamentRow[]> {
  return tournamentsOfCompetition(db).execute({ guid });
}

const participantsOfCompetition = preparedQuery((db) =>
  db
    .select({ participant: participants })
    .from(participants)
    .innerJoin(tournaments, eq(tournaments.uuid, participants.tournamentUuid))
    .where(eq(tournaments.competitionGuid, sql.placeholder('guid')))
    .orderBy(asc(participants.tournamentUuid), asc(participants.ordinal))
    .prepare('participants_of_competition'),
);

/** The entry lists of a competition's tournaments, each in the federation's order. */
export async function findParticipantsOfCompetition(db: Db, guid: string): Promise<ParticipantRow[]> {
  return (await participantsOfCompetition(db).execute({ guid })).map((r) => r.participant);
}

const itemsOfCompetition = preparedQuery((db) =>
  db
    .select()
    .from(tournamentItems)
    .where(eq(tournamentItems.competitionGuid, sql.placeholder('guid')))
    // Orders of play by day of play; the rest by name (a file's key).
    .orderBy(
      asc(tournamentItems.kind),
      sql`${tournamentItems.playDate} asc nulls last`,
      asc(tournamentItems.itemKey),
    )
    .prepare('items_of_competition'),
);

/** A competition's documents, rules, orders of play and draws as stored. */
export async function findItemsOf(db: Db, guid: string): Promise<TournamentItemRow[]> {
  return itemsOfCompetition(db).execute({ guid });
}

/** The per-band deadlines of a competition's tournaments, each tournament's in the federation's order. */
export async function findDeadlinesOfCompetition(db: Db, guid: string): Promise<TournamentDeadlineRow[]> {
  const rows = await db
    .select({ deadline: tournamentDeadlines })
    .from(tournamentDeadlines)
    .innerJoin(tournaments, eq(tournaments.uuid, tournamentDeadlines.tournamentUuid))
    .where(eq(tournaments.competitionGuid, guid))
    .orderBy(asc(tournamentDeadlines.tournamentUuid), asc(tournamentDeadlines.ordinal));
  return rows.map((r) => r.deadline);
}

/** The published draws of a competition (one per tournament section). */
export async function findDrawsOfCompetition(db: Db, guid: string): Promise<DrawRow[]> {
  return db
    .select()
    .from(draws)
    .where(eq(draws.competitionGuid, guid))
    .orderBy(asc(draws.tournamentUuid), asc(draws.sectionCode));
}

/**
 * Whether the competition has this file stored (the file route serves only those: never a name
 * the federation did not list for it). `kind` is the item's kind (`document`, `rules`,
 * `order_of_play`).
 */
export async function storedFileExists(
  db: Db,
  guid: string,
  kind: string,
  fileName: string,
): Promise<boolean> {
  const [row] = await db
    .select({ key: tournamentItems.itemKey })
    .from(tournamentItems)
    .where(
      and(
        eq(tournamentItems.competitionGuid, guid),
        sql`${tournamentItems.kind} = ${kind}`,
        eq(tournamentItems.itemKey, fileName),
      ),
    );
  return row !== undefined;
}

/** What the search and the detail need of the user's follows. */
export type UserSubscription = Pick<
  SubscriptionRow,
  'id' | 'competitionGuid' | 'tournamentUuid' | 'lost' | 'notificationsEnabled'
>;

/** The user's side of a page of results. */
export interface UserSide {
  /** Their follows of the competitions asked about (or all of them). */
  subscriptions: UserSubscription[];
  /** Their active filters (`notificationsEnabled`, the filter's on/off), as criteria. */
  filters: CriteriaWithCentre[];
  /** Their federation card and what the entry verdict reads of it (decision 206); null without a card. */
  card: CardSide | null;
}

/** The user's card as the entry verdict reads it. */
export interface CardSide {
  /** The card's ranking; null for a card without one. */
  ranking: string | null;
  gender: PlayerGender | null;
  birthYear: number | null;
  /** The tournaments whose stored entry list holds the card. */
  entered: string[];
}

type CardTuple = [string | null, PlayerGender | null, number | null, string[]];

/** The fields of a follow, in the order the user side's statement lists them. */
type SubscriptionTuple = [
  UserSubscription['id'],
  UserSubscription['competitionGuid'],
  UserSubscription['tournamentUuid'],
  UserSubscription['lost'],
  UserSubscription['notificationsEnabled'],
];

/**
 * The fields of the user's side, for one statement: their follows of the competitions whose
 * guids the `guids` placeholder lists (a JSON array; every follow when the statement has no
 * such placeholder), their enabled filters and their card's ranking. The user is the `userId`
 * placeholder. Follows and filters come as JSON arrays of arrays, not of objects: the engine
 * builds them at less cost (on PGlite, a third of the statement), and `userSideOf` names the fields.
 */
function userSideFields(ofGuids: boolean) {
  const userId = sql.placeholder('userId');
  const guidCondition = ofGuids
    ? sql`and s.competition_guid in (select json_array_elements_text(${sql.placeholder('guids')}::json))`
    : sql``;
  return {
    subscriptions: sql<SubscriptionTuple[] | string>`(select coalesce(json_agg(json_build_array(
        s.id, s.competition_guid, s.tournament_uuid, s.lost, s.notifications_enabled)), '[]')
      from subscriptions s where s.user_id = ${userId} ${guidCondition})`,
    filters: sql<unknown[][] | string>`(select coalesce(json_agg(json_build_array(
        f.cod_fonte, f.id_statopuc, f.region_id, f.province_id, f.prize, f.tipo_torneo, f.cat_class,
        f.cat_eta, f.time_period, f.data_inizio, f.data_fine, f.within_km, f.near_postal_code,
        f.near_lat, f.near_lng) order by f.created_at, f.id), '[]')
      from filters f where f.user_id = ${userId} and f.notifications_enabled)`,
    // The card: its ranking, gender, birth year and the tournaments its number is entered in
    // (written with or without leading zeros, as `cardForms` of the card radar).
    card: sql<CardTuple | string | null>`(select json_build_array(c.ranking, c.gender, c.birth_year,
        (select coalesce(json_agg(distinct p.tournament_uuid), '[]') from participants p
          where p.membership_card in (c.card_number, regexp_replace(c.card_number, '^0+([0-9])', '\\1'))))
      from fitp_cards c where c.user_id = ${userId})`,
  };
}

type UserSideRow = {
  subscriptions: SubscriptionTuple[] | string;
  filters: unknown[][] | string;
  card: CardTuple | string | null;
};

function userSideOf(row: UserSideRow | undefined): UserSide {
  // json arrives parsed from node-postgres and PGlite alike; text only if a driver leaves it so.
  const parsed = <T>(value: T[] | string | undefined): T[] =>
    typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []);
  return {
    subscriptions: parsed(row?.subscriptions).map(
      ([id, competitionGuid, tournamentUuid, lost, notificationsEnabled]): UserSubscription => ({
        id,
        competitionGuid,
        tournamentUuid,
        lost,
        notificationsEnabled,
      }),
    ),
    // The statement lists a filter's columns in the order of FILTER_CRITERIA_FIELDS.
    filters: parsed(row?.filters).map((values) => {
      const criteria: Record<string, unknown> = {};
      FILTER_CRITERIA_FIELDS.forEach((field, i) => {
        criteria[field] = values[i];
      });
      // Then the centre's point (decision 202).
      const [lat, lng] = values.slice(FILTER_CRITERIA_FIELDS.length) as [number | null, number | null];
      criteria.near = lat === null || lng === null ? null : { lat, lng };
      return criteria as unknown as CriteriaWithCentre;
    }),
    card: cardSideOf(row?.card ?? null),
  };
}

function cardSideOf(value: CardTuple | string | null): CardSide | null {
  if (value === null) return null;
  const [ranking, gender, birthYear, entered] =
    typeof value === 'string' ? (JSON.parse(value) as CardTuple) : value;
  return { ranking: ranking || null, gender, birthYear, entered };
}

/** A statement of fields alone: no table to read from. */
const noTable = sql`(select 1) as one`;

const searchContext = preparedQuery((db) =>
  db
    .select({ ...calendarStateFields, ...userSideFields(false) })
    .from(noTable)
    .prepare('search_context'),
);

/**
 * What a search reads before its answer, in one statement: the calendar's version and the
 * federation's state (the search cache, decision 132) with the user's whole side (every follow:
 * the page is not known yet).
 */
export async function readSearchContext(db: Db, userId: string): Promise<CalendarState & { user: UserSide }> {
  const [row] = await searchContext(db).execute({ userId });
  if (!row) throw new Error('the search context statement returned no row');
  return { ...calendarStateOf(row), user: userSideOf(row) };
}

const competitionWithSide = preparedQuery((db) =>
  db
    .select({
      competition: competitions,
      status: competitionStatusSql(instantPlaceholders),
      ...userSideFields(true),
      federationState: sql<
        'up' | 'down' | null
      >`(select state from federation_status where id = ${STATUS_ID})`,
      federationLastFailureMs: sql<number | string | null>`(select extract(epoch from last_failure_at) * 1000
        from federation_status where id = ${STATUS_ID})::float8`,
    })
    .from(competitions)
    .where(eq(competitions.guid, sql.placeholder('guid')))
    .prepare('competition_with_side'),
);

/** What the detail reads first, in one statement: the competition, the user's side of it, the federation's state. */
export interface CompetitionWithSide {
  row: CompetitionWithStatus;
  user: UserSide;
  federation: { state: 'up' | 'down' | null; lastFailureAt: Date | null };
}

/**
 * The competition with its status at `at`, the user's side of it (their follows of it, their
 * filters, their card) and the federation's state as ingestion last saw it, in one round trip;
 * null when no competition has this guid.
 */
export async function findCompetitionWithSide(
  db: Db,
  guid: string,
  userId: string,
  at: MatchInstant,
): Promise<CompetitionWithSide | null> {
  const [found] = await competitionWithSide(db).execute({
    guid,
    userId,
    guids: JSON.stringify([guid]),
    ...instantParams(at),
  });
  if (!found) return null;
  return {
    row: { ...found.competition, status: Number(found.status) },
    user: userSideOf(found),
    federation: {
      state: found.federationState,
      lastFailureAt:
        found.federationLastFailureMs === null ? null : new Date(Number(found.federationLastFailureMs)),
    },
  };
}

export interface OverviewGroup {
  status: number;
  regionId: number | null;
  codFonte: number | null;
  band: 'none' | '500' | '1000' | '1001';
  isNew: boolean;
  count: number;
}

/** Counts of the whole result by status, region, source, prize band and "new". */
export async function overviewGroups(db: Db, where: SQL | undefined, at: MatchInstant, newSince: Date) {
  const status = competitionStatusSql(at);
  const band = sql<OverviewGroup['band']>`(case
    when ${competitions.prizeMoney} <= 0 then 'none'
    when ${competitions.prizeMoney} <= 500 then '500'
    when ${competitions.prizeMoney} <= 1000 then '1000'
    else '1001' end)`;
  const isNew = sql<boolean>`coalesce(${competitions.addedAt} >= ${newSince.toISOString()}::timestamptz, false)`;
  const rows = await db
    .select({
      status,
      regionId: competitions.regionId,
      codFonte: competitions.codFonte,
      band,
      isNew,
      count: count(),
    })
    .from(competitions)
    .where(where)
    // By position: the expressions carry parameters, which GROUP BY cannot match by text.
    .groupBy(sql.raw('1, 2, 3, 4, 5'));
  return rows.map((r) => ({ ...r, status: Number(r.status), isNew: r.isNew === true }));
}

/** Open registrations closing first among the results. */
export async function closingSoonRows(db: Db, where: SQL | undefined, at: MatchInstant, limit: number) {
  const rows = await db
    .select({ competition: competitions, status: competitionStatusSql(at) })
    .from(competitions)
    .where(and(where, sql`${competitionStatusSql(at)} = 3`))
    .orderBy(asc(competitions.registrationClosesAt), asc(competitions.guid))
    .limit(limit);
  return rows.map((r) => ({ ...r.competition, status: Number(r.status) }));
}

/** The documents, orders of play and draws of the results, newest first, and how many there are. */
export async function searchDocumentRows(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        item: tournamentItems,
        competitionName: competitions.name,
        city: competitions.city,
        provinceSigla: competitions.provinceSigla,
        tournamentDescription: tournaments.description,
        drawType: tournaments.type,
        categoryClass: tournaments.categoryClass,
        ageCategory: tournaments.ageCategory,
      })
      .from(tournamentItems)
      .innerJoin(competitions, eq(competitions.guid, tournamentItems.competitionGuid))
      // Documents and orders of play belong to the competition (no tournament); draws to a tournament.
      .leftJoin(tournaments, eq(tournaments.uuid, tournamentItems.tournamentUuid))
      .where(where)
      .orderBy(
        sql`${tournamentItems.publishedAt} desc nulls last`,
        asc(tournamentItems.competitionGuid),
        asc(tournamentItems.tournamentUuid),
        asc(tournamentItems.kind),
        asc(tournamentItems.itemKey),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(tournamentItems)
      .where(
        where
          ? inArray(
              tournamentItems.competitionGuid,
              db.select({ guid: competitions.guid }).from(competitions).where(where),
            )
          : undefined,
      ),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function countCompetitions(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(competitions);
  return row?.n ?? 0;
}
