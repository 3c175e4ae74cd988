/**
 * The rules of the competition search and detail: what a result says (status, new flag, the
 * user's tournaments, matching filters), positions in a tournament, and what happens when the
 * federation is down (spec §4 "Degraded service").
 */
import {
  type CompetitionDetail,
  type CompetitionSummary,
  computePositions,
  type DocumentEntry,
  FILTER_REASONS,
  type FilterReason,
  filterReasons,
  NEW_TOURNAMENT_HOURS,
  positionOfCard,
  rankingValue,
  type SearchCompetitionsQuery,
  type SearchCompetitionsResponse,
  type SearchOverview,
  type TournamentDetail,
  type TournamentItem,
  type TournamentItemKind,
} from '@radar/shared';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SubscriptionRow, TournamentItemRow, TournamentRow, User } from '../../db/schema';
import { type FederationClient, isFederationUnavailable } from '../../federation';
import type { AppLogger as Logger } from '../../logger';
import {
  type CompetitionWithStatus,
  closingSoonRows,
  countCompetitions,
  findCompetitionRow,
  findItemsOf,
  findMatchingFilters,
  findParticipantsOf,
  findSubscriptionsOf,
  findTournamentsOf,
  overviewGroups,
  searchCompetitionRows,
  searchDocumentRows,
  textConditions,
} from './competitions.repository';
import { criteriaConditions, criteriaOfFilterRow, type MatchInstant, matchInstant } from './filter-sql';
import { markFederationDown, readFederationStatus } from './ingestion.repository';
import { refreshCompetition } from './ingestion.service';

export interface CompetitionsDeps {
  db: Db;
  federation: FederationClient | null;
  logger: Logger;
  now: () => Date;
  /** Timeout of a federation call made while a user waits. */
  liveTimeoutMs: number;
}

/** A detail read less than this long ago is shown as stored, without asking the federation. */
export const LIVE_DETAIL_MAX_AGE_MS = 60_000;
/** After a failed live read, the federation is not asked again for this long: the stored data is shown. */
export const LIVE_RETRY_AFTER_MS = 30_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export type Served<T> = { kind: 'ok'; data: T } | { kind: 'degraded'; data: T } | { kind: 'unavailable' };

// --- Summaries ----------------------------------------------------------------------------------

interface UserContext {
  subscriptions: SubscriptionRow[];
  matches: Map<string, { count: number; reasons: Set<FilterReason> }>;
}

async function userContext(db: Db, user: User, guids: string[], at: MatchInstant): Promise<UserContext> {
  const [subs, matching] = await Promise.all([
    findSubscriptionsOf(db, user.id, guids),
    findMatchingFilters(db, user.id, guids, at),
  ]);
  const matches = new Map<string, { count: number; reasons: Set<FilterReason> }>();
  for (const { guid, filter } of matching) {
    const entry = matches.get(guid) ?? { count: 0, reasons: new Set<FilterReason>() };
    entry.count++;
    for (const reason of filterReasons(criteriaOfFilterRow(filter))) entry.reasons.add(reason);
    matches.set(guid, entry);
  }
  return { subscriptions: subs, matches };
}

function toSummary(
  row: CompetitionWithStatus,
  tournaments: TournamentRow[],
  user: UserContext,
  newSince: Date,
): CompetitionSummary {
  const subscriptionOf = (uuid: string) => user.subscriptions.find((s) => s.tournamentUuid === uuid);
  const ownSubscriptions = user.subscriptions.filter((s) => s.competitionGuid === row.guid);
  const match = user.matches.get(row.guid);
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
    tournaments: tournaments.map((t) => ({
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
    })),
    followed: ownSubscriptions.length > 0,
    lost: ownSubscriptions.some((s) => s.lost),
    matchingFilters: {
      count: match?.count ?? 0,
      reasons: FILTER_REASONS.filter((reason) => match?.reasons.has(reason)),
    },
  };
}

async function summarize(
  db: Db,
  rows: CompetitionWithStatus[],
  user: User,
  at: MatchInstant,
): Promise<CompetitionSummary[]> {
  const guids = rows.map((r) => r.guid);
  const [tournaments, context] = await Promise.all([
    findTournamentsOf(db, guids),
    userContext(db, user, guids, at),
  ]);
  const newSince = new Date(at.now.getTime() - NEW_TOURNAMENT_HOURS * 3_600_000);
  return rows.map((row) =>
    toSummary(
      row,
      tournaments.filter((t) => t.competitionGuid === row.guid),
      context,
      newSince,
    ),
  );
}

// --- Search ---------------------------------------------------------------------------------------

const CLOSING_SOON_COUNT = 5;

async function overviewOf(
  db: Db,
  where: ReturnType<typeof and>,
  user: User,
  at: MatchInstant,
): Promise<SearchOverview> {
  const newSince = new Date(at.now.getTime() - NEW_TOURNAMENT_HOURS * 3_600_000);
  const [groups, closing] = await Promise.all([
    overviewGroups(db, where, at, newSince),
    closingSoonRows(db, where, at, CLOSING_SOON_COUNT),
  ]);
  const sum = <K extends string | number | null>(key: (g: (typeof groups)[number]) => K) => {
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
    closingSoon: await summarize(db, closing, user, at),
  };
}

export async function searchCompetitions(
  deps: CompetitionsDeps,
  user: User,
  query: SearchCompetitionsQuery,
): Promise<Served<SearchCompetitionsResponse>> {
  const { db } = deps;
  const at = matchInstant(deps.now());
  const where = and(...criteriaConditions(query.filters, at), ...textConditions(query.search));
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const response: SearchCompetitionsResponse = {
    view: query.view,
    page: query.page,
    limit: query.limit,
    total: 0,
    items: [],
    documents: [],
    overview: null,
  };
  if (query.view === 'documents') {
    const { rows, total } = await searchDocumentRows(db, where, page);
    response.total = total;
    response.documents = rows.map(
      (r): DocumentEntry => ({
        ...toItem(r.item),
        competitionGuid: r.item.competitionGuid,
        competitionName: r.competitionName,
        city: r.city,
        provinceSigla: r.provinceSigla,
        tournamentUuid: r.item.tournamentUuid,
        tournamentDescription: r.tournamentDescription,
      }),
    );
  } else {
    const { rows, total } = await searchCompetitionRows(db, where, at, page);
    response.total = total;
    response.items = await summarize(db, rows, user, at);
    if (query.view === 'overview') response.overview = await overviewOf(db, where, user, at);
  }

  const status = await readFederationStatus(db);
  if (status?.state !== 'down') return { kind: 'ok', data: response };
  // The federation is down: what is stored is served, marked as possibly stale; nothing stored is a 503.
  return (await countCompetitions(db)) > 0 ? { kind: 'degraded', data: response } : { kind: 'unavailable' };
}

// --- Detail ---------------------------------------------------------------------------------------

function toItem(row: TournamentItemRow): TournamentItem {
  return {
    id: row.itemId,
    kind: row.kind as TournamentItemKind,
    title: row.title,
    url: row.url,
    date: row.playDate,
    publishedAt: iso(row.publishedAt),
  };
}

/** One refresh per competition at a time (per database), however many users open it at once. */
const refreshing = new WeakMap<Db, Map<string, Promise<'found' | 'not-found'>>>();

function refreshOnce(deps: CompetitionsDeps, federation: FederationClient, guid: string) {
  let inFlight = refreshing.get(deps.db);
  if (!inFlight) {
    inFlight = new Map();
    refreshing.set(deps.db, inFlight);
  }
  const running = inFlight.get(guid);
  if (running) return running;
  const promise = refreshCompetition({ db: deps.db, federation, logger: deps.logger, now: deps.now }, guid, {
    timeoutMs: deps.liveTimeoutMs,
    maxRetries: 1,
  }).finally(() => inFlight.delete(guid));
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
  let row = await findCompetitionRow(db, guid, at);
  let degraded = false;

  const stale =
    !row?.detailSyncedAt || now.getTime() - row.detailSyncedAt.getTime() >= LIVE_DETAIL_MAX_AGE_MS;
  if (federation && stale) {
    const status = await readFederationStatus(db);
    const recentlyDown =
      status?.state === 'down' &&
      status.lastFailureAt !== null &&
      now.getTime() - status.lastFailureAt.getTime() < LIVE_RETRY_AFTER_MS;
    if (recentlyDown) {
      degraded = true;
    } else {
      try {
        const found = await refreshOnce(deps, federation, guid);
        if (found === 'not-found' && !row) return { kind: 'not-found' };
      } catch (error) {
        if (isFederationUnavailable(error)) {
          degraded = true;
          await markFederationDown(db, deps.now(), error);
        } else {
          deps.logger.error({ err: error, guid }, 'competition detail: reading the federation failed');
        }
      }
      at = matchInstant(deps.now());
      row = await findCompetitionRow(db, guid, at);
    }
  }
  if (!row) return degraded ? { kind: 'unavailable' } : { kind: 'not-found' };

  const data = await detailOf(db, row, user, at);
  return degraded ? { kind: 'degraded', data } : { kind: 'ok', data };
}

async function detailOf(
  db: Db,
  row: CompetitionWithStatus,
  user: User,
  at: MatchInstant,
): Promise<CompetitionDetail> {
  const [summary] = await summarize(db, [row], user, at);
  if (!summary) throw new Error('summary missing');
  const tournaments = await findTournamentsOf(db, [row.guid]);
  const [entries, items, subs] = await Promise.all([
    findParticipantsOf(
      db,
      tournaments.map((t) => t.uuid),
    ),
    findItemsOf(db, row.guid),
    findSubscriptionsOf(db, user.id, [row.guid]),
  ]);
  const { tournaments: _summaryTournaments, ...rest } = summary;
  return {
    ...rest,
    rulesUrl: row.rulesUrl,
    externalUrl: row.externalUrl,
    detailUpdatedAt: iso(row.detailSyncedAt),
    hasCard: Boolean(user.fitpCardNumber?.trim()),
    tournaments: tournaments.map((t): TournamentDetail => {
      const list = entries.filter((p) => p.tournamentUuid === t.uuid);
      const positioned = list.map((p) => ({
        id: p.ordinal,
        membershipCard: p.membershipCard,
        ranking: p.ranking,
        subscriptionDate: p.subscriptionDate,
      }));
      const positions = computePositions(positioned, t.admissionType);
      const mine = positionOfCard(user.fitpCardNumber, positioned, t.admissionType);
      const myRow = mine ? list.find((p) => positions.get(p.ordinal) === mine.position) : undefined;
      const subscription = subs.find((s) => s.tournamentUuid === t.uuid);
      const own = items.filter((i) => i.tournamentUuid === t.uuid).map(toItem);
      return {
        uuid: t.uuid,
        description: t.description,
        type: t.type,
        categoryClass: t.categoryClass,
        ageCategory: t.ageCategory,
        participantsCount: t.participantsCount,
        maxParticipants: t.maxParticipants,
        followed: subscription !== undefined,
        subscriptionId: subscription?.id ?? null,
        lost: subscription?.lost ?? false,
        notificationsEnabled: subscription?.notificationsEnabled ?? null,
        rankingLimit: t.rankingLimit,
        isDouble: t.isDouble,
        admissionType: t.admissionType,
        surface: t.surface,
        balls: t.balls,
        matchFormat: t.matchFormat,
        participants: list
          .map((p) => ({
            id: p.participantId,
            name: p.name,
            surname: p.surname,
            membershipCard: p.membershipCard,
            ranking: p.ranking,
            rankingValue: rankingValue(p.ranking),
            subscriptionDate: iso(p.subscriptionDate),
            club: p.club,
            position: positions.get(p.ordinal) ?? list.length,
          }))
          .sort((a, b) => a.position - b.position),
        documents: own.filter((i) => i.kind === 'document'),
        ordersOfPlay: own.filter((i) => i.kind === 'order_of_play'),
        draws: own.filter((i) => i.kind === 'draw'),
        myEntry:
          mine && myRow
            ? {
                participantId: myRow.participantId,
                position: mine.position,
                total: mine.total,
                subscriptionDate: iso(myRow.subscriptionDate),
              }
            : null,
      };
    }),
  };
}
