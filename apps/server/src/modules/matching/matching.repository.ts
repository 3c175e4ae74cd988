/**
 * The matching engine's SQL (docs/decisions/040): which enabled filters match a batch of new
 * competitions, grouped per user and competition, in one set-based query.
 */
import type { FilterReason } from '@radar/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { competitions, federationStatus, filters } from '../../db/schema';
import {
  distanceKmSql,
  filterCandidateSql,
  filterMatchesCompetitionSql,
  groupReasonsSql,
  type MatchInstant,
} from '../filters/filter-sql';

/** One user's match with one competition: how many of their enabled filters, and why. */
export interface UserMatch {
  userId: string;
  competitionGuid: string;
  competitionName: string;
  matchingFilters: number;
  /** The union of the matching filters' reasons, in the spec's order. */
  reasons: FilterReason[];
  /**
   * From the nearest centre of the matching filters with a radius to the venue, in km to one
   * decimal (`shownDistanceKm`); null when none has a radius.
   */
  distanceKm: number | null;
}

/**
 * Every (user, competition) pair where at least one of the user's enabled filters matches one
 * of these competitions at `at`: one query, whatever the number of filters. The index condition
 * (`filterCandidateSql`) narrows each competition to the filters of its places, draws and time
 * periods; the full predicate (`filterMatchesCompetitionSql`, the SQL twin of `matchFilter`) decides.
 */
export async function findUserMatches(
  db: Executor,
  guids: readonly string[],
  at: MatchInstant,
): Promise<UserMatch[]> {
  if (guids.length === 0) return [];
  await setMatchTransactionSettings(db);
  return userMatchesQuery(db, guids, at);
}

/** `work_mem` of the matching transaction: room to group a batch's matches in memory. */
const MATCH_WORK_MEM = '128MB';

/**
 * Settings of a matching transaction, for it only:
 * - `work_mem`: the grouping sorts every (filter, competition) match of the batch; with the
 *   default 4 MB it spills to disk past a few tens of thousands (an external merge of a million
 *   rows at full size; decision 130).
 * - `synchronous_commit = off` (decision 133): the commit returns before its WAL is flushed. A
 *   crash of the database server may then lose the last few hundred milliseconds of committed
 *   batches — notifications, email rows, jobs and the cursor together (one transaction), so the
 *   next run matches those events again: nothing is half-written, nothing lost. Nothing is sent
 *   twice either: an email or push worker's claim is a synchronous commit, written after the
 *   batch's commit record in the WAL, so by the time a claim is durable (and a message goes out)
 *   the batch it read is durable too.
 */
export async function setMatchTransactionSettings(db: Executor): Promise<void> {
  await db.execute(sql.raw(`set local work_mem = '${MATCH_WORK_MEM}'`));
  await db.execute(sql.raw('set local synchronous_commit = off'));
}

/**
 * The notifications of {@link userMatchesQuery}'s matches, as a `NotificationSource` (the
 * columns `createNotificationsFromQuery` inserts): one `new_tournament` per user and
 * competition, its params built here exactly as the engine built them in JavaScript before
 * (decision 133; `matching.test.ts` compares them with `notificationParamsSchema`):
 * `{ tournamentName, competitionGuid, reasons, matchingFilters }`, then what the tournament is
 * (dates, place, draws, bands, prize, deadline; those the competition has) and how far it is
 * (when a filter with a radius matched), the dedupe key
 * `new_tournament:<guid>` (`newTournamentDedupeKey`).
 */
export function matchNotificationsSource(
  db: Executor,
  guids: readonly string[],
  at: MatchInstant,
  batchId: string,
): SQL {
  return sql`select m.user_id, 'new_tournament'::text as type,
      jsonb_build_object('tournamentName', m.name, 'competitionGuid', m.guid,
        'reasons', to_jsonb(m.reasons), 'matchingFilters', m.matching_filters)
      || jsonb_strip_nulls(jsonb_build_object(
        'startDate', c.start_date, 'endDate', c.end_date, 'city', c.city,
        'provinceSigla', c.province_sigla, 'regionId', c.region_id, 'provinceId', c.province_id,
        'drawTypes', c.draw_types, 'bands', c.bands, 'ageCodes', c.age_codes,
        'prizeMoney', c.prize_money, 'registrationDeadline', c.registration_closes_at,
        'distanceKm', m.distance_km)) as params,
      ${NEW_TOURNAMENT_KEY_PREFIX}::text || m.guid as dedupe_key,
      ${batchId}::uuid as batch_id
    from (${userMatchesQuery(db, guids, at)}) m
    join ${competitions} c on c.guid = m.guid`;
}

/** The prefix of `newTournamentDedupeKey`. */
export const NEW_TOURNAMENT_KEY_PREFIX = 'new_tournament:';

/** The query of {@link findUserMatches}, unrun (the benchmark explains it). */
export function userMatchesQuery(db: Executor, guids: readonly string[], at: MatchInstant) {
  const c = competitions;
  const f = filters;
  return db
    .select({
      userId: f.userId,
      competitionGuid: c.guid,
      competitionName: c.name,
      // Named: `matchNotificationsSource` reads this query as a subquery.
      matchingFilters: sql<number>`count(*)::int`.as('matching_filters'),
      reasons: sql<FilterReason[]>`${groupReasonsSql(f)}`.as('reasons'),
      // The value of the "distance" reason ("Distanza: a 12,3 km"): the nearest matching centre.
      distanceKm: sql<number | null>`round(min(case when ${f.withinKm} is not null
        then ${distanceKmSql(sql`${f.nearLat}`, sql`${f.nearLng}`, c)} end)::numeric, 1)::float8`.as(
        'distance_km',
      ),
    })
    .from(c)
    .innerJoin(
      f,
      and(
        eq(f.notificationsEnabled, true),
        filterCandidateSql(f, at, c),
        filterMatchesCompetitionSql(f, at, c),
      ),
    )
    .where(inArray(c.guid, [...guids]))
    .groupBy(f.userId, c.guid, c.name);
}

/** Whether each competition's detail has been read (or found unpublished): its draws are known. */
export async function findDetailStates(
  db: Executor,
  guids: readonly string[],
): Promise<Map<string, { detailSettled: boolean }>> {
  if (guids.length === 0) return new Map();
  const rows = await db
    .select({ guid: competitions.guid, detailStatus: competitions.detailStatus })
    .from(competitions)
    .where(inArray(competitions.guid, [...guids]));
  return new Map(rows.map((row) => [row.guid, { detailSettled: row.detailStatus !== null }]));
}

/** When the last ingestion pass started and finished. */
export async function readIngestTimes(
  db: Executor,
): Promise<{ startedAt: Date | null; finishedAt: Date | null }> {
  const [row] = await db
    .select({
      startedAt: federationStatus.lastIngestStartedAt,
      finishedAt: federationStatus.lastIngestFinishedAt,
    })
    .from(federationStatus);
  return { startedAt: row?.startedAt ?? null, finishedAt: row?.finishedAt ?? null };
}
