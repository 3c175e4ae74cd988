/**
 * The rules of the competition search and detail: what a result says (status, new flag, the
 * user's tournaments, matching filters), positions in a tournament, and what happens when the
 * federation is down (spec §4 "Degraded service").
 */
import {
  type CompetitionDetail,
  type CompetitionFile,
  type CompetitionFileKind,
  type CompetitionSummary,
  type CriteriaWithCentre,
  competitionFileUrl,
  competitionVerdict,
  type DocumentEntry,
  type EntryPlayer,
  type EntryVerdict,
  entryVerdict,
  type GeoPoint,
  NEW_TOURNAMENT_HOURS,
  normalizeCardNumber,
  rankingValue,
  type SearchCompetitionsQuery,
  type SearchCompetitionsResponse,
  type SearchOverview,
  shownDistanceKm,
  type TournamentDetail,
  type TournamentItem,
  type TournamentItemKind,
  type Venue,
} from '@radar/shared';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TournamentDeadlineRow, TournamentItemRow, TournamentRow, User } from '../../db/schema';
import { AppError } from '../../domain/errors';
import type { LiveDeps, Served } from '../../domain/served';
import { type Splice, spliceOf, spliceTail, walkable, withSplice } from '../../domain/spliced-json';
import { type FederationClient, isFederationUnavailable } from '../../federation';
import type { FederationDownload } from '../../federation/types';
import { eligibleForPlayerSql } from '../filters/eligibility-sql';
import { criteriaConditions, type MatchInstant, matchInstant } from '../filters/filter-sql';
import { matchFiltersOnPage, type PageMatch } from '../filters/filters-on-page';
import { markFederationDown, readFederationStatus } from '../ingestion/ingestion.repository';
import { type RefreshOutcome, refreshCompetition } from '../ingestion/ingestion.service';
import { nextMatchOf } from '../orders-of-play/match-times';
import { placeOfPostalCode } from '../places/places';
import { type CalendarSnapshot, calendarSnapshotsOf } from './calendar-snapshot';
import {
  FILE_KINDS,
  iso,
  toCompetitionBase,
  toCompetitionFile,
  toDeadlineBand,
  toDraw,
  toKeptTournamentSummary,
  toTournamentSummary,
  toVenue,
} from './competition-dto';
import {
  type CompetitionWithSide,
  type CompetitionWithStatus,
  closingSoonRows,
  countCompetitions,
  findCompetitionWithSide,
  findDeadlinesOf,
  findDeadlinesOfCompetition,
  findDrawsOfCompetition,
  findItemsOf,
  findParticipantsOfCompetition,
  findTournamentsOf,
  findTournamentsOfCompetition,
  type OverviewGroup,
  overviewGroups,
  readSearchContext,
  searchCompetitionRows,
  searchDocumentRows,
  storedFileExists,
  textConditions,
  type UserSide,
  type UserSubscription,
} from './competitions.repository';
import { entryOfCard, positionsOf } from './entries';
import { entryCompetitionOf, entryDrawOf, entryPlayerOf, groupDeadlines } from './entry-verdicts';
import { searchCacheOf } from './search-cache';

export type CompetitionsDeps = LiveDeps;

/** A detail read less than this long ago is shown as stored, without asking the federation. */
export const LIVE_DETAIL_MAX_AGE_MS = 60_000;
/** After a failed live read, the federation is not asked again for this long: the stored data is shown. */
export const LIVE_RETRY_AFTER_MS = 30_000;

// --- Summaries ----------------------------------------------------------------------------------

interface UserContext {
  /** The user's subscriptions to the page's tournaments, by tournament uuid. */
  byTournament: Map<string, UserSubscription>;
  /** And by competition guid. */
  byCompetition: Map<string, UserSubscription[]>;
  matches: Map<string, PageMatch>;
  /** The user's card as the entry verdict reads it; null without a card (decision 206). */
  player: EntryPlayer | null;
  /** The instant the verdicts are for. */
  now: Date;
  /** The search's centre (its `nearPostalCode`'s point): each summary's distance from it. */
  near: GeoPoint | null;
}

/** A search's query with its criteria's centre resolved (`near`, decision 202). */
export type SearchQuery = Omit<SearchCompetitionsQuery, 'filters'> & { filters: CriteriaWithCentre };

/**
 * The user's side of a page from what was read of them: their subscriptions, their enabled
 * filters matched against the page's rows once (docs/decisions/130), their card's ranking.
 */
function contextOf(
  side: UserSide,
  rows: CompetitionWithStatus[],
  at: MatchInstant,
  near: GeoPoint | null = null,
): UserContext {
  const byTournament = new Map<string, UserSubscription>();
  const byCompetition = new Map<string, UserSubscription[]>();
  for (const sub of side.subscriptions) {
    byTournament.set(sub.tournamentUuid, sub);
    const list = byCompetition.get(sub.competitionGuid) ?? [];
    list.push(sub);
    byCompetition.set(sub.competitionGuid, list);
  }
  const matches = matchFiltersOnPage(side.filters, rows, at.today);
  return { byTournament, byCompetition, matches, player: entryPlayerOf(side.card), now: at.now, near };
}

/** Additions since this instant are "new" (48 hours before `at`). */
const newSinceOf = (at: MatchInstant) => new Date(at.now.getTime() - NEW_TOURNAMENT_HOURS * 3_600_000);

/** No per-band deadlines. */
const NO_DEADLINES: readonly TournamentDeadlineRow[] = [];

/** What every user sees of a competition in a summary: its first fields, all but the user's. */
type SummaryHead = Omit<
  CompetitionSummary,
  'tournaments' | 'eligibility' | 'followed' | 'lost' | 'matchingFilters' | 'distanceKm'
>;
const summaryHeads = new WeakMap<CompetitionWithStatus, { head: SummaryHead; splice: Splice }>();
const SUMMARY_TAIL = spliceTail([
  'tournaments',
  'eligibility',
  'followed',
  'lost',
  'matchingFilters',
  'distanceKm',
]);

/** Kilometres from the centre to where the competition is played, to one decimal; null when either is unknown. */
function distanceOf(near: GeoPoint | null, row: CompetitionWithStatus): number | null {
  if (near === null || row.venueLat === null || row.venueLng === null) return null;
  return shownDistanceKm(near, { lat: row.venueLat, lng: row.venueLng });
}

/**
 * The head of a row's summary: what every user sees of it. Nothing in it depends on the user;
 * only "new" depends on the instant. For a kept answer served again (`keep`) it is made once per
 * row (and again if "new" changed) with its splice: the rows of a kept answer are shared by every
 * request, and so is the head's JSON (`spliced-json.ts`, docs/decisions/135). An answer served
 * once (a new search) pays for no splice.
 */
function summaryHead(
  row: CompetitionWithStatus,
  newSince: Date,
  keep: boolean,
): { head: SummaryHead; splice: Splice | null } {
  const isNew = row.addedAt !== null && row.addedAt >= newSince;
  const kept = keep ? summaryHeads.get(row) : undefined;
  if (kept && kept.head.isNew === isNew) return kept;
  const head: SummaryHead = {
    guid: row.guid,
    ...toCompetitionBase(row, row.status as CompetitionSummary['status']),
    provinceId: row.provinceId,
    regionId: row.regionId,
    codFonte: row.codFonte,
    fonteLabel: row.fonteLabel,
    prizeMoney: row.prizeMoney,
    onlineRegistration: row.onlineRegistration,
    authorized: row.authorized,
    mainDraw: { type: row.tipoTorneo, categoryClass: row.catClass, ageCategory: row.catEta },
    participantsCount: row.participantsCount,
    itemsCount: row.itemsCount,
    isNew,
    addedAt: iso(row.addedAt),
    federationUpdatedAt: iso(row.federationModifiedAt),
  };
  if (!keep) return { head, splice: null };
  const made = { head, splice: spliceOf(head, SUMMARY_TAIL) };
  summaryHeads.set(row, made);
  return made;
}

function toSummary(
  row: CompetitionWithStatus,
  tournaments: readonly TournamentRow[],
  deadlinesOf: ReadonlyMap<string, readonly TournamentDeadlineRow[]>,
  user: UserContext,
  newSince: Date,
  keep: boolean,
): CompetitionSummary {
  const subscriptionOf = (uuid: string) => user.byTournament.get(uuid);
  const ownSubscriptions = user.byCompetition.get(row.guid) ?? [];
  const match = user.matches.get(row.guid);
  const { head: h, splice } = summaryHead(row, newSince, keep);
  const tournamentSummary = keep ? toKeptTournamentSummary : toTournamentSummary;
  // The entry verdict of each draw and of the competition (decision 206); none without a card.
  const { player } = user;
  const competition = entryCompetitionOf(row);
  const draws = tournaments.map((t) => entryDrawOf(t, deadlinesOf.get(t.uuid) ?? NO_DEADLINES));
  const verdictOf = (i: number): EntryVerdict | null =>
    player === null ? null : entryVerdict(competition, draws[i] as (typeof draws)[number], player, user.now);
  // The head's fields in its order: the splice's text is theirs.
  const summary: CompetitionSummary = {
    guid: h.guid,
    name: h.name,
    club: h.club,
    city: h.city,
    provinceSigla: h.provinceSigla,
    startDate: h.startDate,
    endDate: h.endDate,
    status: h.status,
    registrationOpensAt: h.registrationOpensAt,
    registrationClosesAt: h.registrationClosesAt,
    provinceId: h.provinceId,
    regionId: h.regionId,
    codFonte: h.codFonte,
    fonteLabel: h.fonteLabel,
    prizeMoney: h.prizeMoney,
    onlineRegistration: h.onlineRegistration,
    authorized: h.authorized,
    mainDraw: h.mainDraw,
    participantsCount: h.participantsCount,
    itemsCount: h.itemsCount,
    isNew: h.isNew,
    addedAt: h.addedAt,
    federationUpdatedAt: h.federationUpdatedAt,
    tournaments: tournaments.map((t, i) => tournamentSummary(t, subscriptionOf(t.uuid), verdictOf(i))),
    eligibility: player === null ? null : competitionVerdict(competition, draws, player, user.now),
    followed: ownSubscriptions.length > 0,
    lost: ownSubscriptions.some((s) => s.lost),
    matchingFilters: {
      count: match?.count ?? 0,
      reasons: match?.reasons ?? [],
    },
    distanceKm: distanceOf(user.near, row),
  };
  return splice ? withSplice(summary, splice) : summary;
}

/** The page's tournaments by competition guid, in their order. */
function groupTournaments(tournaments: TournamentRow[]): Map<string, TournamentRow[]> {
  const tournamentsOf = new Map<string, TournamentRow[]>();
  for (const t of tournaments) {
    const list = tournamentsOf.get(t.competitionGuid) ?? [];
    list.push(t);
    tournamentsOf.set(t.competitionGuid, list);
  }
  return tournamentsOf;
}

/** Competitions with their tournaments: what every user sees of them alike. */
interface PublicRows {
  rows: CompetitionWithStatus[];
  tournamentsOf: ReadonlyMap<string, readonly TournamentRow[]>;
  /** The tournaments' per-band deadlines (the entry verdict's), by tournament uuid. */
  deadlinesOf: ReadonlyMap<string, readonly TournamentDeadlineRow[]>;
}

async function withTournaments(db: Db, rows: CompetitionWithStatus[]): Promise<PublicRows> {
  const tournaments = await findTournamentsOf(
    db,
    rows.map((r) => r.guid),
  );
  const deadlines = await findDeadlinesOf(
    db,
    tournaments.map((t) => t.uuid),
  );
  return { rows, tournamentsOf: groupTournaments(tournaments), deadlinesOf: groupDeadlines(deadlines) };
}

function summariesOf(
  page: PublicRows,
  context: UserContext,
  at: MatchInstant,
  keep: boolean,
): CompetitionSummary[] {
  const newSince = newSinceOf(at);
  return page.rows.map((row) =>
    toSummary(row, page.tournamentsOf.get(row.guid) ?? [], page.deadlinesOf, context, newSince, keep),
  );
}

// --- Search ---------------------------------------------------------------------------------------

const CLOSING_SOON_COUNT = 5;

/** The overview's counts and its closing-soon competitions, alike for every user. */
interface PublicOverview {
  counts: Omit<SearchOverview, 'closingSoon'>;
  closingSoon: PublicRows;
}

/** What a search shows every user alike: kept by the search cache (docs/decisions/132). */
export interface PublicAnswer {
  total: number;
  page: PublicRows;
  documents: DocumentEntry[];
  overview: PublicOverview | null;
  /** Requests it has answered: from the second on, its summaries are spliced (docs/decisions/135). */
  served: number;
}

async function publicOverview(
  db: Db,
  where: ReturnType<typeof and>,
  at: MatchInstant,
): Promise<PublicOverview> {
  const [groups, closing] = await Promise.all([
    overviewGroups(db, where, at, newSinceOf(at)),
    closingSoonRows(db, where, at, CLOSING_SOON_COUNT).then((rows) => withTournaments(db, rows)),
  ]);
  return { counts: overviewCounts(groups), closingSoon: closing };
}

/** The overview's counts from the result's groups (by status, region, source, prize band, "new"). */
function overviewCounts(groups: readonly OverviewGroup[]): PublicOverview['counts'] {
  const sum = <K extends string | number | null>(key: (g: OverviewGroup) => K) => {
    const totals = new Map<K, number>();
    for (const g of groups) totals.set(key(g), (totals.get(key(g)) ?? 0) + g.count);
    return [...totals.entries()].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
  };
  return {
    byStatus: sum((g) => g.status)
      .map(([status, count]) => ({ status: status as 1 | 2 | 3 | 4, count }))
      .sort((a, b) => a.status - b.status),
    byRegion: sum((g) => g.regionId).map(([regionId, count]) => ({ regionId, count })),
    bySource: sum((g) => g.codFonte).map(([codFonte, count]) => ({ codFonte, count })),
    byPrizeBand: sum((g) => g.band).map(([band, count]) => ({ band, count })),
    newCount: groups.filter((g) => g.isNew).reduce((n, g) => n + g.count, 0),
  };
}

/**
 * The public answer of a list or overview search from the calendar in memory (decision 136): the
 * same rows, total, tournaments and aggregates as the SQL of {@link sqlAnswer}.
 */
export function snapshotAnswer(
  snapshot: CalendarSnapshot,
  query: SearchQuery,
  at: MatchInstant,
  player: EntryPlayer | null,
): PublicAnswer {
  const asked = { filters: query.filters, search: query.search, player, sort: query.sort };
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const { rows, total } = snapshot.search(asked, at, page);
  const withDraws = (list: CompetitionWithStatus[]): PublicRows => ({
    rows: list,
    tournamentsOf: new Map(list.map((row) => [row.guid, snapshot.tournamentsOf.get(row.guid) ?? []])),
    deadlinesOf: snapshot.deadlinesOf,
  });
  let overview: PublicOverview | null = null;
  if (query.view === 'overview') {
    const { groups, closingSoon } = snapshot.overview(asked, at, newSinceOf(at), CLOSING_SOON_COUNT);
    overview = { counts: overviewCounts(groups), closingSoon: withDraws(closingSoon) };
  }
  return { total, page: withDraws(rows), documents: [], overview, served: 0 };
}

/**
 * What a search shows every user alike, from the database: the calendar in memory when it has
 * reached the calendar `version` the search read (lists and the overview), else SQL.
 */
async function publicAnswer(
  db: Db,
  query: SearchQuery,
  at: MatchInstant,
  player: EntryPlayer | null,
  version: number,
): Promise<PublicAnswer> {
  if (query.view !== 'documents') {
    const snapshot = calendarSnapshotsOf(db).usable(version);
    if (snapshot) return snapshotAnswer(snapshot, query, at, player);
  }
  return sqlAnswer(db, query, at, player);
}

/** The public answer of a search in SQL: every view, whatever the calendar in memory. */
export async function sqlAnswer(
  db: Db,
  query: SearchQuery,
  at: MatchInstant,
  player: EntryPlayer | null,
): Promise<PublicAnswer> {
  const where = and(
    ...criteriaConditions(query.filters, at),
    ...textConditions(query.search),
    ...(player !== null ? [eligibleForPlayerSql(player, at)] : []),
  );
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  if (query.view === 'documents') {
    const { rows, total } = await searchDocumentRows(db, where, page);
    return {
      total,
      served: 0,
      page: { rows: [], tournamentsOf: new Map(), deadlinesOf: new Map() },
      overview: null,
      documents: rows.map(
        (r): DocumentEntry => ({
          ...toItem(r.item),
          competitionGuid: r.item.competitionGuid,
          competitionName: r.competitionName,
          city: r.city,
          provinceSigla: r.provinceSigla,
          // A competition's file has no tournament (minimal fix for item_key; the DTO is reworked in issue 27).
          tournamentUuid: r.item.tournamentUuid ?? '',
          tournamentDescription: r.tournamentDescription ?? '',
          tournamentDraw:
            r.item.tournamentUuid === null
              ? null
              : { type: r.drawType, categoryClass: r.categoryClass, ageCategory: r.ageCategory },
        }),
      ),
    };
  }
  const [{ rows, total }, overview] = await Promise.all([
    searchCompetitionRows(db, where, at, page, query.sort, query.filters.near),
    query.view === 'overview' ? publicOverview(db, where, at) : null,
  ]);
  return { total, page: await withTournaments(db, rows), documents: [], overview, served: 0 };
}

/** The point of a search's postal code; null without one. */
export function centreOf(postalCode: string | null): GeoPoint | null {
  if (postalCode === null) return null;
  const place = placeOfPostalCode(postalCode);
  if (!place) throw new AppError('POSTAL_CODE_UNKNOWN', 404, { postal: postalCode });
  return place.point;
}

/**
 * The search: its public answer from the search cache (or computed), then the user's side of
 * every competition shown (the page's and the overview's closing-soon ones, in one read).
 */
export async function searchCompetitions(
  deps: CompetitionsDeps,
  user: User,
  asked: SearchCompetitionsQuery,
): Promise<Served<SearchCompetitionsResponse>> {
  const { db } = deps;
  const at = matchInstant(deps.now());
  // The centre of "within N km" and of the distances (an unknown postal code fails before any query).
  const query: SearchQuery = {
    ...asked,
    filters: { ...asked.filters, near: centreOf(asked.filters.nearPostalCode) },
  };
  // The calendar's version, the federation's state and the user's side, in one round trip.
  const context = await readSearchContext(db, user.id);
  const cache = searchCacheOf(db);
  cache.foldWhenLarge(context.pending);
  // "Only tournaments I can enter": the player's whole side of the rule is part of the key.
  const card = query.eligibleOnly ? context.user.card : null;
  const player = entryPlayerOf(card);
  const key = JSON.stringify([
    query.view,
    query.sort,
    query.page,
    query.limit,
    query.search,
    query.filters,
    at.today,
    card && [card.ranking, card.gender, card.birthYear, [...card.entered].sort()],
  ]);
  const answer = await cache.get(context.version, at.now, key, () =>
    publicAnswer(db, query, at, player, context.version),
  );
  // A kept answer served again: its rows' shared JSON is worth making (and then kept with them).
  const keep = answer.served++ > 0;

  // Written field by field, so that its summaries are spliced from their kept JSON.
  const response: SearchCompetitionsResponse = walkable({
    view: query.view,
    page: query.page,
    limit: query.limit,
    total: answer.total,
    items: [],
    documents: answer.documents,
    overview: null,
  });
  if (query.view !== 'documents') {
    const shown = answer.overview
      ? [...answer.page.rows, ...answer.overview.closingSoon.rows]
      : answer.page.rows;
    const side = contextOf(context.user, shown, at, query.filters.near);
    response.items = summariesOf(answer.page, side, at, keep);
    if (answer.overview) {
      response.overview = walkable({
        ...answer.overview.counts,
        closingSoon: summariesOf(answer.overview.closingSoon, side, at, keep),
      });
    }
  }

  if (context.federationState !== 'down') return { kind: 'ok', data: response };
  // The federation is down: what is stored is served, marked as possibly stale; nothing stored is a 503.
  return (await countCompetitions(db)) > 0 ? { kind: 'degraded', data: response } : { kind: 'unavailable' };
}

// --- Detail ---------------------------------------------------------------------------------------

/** A stable number for an item's key (minimal fix for item_key: the DTO's `id` is reworked in issue 27). */
function itemNumber(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash & 0x7fffffff;
}

function toItem(row: TournamentItemRow): TournamentItem {
  return {
    id: itemNumber(`${row.kind}:${row.itemKey}`),
    kind: row.kind as TournamentItemKind,
    title: row.title,
    // A file is served through our server (the federation blocks browsers); a draw has no file.
    url: FILE_KINDS.has(row.kind)
      ? competitionFileUrl(row.competitionGuid, row.kind as CompetitionFileKind, row.itemKey)
      : row.url,
    date: row.playDate,
    publishedAt: iso(row.publishedAt),
  };
}

/** One refresh per competition at a time (per database), however many users open it at once. */
const refreshing = new WeakMap<Db, Map<string, Promise<RefreshOutcome>>>();

function refreshOnce(deps: CompetitionsDeps, federation: FederationClient, guid: string, stored: boolean) {
  let inFlight = refreshing.get(deps.db);
  if (!inFlight) {
    inFlight = new Map();
    refreshing.set(deps.db, inFlight);
  }
  const running = inFlight.get(guid);
  if (running) return running;
  const promise = refreshCompetition(
    { db: deps.db, federation, logger: deps.logger, now: deps.now },
    guid,
    { timeoutMs: deps.liveTimeoutMs, maxRetries: 1 },
    { stored },
  )
    .then((outcome) => {
      // Followers hear of what the visit found now; a failed request is caught up by the safety net.
      if (outcome.found && outcome.itemEvents > 0)
        deps.requestLiveUpdates().catch((error: unknown) => {
          deps.logger.warn({ err: error, guid }, 'competition detail: asking for live updates failed');
        });
      return outcome;
    })
    .finally(() => inFlight.delete(guid));
  inFlight.set(guid, promise);
  return promise;
}

/**
 * Reads the competition from the federation when the stored detail is older than a minute
 * (or missing), then answers from the database. With the federation down it answers what is
 * stored, degraded; with nothing stored, unavailable.
 */
export async function getCompetitionDetail(
  deps: CompetitionsDeps,
  user: User,
  guid: string,
): Promise<Served<CompetitionDetail> | { kind: 'not-found' }> {
  const { db, federation } = deps;
  const now = deps.now();
  let at = matchInstant(now);
  // The competition, the user's side of it and the federation's state: one round trip.
  let found = await findCompetitionWithSide(db, guid, user.id, at);
  let degraded = false;

  const synced = found?.row.detailSyncedAt;
  const stale = !synced || now.getTime() - synced.getTime() >= LIVE_DETAIL_MAX_AGE_MS;
  if (federation && stale) {
    const status = found ? found.federation : await readFederationStatus(db);
    const recentlyDown =
      status?.state === 'down' &&
      status.lastFailureAt !== null &&
      now.getTime() - status.lastFailureAt.getTime() < LIVE_RETRY_AFTER_MS;
    if (recentlyDown) {
      degraded = true;
    } else {
      const failed = async (error: unknown) => {
        if (isFederationUnavailable(error)) {
          await markFederationDown(db, deps.now(), error);
          return true;
        }
        deps.logger.error({ err: error, guid }, 'competition detail: reading the federation failed');
        return false;
      };
      const refresh = refreshOnce(deps, federation, guid, found !== null);
      // The whole read (several calls, a retry) is bounded by the live timeout: past it the
      // stored data is served, degraded, and the read finishes in the background.
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<'too-slow'>((resolve) => {
        timer = setTimeout(() => resolve('too-slow'), deps.liveTimeoutMs);
      });
      let touchedAt: Date | null = null;
      try {
        const outcome = await Promise.race([refresh, budget]);
        if (outcome === 'too-slow') {
          degraded = true;
          deps.logger.warn(
            { guid, budgetMs: deps.liveTimeoutMs },
            'competition detail: the federation is slow',
          );
          refresh.catch(failed).catch(() => undefined);
        } else if (!outcome.found && !found) {
          return { kind: 'not-found' };
        } else if (outcome.found) {
          touchedAt = outcome.touchedAt;
        }
      } catch (error) {
        if (await failed(error)) degraded = true;
      } finally {
        clearTimeout(timer);
      }
      if (found && touchedAt) {
        // The federation said what is stored: only the read instant moved, nothing to read again.
        found = { ...found, row: { ...found.row, detailSyncedAt: touchedAt } };
      } else {
        at = matchInstant(deps.now());
        found = await findCompetitionWithSide(db, guid, user.id, at);
      }
    }
  }
  if (!found) return degraded ? { kind: 'unavailable' } : { kind: 'not-found' };

  const data = await detailOf(db, found, user, at);
  return degraded ? { kind: 'degraded', data } : { kind: 'ok', data };
}

/** Whether the federation publishes an individual detail for the competition (not TPRA, not team). */
function detailPublished(row: CompetitionWithSide['row']): boolean {
  if (row.tpraId !== null || row.codFonte === 2 || row.codFonte === 3) return false;
  return row.detailStatus !== 'unpublished';
}

async function detailOf(
  db: Db,
  { row, user: side }: CompetitionWithSide,
  user: User,
  at: MatchInstant,
): Promise<CompetitionDetail> {
  const [tournaments, entries, items, deadlines, draws, myMatch] = await Promise.all([
    findTournamentsOfCompetition(db, row.guid),
    findParticipantsOfCompetition(db, row.guid),
    findItemsOf(db, row.guid),
    findDeadlinesOfCompetition(db, row.guid),
    findDrawsOfCompetition(db, row.guid),
    user.fitpCardNumber?.trim() ? nextMatchOf(db, user.id, row.guid, at.today) : null,
  ]);
  const deadlinesOf = groupDeadlines(deadlines);
  const myCard = normalizeCardNumber(user.fitpCardNumber);
  const entriesOf = new Map(
    tournaments.map((t) => {
      const list = entries.filter((p) => p.tournamentUuid === t.uuid);
      const positions = positionsOf(list, t.admissionType);
      return [t.uuid, { list, positions, mine: entryOfCard(list, t, myCard, positions) }] as const;
    }),
  );
  const context = contextOf(side, [row], at);
  // The card's entries as the detail finds them count as entered too (its "your entry").
  if (context.player) {
    const entered = new Set(context.player.entered);
    for (const [uuid, { mine }] of entriesOf) if (mine) entered.add(uuid);
    context.player = { ...context.player, entered };
  }
  const summary = toSummary(row, tournaments, deadlinesOf, context, newSinceOf(at), false);
  const verdicts = new Map(summary.tournaments.map((t) => [t.uuid, t.eligibility]));
  const subs = side.subscriptions;
  const { tournaments: _summaryTournaments, ...rest } = summary;
  const files = items.map(toCompetitionFile).filter((f): f is CompetitionFile => f !== null);
  const venues = new Map<string, Venue>();
  for (const t of tournaments) {
    const venue = toVenue(t.venue);
    if (venue) venues.set(JSON.stringify(venue), venue);
  }
  return {
    ...rest,
    rulesUrl: row.rulesUrl,
    externalUrl: row.externalUrl,
    detailUpdatedAt: iso(row.detailSyncedAt),
    detailPublished: detailPublished(row),
    endDateKnown: row.endDateKnown,
    bands: row.bands,
    ageCodes: row.ageCodes,
    venues: [...venues.values()],
    documents: files.filter((f) => f.kind === 'document'),
    rules: files.filter((f) => f.kind === 'rules'),
    ordersOfPlay: files
      .filter((f) => f.kind === 'order_of_play')
      .sort(
        (a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.fileName.localeCompare(b.fileName),
      ),
    myMatch,
    hasCard: Boolean(user.fitpCardNumber?.trim()),
    cardRanking: side.card?.ranking ?? null,
    tournaments: tournaments.map((t): TournamentDetail => {
      const { list, positions, mine } = entriesOf.get(t.uuid) as NonNullable<
        ReturnType<typeof entriesOf.get>
      >;
      const { positionOf, total } = positions;
      const myRow = mine?.row;
      const partner =
        myRow && myRow.pair !== null
          ? list.find((p) => p.pair === myRow.pair && p.ordinal !== myRow.ordinal)
          : undefined;
      const subscription = subs.find((s) => s.tournamentUuid === t.uuid);
      const sections = new Map(t.sections.map((section) => [section.code, section.description]));
      return {
        ...toTournamentSummary(t, subscription, verdicts.get(t.uuid) ?? null),
        notificationsEnabled: subscription?.notificationsEnabled ?? null,
        rankingLimit: t.rankingLimit,
        isDouble: t.isDouble,
        admissionType: t.admissionType,
        gender: t.gender,
        ageCodes: t.ageCodes,
        availableRankings: t.availableRankings,
        registrationClosesAt: iso(t.registrationClosesAt),
        deadlines: deadlines.filter((d) => d.tournamentUuid === t.uuid).map(toDeadlineBand),
        surface: t.surface,
        balls: t.balls,
        matchFormat: t.matchFormat,
        fee: t.fee,
        weekdayMatchTime: t.weekdayMatchTime,
        festiveMatchTime: t.festiveMatchTime,
        billboardTime: t.billboardTime,
        nightPlay: t.nightPlay,
        courts: t.courts,
        venue: toVenue(t.venue),
        participants: list
          .map((p) => ({
            id: p.ordinal,
            name: p.name,
            surname: p.surname,
            membershipCard: p.membershipCard,
            ranking: p.ranking,
            rankingValue: rankingValue(p.ranking),
            subscriptionDate: iso(p.subscriptionDate),
            club: p.club,
            position: positionOf.get(p.ordinal) ?? total,
            isMe: myRow !== undefined && p.ordinal === myRow.ordinal,
          }))
          .sort((a, b) => a.position - b.position || a.id - b.id),
        draws: draws
          .filter((d) => d.tournamentUuid === t.uuid)
          .map((d) => toDraw(d, sections.get(d.sectionCode) ?? null, myCard)),
        myEntry:
          mine && myRow
            ? {
                participantId: myRow.ordinal,
                position: mine.position,
                total: mine.total,
                subscriptionDate: iso(myRow.subscriptionDate),
                cutLine: mine.cutLine,
                reservePosition: mine.reservePosition,
                partner: partner
                  ? {
                      name: partner.name,
                      surname: partner.surname,
                      membershipCard: partner.membershipCard,
                      ranking: partner.ranking,
                    }
                  : null,
              }
            : null,
      };
    }),
  };
}

// --- Files (documents, rules, orders of play) relayed to the user ---------------------------------

export type FileAnswer =
  | { kind: 'ok'; file: FederationDownload }
  | { kind: 'not-found' }
  | { kind: 'unavailable' };

/**
 * A competition's file, streamed from the federation (it blocks browsers by CORS, so a phone
 * cannot read it there). Only a name stored for that competition and kind is asked for, never
 * one the user made up; the federation down is `unavailable`, its 404 `not-found`.
 */
export async function getCompetitionFile(
  deps: CompetitionsDeps,
  guid: string,
  kind: CompetitionFileKind,
  fileName: string,
): Promise<FileAnswer> {
  if (!(await storedFileExists(deps.db, guid, kind, fileName))) return { kind: 'not-found' };
  if (!deps.federation) return { kind: 'unavailable' };
  try {
    const file = await deps.federation.download(kind, guid, fileName, {
      timeoutMs: deps.liveTimeoutMs,
      maxRetries: 1,
    });
    return file ? { kind: 'ok', file } : { kind: 'not-found' };
  } catch (error) {
    if (!isFederationUnavailable(error)) throw error;
    await markFederationDown(deps.db, deps.now(), error);
    return { kind: 'unavailable' };
  }
}
