/**
 * The rules of the competition search and detail: what a result says (status, new flag, the
 * user's tournaments, matching filters), positions in a tournament, and what happens when the
 * federation is down (spec §4 "Degraded service").
 */
import {
  type CompetitionDetail,
  type CompetitionSummary,
  competitionEligibility,
  computePositions,
  cutLineState,
  type DocumentEntry,
  eligibilityFor,
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
import type { LiveDeps, Served } from '../../http/served';
import {
  criteriaConditions,
  criteriaOfFilterRow,
  type MatchInstant,
  matchInstant,
} from '../filters/filter-sql';
import { matchFiltersOnPage, type PageMatch } from '../filters/filters-on-page';
import { eligibleForCardSql } from '../fitp/eligibility-sql';
import { findCard } from '../fitp/fitp.repository';
import { markFederationDown, readFederationStatus } from '../ingestion/ingestion.repository';
import { refreshCompetition } from '../ingestion/ingestion.service';
import { iso, toCompetitionBase, toTournamentSummary } from './competition-dto';
import {
  type CompetitionWithStatus,
  closingSoonRows,
  countCompetitions,
  findCompetitionRow,
  findEnabledFilters,
  findItemsOf,
  findParticipantsOf,
  findSubscriptionsOf,
  findTournamentsOf,
  overviewGroups,
  searchCompetitionRows,
  searchDocumentRows,
  textConditions,
} from './competitions.repository';

export type CompetitionsDeps = LiveDeps;

/** A detail read less than this long ago is shown as stored, without asking the federation. */
export const LIVE_DETAIL_MAX_AGE_MS = 60_000;
/** After a failed live read, the federation is not asked again for this long: the stored data is shown. */
export const LIVE_RETRY_AFTER_MS = 30_000;

// --- Summaries ----------------------------------------------------------------------------------

interface UserContext {
  /** The user's subscriptions to the page's tournaments, by tournament uuid. */
  byTournament: Map<string, SubscriptionRow>;
  /** And by competition guid. */
  byCompetition: Map<string, SubscriptionRow[]>;
  matches: Map<string, PageMatch>;
  /** The ranking of the user's federation card (eligibility); null without a card. */
  cardRanking: string | null;
}

/**
 * The user's side of a page: their subscriptions to its competitions, their enabled filters —
 * read once and matched against the page's rows (docs/decisions/130) — and their card's ranking.
 */
async function userContext(
  db: Db,
  user: User,
  rows: CompetitionWithStatus[],
  at: MatchInstant,
): Promise<UserContext> {
  const [subs, enabled, card] = await Promise.all([
    findSubscriptionsOf(
      db,
      user.id,
      rows.map((r) => r.guid),
    ),
    findEnabledFilters(db, user.id),
    findCard(db, user.id),
  ]);
  const byTournament = new Map<string, SubscriptionRow>();
  const byCompetition = new Map<string, SubscriptionRow[]>();
  for (const sub of subs) {
    byTournament.set(sub.tournamentUuid, sub);
    const list = byCompetition.get(sub.competitionGuid) ?? [];
    list.push(sub);
    byCompetition.set(sub.competitionGuid, list);
  }
  const matches = matchFiltersOnPage(enabled.map(criteriaOfFilterRow), rows, at.today);
  return { byTournament, byCompetition, matches, cardRanking: card ? (card.ranking ?? '') : null };
}

/** Eligibility by the card's ranking; null without a card (docs/decisions/101). */
const eligibilityOf = (
  cardRanking: string | null,
  draw: { rankingLimit?: string | null; categoryClass?: number | null },
) => (cardRanking === null ? null : eligibilityFor(cardRanking, draw));

function toSummary(
  row: CompetitionWithStatus,
  tournaments: TournamentRow[],
  user: UserContext,
  newSince: Date,
): CompetitionSummary {
  const subscriptionOf = (uuid: string) => user.byTournament.get(uuid);
  const ownSubscriptions = user.byCompetition.get(row.guid) ?? [];
  const match = user.matches.get(row.guid);
  return {
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
    isNew: row.addedAt !== null && row.addedAt >= newSince,
    addedAt: iso(row.addedAt),
    federationUpdatedAt: iso(row.federationModifiedAt),
    tournaments: tournaments.map((t) =>
      toTournamentSummary(t, subscriptionOf(t.uuid), eligibilityOf(user.cardRanking, t)),
    ),
    eligibility:
      user.cardRanking === null
        ? null
        : competitionEligibility(
            user.cardRanking,
            tournaments.length > 0 ? tournaments : [{ categoryClass: row.catClass }],
          ),
    followed: ownSubscriptions.length > 0,
    lost: ownSubscriptions.some((s) => s.lost),
    matchingFilters: {
      count: match?.count ?? 0,
      reasons: match?.reasons ?? [],
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
    userContext(db, user, rows, at),
  ]);
  const tournamentsOf = new Map<string, TournamentRow[]>();
  for (const t of tournaments) {
    const list = tournamentsOf.get(t.competitionGuid) ?? [];
    list.push(t);
    tournamentsOf.set(t.competitionGuid, list);
  }
  const newSince = new Date(at.now.getTime() - NEW_TOURNAMENT_HOURS * 3_600_000);
  return rows.map((row) => toSummary(row, tournamentsOf.get(row.guid) ?? [], context, newSince));
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
  // Read beside the search rather than after it (one round trip less on the critical path).
  const statusRead = readFederationStatus(db);
  statusRead.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  const at = matchInstant(deps.now());
  const card = query.eligibleOnly ? await findCard(db, user.id) : undefined;
  const where = and(
    ...criteriaConditions(query.filters, at),
    ...textConditions(query.search),
    ...(card ? [eligibleForCardSql(card.ranking)] : []),
  );
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

  const status = await statusRead;
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
      const failed = async (error: unknown) => {
        if (isFederationUnavailable(error)) {
          await markFederationDown(db, deps.now(), error);
          return true;
        }
        deps.logger.error({ err: error, guid }, 'competition detail: reading the federation failed');
        return false;
      };
      const refresh = refreshOnce(deps, federation, guid);
      // The whole read (several calls, a retry) is bounded by the live timeout: past it the
      // stored data is served, degraded, and the read finishes in the background.
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<'too-slow'>((resolve) => {
        timer = setTimeout(() => resolve('too-slow'), deps.liveTimeoutMs);
      });
      try {
        const found = await Promise.race([refresh, budget]);
        if (found === 'too-slow') {
          degraded = true;
          deps.logger.warn(
            { guid, budgetMs: deps.liveTimeoutMs },
            'competition detail: the federation is slow',
          );
          refresh.catch(failed).catch(() => undefined);
        } else if (found === 'not-found' && !row) {
          return { kind: 'not-found' };
        }
      } catch (error) {
        if (await failed(error)) degraded = true;
      } finally {
        clearTimeout(timer);
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
  const [entries, items, subs, card] = await Promise.all([
    findParticipantsOf(
      db,
      tournaments.map((t) => t.uuid),
    ),
    findItemsOf(db, row.guid),
    findSubscriptionsOf(db, user.id, [row.guid]),
    findCard(db, user.id),
  ]);
  const { tournaments: _summaryTournaments, ...rest } = summary;
  return {
    ...rest,
    rulesUrl: row.rulesUrl,
    externalUrl: row.externalUrl,
    detailUpdatedAt: iso(row.detailSyncedAt),
    hasCard: Boolean(user.fitpCardNumber?.trim()),
    cardRanking: card?.ranking ?? null,
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
      const cutLine = mine ? cutLineState(mine.position, t.maxParticipants) : 'unknown';
      const subscription = subs.find((s) => s.tournamentUuid === t.uuid);
      const own = items.filter((i) => i.tournamentUuid === t.uuid).map(toItem);
      return {
        ...toTournamentSummary(t, subscription, card ? eligibilityFor(card.ranking, t) : null),
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
            isMe: myRow !== undefined && p.ordinal === myRow.ordinal,
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
                cutLine,
                reservePosition:
                  cutLine === 'reserve' && t.maxParticipants ? mine.position - t.maxParticipants : null,
              }
            : null,
      };
    }),
  };
}
