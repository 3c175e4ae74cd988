/**
 * The competition search as it was before the issue-17 optimisations, frozen: the oracle the
 * search-equality test compares the app's answers with (docs/decisions/130). Plain and slow on
 * purpose — a count query, the page ordered on its own, the rows read by guid, the user's
 * matching filters joined in SQL per row, the reasons computed per (row, filter) — so that a
 * faster implementation must give byte-for-byte the same answers on the same data.
 *
 * Since decision 206 it also knows "only tournaments I can enter" and the entry verdicts, for a
 * player given to it: written plainly on the stored rows with the rule of @radar/shared
 * (`competitionEligible`, `competitionVerdict`), the app's SQL twin and calendar in memory must
 * answer alike.
 */
import {
  type CompetitionSummary,
  competitionEligible,
  competitionVerdict,
  distanceKm,
  type EntryCompetition,
  type EntryDraw,
  type EntryPlayer,
  entryVerdict,
  FILTER_REASONS,
  type FilterReason,
  filterReasons,
  type GeoPoint,
  NEW_TOURNAMENT_HOURS,
  type SearchCompetitionsQuery,
  type SearchCompetitionsResponse,
  type SearchSort,
} from '@radar/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  type CompetitionRow,
  competitions,
  filters,
  type SubscriptionRow,
  subscriptions,
  type TournamentRow,
  tournamentDeadlines,
  tournaments,
  type User,
} from '../../src/db/schema';
import { textConditions } from '../../src/modules/competitions/competitions.repository';
import {
  competitionStatusSql,
  criteriaConditions,
  criteriaOfFilterRow,
  distanceKmSql,
  filterMatchesCompetitionSql,
  type MatchInstant,
  matchInstant,
} from '../../src/modules/filters/filter-sql';
import { placeOfPostalCode } from '../../src/modules/places/places';

type Row = CompetitionRow & { status: number };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The list's order, written out on its own. Since issue 31 it puts first what a player can still
 * enter (individual before team championships, registration still ahead before the rest) and
 * may sort those by deadline or (decision 202) by distance from the search's centre, unknown
 * distances last: the changes of behaviour the oracle follows.
 */
function listOrder(at: MatchInstant, sort: SearchSort, near: GeoPoint | null): SQL[] {
  const today = sql`${at.today}::date`;
  const now = sql`${at.now.toISOString()}::timestamptz`;
  const live = sql`${competitions.endDate} >= ${today}`;
  const ahead = sql`(${competitions.startDate} > ${today} and ${competitions.registrationClosesAt} is not null and ${competitions.registrationClosesAt} > ${now})`;
  const team = sql`(${competitions.codFonte} is not null and ${competitions.codFonte} = 3)`;
  return [
    asc(sql`(${competitions.endDate} < ${today})`),
    asc(sql`(case when ${live} then ${team} end)`),
    asc(sql`(case when ${live} then not ${ahead} end)`),
    ...(sort === 'deadline'
      ? [asc(sql`(case when ${live} and ${ahead} then ${competitions.registrationClosesAt} end)`)]
      : []),
    ...(sort === 'distance' && near
      ? [sql`(case when ${live} then ${distanceKmSql(near.lat, near.lng)} end) asc nulls last`]
      : []),
    asc(sql`(case when ${live} then ${competitions.startDate} end)`),
    desc(competitions.startDate),
    asc(competitions.guid),
  ];
}

async function pageRows(
  db: Db,
  where: SQL | undefined,
  at: MatchInstant,
  sort: SearchSort,
  near: GeoPoint | null,
  limit: number,
  offset: number,
) {
  const ordered = await db
    .select({ guid: competitions.guid })
    .from(competitions)
    .where(where)
    .orderBy(...listOrder(at, sort, near))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(competitions).where(where);
  const guids = ordered.map((r) => r.guid);
  if (guids.length === 0) return { rows: [] as Row[], total: counted?.n ?? 0 };
  const found = await db
    .select({ competition: competitions, status: competitionStatusSql(at) })
    .from(competitions)
    .where(inArray(competitions.guid, guids));
  const byGuid = new Map(
    found.map((r) => [r.competition.guid, { ...r.competition, status: Number(r.status) }]),
  );
  return {
    rows: guids.map((guid) => byGuid.get(guid)).filter((row): row is Row => row !== undefined),
    total: counted?.n ?? 0,
  };
}

/** A competition as the entry verdict reads it, written out. */
const entryCompetition = (row: CompetitionRow): EntryCompetition => ({
  startDate: row.startDate,
  registrationOpensAt: row.registrationOpensAt,
  registrationClosesAt: row.registrationClosesAt,
  idStato: row.idStato,
  tipoTorneo: row.tipoTorneo,
  catClass: row.catClass,
  ageCodes: row.ageCodes,
});

/** The competitions' draws as the entry verdict reads them, with their bands in order. */
async function entryDraws(db: Db, draws: TournamentRow[]): Promise<Map<string, EntryDraw>> {
  const bands = await db
    .select()
    .from(tournamentDeadlines)
    .orderBy(asc(tournamentDeadlines.tournamentUuid), asc(tournamentDeadlines.ordinal));
  return new Map(
    draws.map((t) => [
      t.uuid,
      {
        uuid: t.uuid,
        gender: t.gender,
        ageCodes: t.ageCodes,
        rankingLimit: t.rankingLimit,
        categoryClass: t.categoryClass,
        registrationClosesAt: t.registrationClosesAt,
        deadlines: bands.filter((b) => b.tournamentUuid === t.uuid),
        federationStatus: t.federationStatus,
      },
    ]),
  );
}

/** The guids of the competitions the player may enter now, every competition read and judged. */
export async function eligibleGuids(db: Db, player: EntryPlayer, now: Date): Promise<string[]> {
  const rows = await db.select().from(competitions);
  const draws = await db.select().from(tournaments).orderBy(asc(tournaments.ordinal));
  const byUuid = await entryDraws(db, draws);
  return rows
    .filter((row) =>
      competitionEligible(
        entryCompetition(row),
        draws.filter((t) => t.competitionGuid === row.guid).map((t) => byUuid.get(t.uuid) as EntryDraw),
        player,
        now,
      ),
    )
    .map((row) => row.guid);
}

async function summarize(
  db: Db,
  rows: Row[],
  user: User,
  at: MatchInstant,
  player: EntryPlayer | null = null,
  near: GeoPoint | null = null,
): Promise<CompetitionSummary[]> {
  const guids = rows.map((r) => r.guid);
  if (guids.length === 0) return [];
  const draws: TournamentRow[] = await db
    .select()
    .from(tournaments)
    .where(inArray(tournaments.competitionGuid, guids))
    .orderBy(asc(tournaments.competitionGuid), asc(tournaments.ordinal));
  const entry = await entryDraws(db, draws);
  const subs: SubscriptionRow[] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.competitionGuid, guids)));
  const matching = await db
    .select({ guid: competitions.guid, filter: filters })
    .from(competitions)
    .innerJoin(
      filters,
      and(
        eq(filters.userId, user.id),
        eq(filters.notificationsEnabled, true),
        filterMatchesCompetitionSql(filters, at),
      ),
    )
    .where(inArray(competitions.guid, guids));
  const matches = new Map<string, { count: number; reasons: Set<FilterReason> }>();
  for (const { guid, filter } of matching) {
    const entry = matches.get(guid) ?? { count: 0, reasons: new Set<FilterReason>() };
    entry.count++;
    for (const reason of filterReasons(criteriaOfFilterRow(filter))) entry.reasons.add(reason);
    matches.set(guid, entry);
  }
  const newSince = new Date(at.now.getTime() - NEW_TOURNAMENT_HOURS * 3_600_000);
  return rows.map((row) => {
    const subscriptionOf = (uuid: string) => subs.find((s) => s.tournamentUuid === uuid);
    const followedOwn = subs.filter((s) => s.competitionGuid === row.guid);
    const match = matches.get(row.guid);
    const own = draws.filter((t) => t.competitionGuid === row.guid);
    const verdictOf = (t: TournamentRow) =>
      player && entryVerdict(entryCompetition(row), entry.get(t.uuid) as EntryDraw, player, at.now);
    return {
      guid: row.guid,
      name: row.name,
      club: row.club,
      city: row.city,
      provinceSigla: row.provinceSigla,
      provinceId: row.provinceId,
      regionId: row.regionId,
      startDate: row.startDate,
      endDate: row.endDate,
      codFonte: row.codFonte,
      fonteLabel: row.fonteLabel,
      status: row.status as CompetitionSummary['status'],
      prizeMoney: row.prizeMoney,
      registrationOpensAt: iso(row.registrationOpensAt),
      registrationClosesAt: iso(row.registrationClosesAt),
      onlineRegistration: row.onlineRegistration,
      authorized: row.authorized,
      mainDraw: { type: row.tipoTorneo, categoryClass: row.catClass, ageCategory: row.catEta },
      participantsCount: row.participantsCount,
      itemsCount: row.itemsCount,
      isNew: row.addedAt !== null && row.addedAt >= newSince,
      addedAt: iso(row.addedAt),
      federationUpdatedAt: iso(row.federationModifiedAt),
      tournaments: own.map((t) => ({
        uuid: t.uuid,
        description: t.description,
        type: t.type,
        categoryClass: t.categoryClass,
        ageCategory: t.ageCategory,
        participantsCount: t.participantsCount,
        maxParticipants: t.maxParticipants,
        followed: subscriptionOf(t.uuid) !== undefined,
        subscriptionId: subscriptionOf(t.uuid)?.id ?? null,
        lost: subscriptionOf(t.uuid)?.lost ?? false,
        eligibility: verdictOf(t),
      })),
      followed: followedOwn.length > 0,
      lost: followedOwn.some((s) => s.lost),
      matchingFilters: {
        count: match?.count ?? 0,
        reasons: FILTER_REASONS.filter((reason) => match?.reasons.has(reason)),
      },
      eligibility:
        player &&
        competitionVerdict(
          entryCompetition(row),
          own.map((t) => entry.get(t.uuid) as EntryDraw),
          player,
          at.now,
        ),
      distanceKm:
        near && row.venueLat !== null && row.venueLng !== null
          ? Math.round(distanceKm(near, { lat: row.venueLat, lng: row.venueLng }) * 10) / 10
          : null,
    };
  });
}

/**
 * The `items` and `total` of a competitions search (views `list`, `schedule`, `overview`:
 * the overview's aggregates and the documents view are not part of the optimised path).
 */
export async function referenceSearch(
  db: Db,
  user: User,
  query: SearchCompetitionsQuery,
  now: Date,
  /** The user's card as the verdict reads it (decision 206); null for a user without one. */
  player: EntryPlayer | null = null,
): Promise<Pick<SearchCompetitionsResponse, 'total' | 'items'>> {
  const at = matchInstant(now);
  const eligible = player && query.eligibleOnly ? await eligibleGuids(db, player, now) : null;
  const postal = query.filters.nearPostalCode;
  const near = postal ? (placeOfPostalCode(postal)?.point ?? null) : null;
  const where = and(
    ...criteriaConditions({ ...query.filters, near }, at),
    ...textConditions(query.search),
    ...(eligible ? [eligible.length > 0 ? inArray(competitions.guid, eligible) : sql`false`] : []),
  );
  const { rows, total } = await pageRows(
    db,
    where,
    at,
    query.sort,
    near,
    query.limit,
    (query.page - 1) * query.limit,
  );
  return { total, items: await summarize(db, rows, user, at, player, near) };
}

/** The summaries of these rows for the user, as before (the overview's "closing soon" too). */
export const referenceSummaries = summarize;
