/**
 * Ingestion: reads the federation's calendar into the database and records what changed
 * (events.ts). One pass sweeps the list by shards (sweep.ts) and applies the snapshot only when
 * its totals reconcile, then reads what cadence.ts says is due now: details, file lists, draws.
 * Events are recorded in the same transactions as the data. Idempotent: a second pass over
 * unchanged data records nothing. One failing competition never stops the others; with the
 * federation down, or a snapshot that does not add up, the stored data stays as it was
 * (docs/decisions/022, 181).
 */

import { createHash } from 'node:crypto';
import {
  addDays,
  COMPETITION_EVENT_KINDS,
  type CompetitionEventKind,
  drawKeys,
  findProvinceBySigla,
  foldText,
  rankingValue,
  romeDate,
} from '@radar/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { competitions } from '../../db/schema';
import { isFederationUnavailable } from '../../federation/errors';
import type {
  CallOptions,
  FederationClient,
  FederationCompetition,
  FederationCompetitionDetail,
  FederationDraw,
  FederationTournament,
  OrderOfPlayFile,
} from '../../federation/types';
import type { AppLogger as Logger } from '../../logger';
import { dedupeKeys, type NewCompetitionEvent } from '../events/events';
import { venuePointOf } from '../places/places';
import {
  CADENCE,
  type CadenceCompetition,
  type CompetitionWork,
  competitionWork,
  type SweepPlan,
  sweepPlan,
} from './cadence';
import {
  type CompetitionListValues,
  cadenceCandidates,
  deadlineSignature,
  drawTournaments,
  findTournamentDraws,
  hasCompetition,
  hasEnded,
  hasReadDetail,
  insertEvents,
  insertItems,
  itemsCountOf,
  lockDetailState,
  lockDrawChecksum,
  lockFileKeys,
  lockListState,
  markFederationDown,
  markFederationUp,
  participantsCountOf,
  readFederationStatus,
  replaceDeadlines,
  replaceParticipants,
  type StoredListState,
  touchUnchangedDetail,
  updateCompetitionDetail,
  upsertDraw,
  upsertListRows,
  upsertTournaments,
  writeFederationStatus,
} from './ingestion.repository';
import { PAGE_ROWS, sweepCalendar } from './sweep';

export type Clock = () => Date;

export interface IngestionDeps {
  db: Db;
  federation: FederationClient;
  logger: Logger;
  now: Clock;
}

/** This many calls failing in a row as "service down" end the pass. */
const MAX_CONSECUTIVE_UNAVAILABLE = 8;
/** Competitions read side by side (§10: ≤ 4 requests in flight). */
const COMPETITION_WORKERS = 4;

export type EventCounts = Record<CompetitionEventKind, number>;

export interface IngestionSummary {
  startedAt: string;
  finishedAt: string;
  /** The first pass: it loads the calendar, records no events and marks nothing as new. */
  baseline: boolean;
  /** `full`: the whole calendar; `near`: the next 60 days (cadence.ts). */
  sweep: SweepPlan['mode'];
  /** List calls of the sweep. */
  listCalls: number;
  listed: number;
  added: number;
  detailsRead: number;
  /** Details read again and found unchanged (checksum): nothing written. */
  detailsUnchanged: number;
  detailsUnpublished: number;
  detailsFailed: number;
  fileListsRead: number;
  drawsRead: number;
  /** List rows the database refused (logged by guid and skipped; the rest of their page is stored). */
  rowsFailed: number;
  events: EventCounts;
  /** The list could not be read in full or did not reconcile, or too many calls failed as "service down". */
  federationDown: boolean;
  error: string | null;
  /** The last full sweep applied (this pass's or an earlier one's), ISO. */
  lastFullSweepAt: string | null;
}

const emptyCounts = (): EventCounts =>
  Object.fromEntries(COMPETITION_EVENT_KINDS.map((kind) => [kind, 0])) as EventCounts;

function count(counts: EventCounts, events: readonly NewCompetitionEvent[]): void {
  for (const event of events) counts[event.kind]++;
}

const checksum = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

// --- The list ---------------------------------------------------------------------------------

interface ListContext {
  now: Date;
  baseline: boolean;
}

interface ListOutcome {
  events: NewCompetitionEvent[];
  added: number;
}

function listEvents(row: FederationCompetition, stored: StoredListState | undefined, ctx: ListContext) {
  const events: NewCompetitionEvent[] = [];
  const base = { competitionGuid: row.guid, tournamentUuid: null, itemKey: null };
  const endDate = row.endDate ?? row.startDate;
  if (!stored) {
    if (!ctx.baseline) {
      events.push({
        ...base,
        kind: 'new_competition',
        dedupeKey: dedupeKeys.newCompetition(row.guid),
        payload: {
          competitionName: row.name,
          startDate: row.startDate,
          endDate,
          regionId: row.regionId,
          provinceId: row.provinceId,
          codFonte: row.codFonte,
        },
      });
    }
    return events;
  }
  if (stored.startDate !== row.startDate || stored.endDate !== endDate) {
    const from = { startDate: stored.startDate, endDate: stored.endDate };
    const to = { startDate: row.startDate, endDate };
    events.push({
      ...base,
      kind: 'dates_changed',
      dedupeKey: dedupeKeys.datesChanged(
        row.guid,
        `${from.startDate}/${from.endDate}`,
        `${to.startDate}/${to.endDate}`,
      ),
      payload: { competitionName: row.name, from, to },
    });
  }
  return events;
}

function listValues(
  row: FederationCompetition,
  tournamentDraws: readonly {
    type: string | null;
    categoryClass: number | null;
    ageCategory: string | null;
  }[],
  ctx: ListContext,
): CompetitionListValues {
  return {
    guid: row.guid,
    name: row.name,
    club: row.club,
    city: row.city,
    provinceSigla: row.provinceSigla,
    provinceId: row.provinceId,
    regionId: row.regionId,
    startDate: row.startDate,
    // Unknown (team championships): the start, flagged as such.
    endDate: row.endDate ?? row.startDate,
    endDateKnown: row.endDate !== null,
    tpraId: row.tpraId,
    sector: row.sector,
    bands: row.bands,
    ageCodes: row.ageCodes,
    drawTypes: row.drawTypes,
    codFonte: row.codFonte,
    fonteLabel: row.fonteLabel,
    idDisciplina: row.idDisciplina === null ? null : String(row.idDisciplina),
    idStato: row.idStato,
    tipoTorneo: row.mainDraw.type,
    catClass: row.mainDraw.categoryClass,
    catEta: row.mainDraw.ageCategory,
    // Every draw the row offers (the federation ignores these filters: we match them, issue 27 point 3).
    drawKeys: drawKeys([row.mainDraw, ...row.draws, ...tournamentDraws]),
    onlineRegistration: row.onlineRegistration,
    authorized: row.authorized,
    // The real federation gives no opening instant (§1): cleared, so the assumed dialect's is not kept.
    registrationOpensAt: null,
    searchText: foldText([row.name, row.club, row.city].filter(Boolean).join(' ')),
    // The organiser's seat; a detail's venue, once read, is kept over it (`upsertListRows`).
    ...venuePointOf([], row),
    addedAt: ctx.baseline ? null : ctx.now,
    firstSeenAt: ctx.now,
    listSyncedAt: ctx.now,
    updatedAt: ctx.now,
  };
}

/** Upserts list rows and records their events, in one transaction. */
export async function applyListRows(
  db: Db,
  rows: FederationCompetition[],
  ctx: ListContext,
): Promise<ListOutcome> {
  const unique = [...new Map(rows.map((row) => [row.guid, row])).values()];
  const guids = unique.map((row) => row.guid);
  return db.transaction(async (tx) => {
    const stored = await lockListState(tx, guids);
    const tournamentDraws = new Map<
      string,
      { type: string | null; categoryClass: number | null; ageCategory: string | null }[]
    >();
    for (const draw of await findTournamentDraws(tx, guids)) {
      const list = tournamentDraws.get(draw.competitionGuid) ?? [];
      list.push(draw);
      tournamentDraws.set(draw.competitionGuid, list);
    }
    const events: NewCompetitionEvent[] = [];
    let added = 0;
    for (const row of unique) {
      const previous = stored.get(row.guid);
      if (!previous) added++;
      events.push(...listEvents(row, previous, ctx));
    }
    await upsertListRows(
      tx,
      unique.map((row) => listValues(row, tournamentDraws.get(row.guid) ?? [], ctx)),
    );
    const recorded = await insertEvents(tx, events, ctx.now);
    return { events: recorded, added };
  });
}

// --- One competition's detail -----------------------------------------------------------------

/**
 * What a detail's write derives from it beyond the detail itself: bumped when a write starts
 * storing something new, so that every stored detail is written once more at its next read
 * (2: the venue's point, decision 202).
 */
const DETAIL_WRITE_VERSION = 2;

/** The checksum of a detail as read (decision 134): equal checksums, equal writes. */
export const detailFingerprint = (detail: FederationCompetitionDetail): string =>
  checksum({ write: DETAIL_WRITE_VERSION, detail });

/** A tournament's last deadline: its latest band deadline, else `DateEndSubscription`. */
function closesAtOf(t: FederationTournament): Date | null {
  const bands = t.deadlines.flatMap((d) => (d.closesAt ? [d.closesAt.getTime()] : []));
  if (bands.length > 0) return new Date(Math.max(...bands));
  return t.registrationClosesAt;
}

function latest(dates: readonly (Date | null)[]): Date | null {
  const times = dates.flatMap((d) => (d ? [d.getTime()] : []));
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

/**
 * The best ranking a tournament admits (the eligibility's "ranking limit"): the best of its
 * `AvailableRankings`; null when none is readable.
 */
export function bestRankingOf(rankings: readonly string[]): string | null {
  let best: { ranking: string; value: number } | null = null;
  for (const ranking of rankings) {
    const value = rankingValue(ranking);
    if (value !== null && (best === null || value < best.value)) best = { ranking, value };
  }
  return best?.ranking ?? null;
}

/** Entries: pairs in doubles (both players share `pair`), players in singles. */
function entriesOf(t: FederationTournament): number {
  if (t.participants.length === 0) return t.participantsCount ?? 0;
  if (!t.isDouble) return t.participants.length;
  return new Set(t.participants.map((p, i) => p.pair ?? `single:${i}`)).size;
}

/**
 * Writes a competition's detail and records its new tournaments and a moved deadline, in one
 * transaction. The competition must be stored already (from the list). A competition read for
 * the first time (no checksum stored: never read, or read in the old dialect) is a starting
 * point, not news.
 */
export async function applyDetail(
  db: Db,
  guid: string,
  detail: FederationCompetitionDetail,
  now: Date,
  options: { baseline: boolean; fingerprint?: string },
): Promise<NewCompetitionEvent[]> {
  const fingerprint = options.fingerprint ?? detailFingerprint(detail);
  return db.transaction(async (tx) => {
    const state = await lockDetailState(tx, guid);
    if (!state) return [];
    const { competition } = state;
    const news = !options.baseline && competition.detailFingerprint !== null;
    const events: NewCompetitionEvent[] = [];
    // The same tournament twice in one answer: the last one counts.
    const listed = [...new Map(detail.tournaments.map((t) => [t.uuid, t])).values()];
    await upsertTournaments(
      tx,
      listed.map((t) => ({
        uuid: t.uuid,
        competitionGuid: guid,
        ordinal: detail.tournaments.indexOf(t),
        description: t.description,
        type: t.type,
        categoryClass: t.categoryClass,
        ageCategory: t.ageCategory,
        rankingLimit: bestRankingOf(t.availableRankings),
        isDouble: t.isDouble,
        participantsCount: entriesOf(t),
        maxParticipants: null,
        admissionType: null,
        surface: t.courtType,
        balls: t.balls,
        matchFormat: null,
        tournamentId: t.tournamentId,
        gender: t.gender,
        ageCodes: t.ageCodes,
        availableRankings: t.availableRankings,
        registrationClosesAt: t.registrationClosesAt ?? closesAtOf(t),
        fee: t.fee,
        weekdayMatchTime: t.weekdayMatchTime,
        festiveMatchTime: t.festiveMatchTime,
        billboardTime: t.billboardTime,
        nightPlay: t.nightPlay,
        courts: t.courts,
        federationStatus: t.status,
        venue: t.venue,
        sections: t.sections,
        firstSeenAt: now,
        updatedAt: now,
      })),
    );
    const uuids = listed.map((t) => t.uuid);
    await replaceParticipants(
      tx,
      uuids,
      listed.flatMap((t) =>
        t.participants.map((p, i) => ({
          tournamentUuid: t.uuid,
          ordinal: i,
          name: p.name,
          surname: p.surname,
          membershipCard: p.card,
          ranking: p.ranking,
          subscriptionDate: p.subscriptionDate,
          club: null,
          pair: p.pair,
        })),
      ),
    );
    await replaceDeadlines(
      tx,
      uuids,
      listed.flatMap((t) =>
        t.deadlines.map((d, i) => ({
          tournamentUuid: t.uuid,
          ordinal: i,
          minRank: d.minRank,
          maxRank: d.maxRank,
          closesAt: d.closesAt,
          byReferee: d.byReferee,
        })),
      ),
    );
    if (news) {
      for (const t of listed) {
        if (state.tournamentUuids.has(t.uuid)) continue;
        events.push({
          kind: 'tournament_added',
          competitionGuid: guid,
          tournamentUuid: t.uuid,
          itemKey: null,
          dedupeKey: dedupeKeys.tournamentAdded(t.uuid),
          payload: {
            competitionName: competition.name,
            description: t.description,
            type: t.type,
            categoryClass: t.categoryClass,
            ageCategory: t.ageCategory,
          },
        });
      }
    }
    const closesAt = latest(listed.map(closesAtOf));
    const before = competition.registrationClosesAt;
    // Reminders count down to a band's deadline (decision 182): a band moving (or left to the
    // referee) reschedules them even when the competition's last deadline stays.
    const signatures = listed.map((t) =>
      deadlineSignature(t.registrationClosesAt ?? closesAtOf(t), t.deadlines),
    );
    const bandsMoved = listed.some((t, i) => {
      const stored = state.deadlines.get(t.uuid);
      return stored !== undefined && stored !== signatures[i];
    });
    const lastMoved = before !== null && closesAt !== null && before.getTime() !== closesAt.getTime();
    const from = (before ?? closesAt)?.toISOString();
    const to = (closesAt ?? before)?.toISOString();
    if (news && (lastMoved || bandsMoved) && from !== undefined && to !== undefined) {
      events.push({
        kind: 'deadline_changed',
        competitionGuid: guid,
        tournamentUuid: null,
        itemKey: null,
        dedupeKey: dedupeKeys.deadlineChanged(guid, from, to, checksum(signatures).slice(0, 16)),
        payload: { competitionName: competition.name, from, to },
      });
    }
    // The list's draw keys (kept) and every tournament's.
    const keys = [...new Set([...competition.drawKeys, ...drawKeys(listed)])].sort();
    await updateCompetitionDetail(tx, guid, {
      federationCompetitionId: detail.competitionId,
      prizeMoney: detail.prizeMoney ?? 0,
      registrationClosesAt: closesAt,
      drawKeys: keys,
      participantsCount: participantsCountOf(guid),
      itemsCount: itemsCountOf(guid),
      detailSyncedAt: now,
      detailStatus: 'found',
      detailFingerprint: fingerprint,
      // Where it is played: the detail's venues (its own, then `impianti`), then its tournaments', else the seat.
      ...venuePointOf([...detail.venues, ...listed.map((t) => t.venue)], competition),
      updatedAt: now,
    });
    return insertEvents(tx, events, now);
  });
}

async function markUnpublished(db: Db, guid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await updateCompetitionDetail(tx, guid, {
      detailStatus: 'unpublished',
      detailSyncedAt: now,
      updatedAt: now,
    });
  });
}

type DetailOutcome = 'read' | 'unchanged' | 'unpublished' | 'not-found';

/** Reads one competition's detail from the federation and stores it (nothing when its checksum is the same). */
export async function syncDetail(
  deps: IngestionDeps,
  guid: string,
  options: { baseline: boolean; call?: CallOptions },
): Promise<{ outcome: DetailOutcome; events: NewCompetitionEvent[]; touchedAt?: Date }> {
  const result = await deps.federation.competitionDetail(guid, options.call);
  if (result.kind === 'no-detail') {
    await markUnpublished(deps.db, guid, deps.now());
    return { outcome: 'unpublished', events: [] };
  }
  if (result.kind === 'not-found') return { outcome: 'not-found', events: [] };
  const { detail } = result;
  const fingerprint = detailFingerprint(detail);
  const readAt = deps.now();
  // Only the read instant moves: the caller may keep what it read before instead of reading again.
  if (await touchUnchangedDetail(deps.db, guid, fingerprint, readAt))
    return { outcome: 'unchanged', events: [], touchedAt: readAt };
  return {
    outcome: 'read',
    events: await applyDetail(deps.db, guid, detail, deps.now(), { baseline: options.baseline, fingerprint }),
  };
}

// --- Files and draws ----------------------------------------------------------------------------

/**
 * Stores a competition's file list (documents or orders of play: they only grow) and records each
 * file not seen before, once (`news` false: the starting point).
 */
export async function applyFiles(
  db: Db,
  guid: string,
  kind: 'document' | 'order_of_play',
  files: readonly OrderOfPlayFile[],
  now: Date,
  news: boolean,
): Promise<NewCompetitionEvent[]> {
  if (files.length === 0) return [];
  return db.transaction(async (tx) => {
    const stored = await lockFileKeys(tx, guid, kind);
    if (!stored) return [];
    const fresh = [...new Map(files.map((f) => [f.fileName, f])).values()].filter(
      (f) => !stored.has(f.fileName),
    );
    if (fresh.length === 0) return [];
    await insertItems(
      tx,
      fresh.map((f) => ({
        competitionGuid: guid,
        kind,
        itemKey: f.fileName,
        tournamentUuid: null,
        title: f.fileName,
        url: null,
        playDate: f.date,
        publishedAt: null,
        firstSeenAt: now,
      })),
    );
    await updateCompetitionDetail(tx, guid, { itemsCount: itemsCountOf(guid), updatedAt: now });
    if (!news) return [];
    const name = await competitionName(tx, guid);
    const eventKind = kind === 'document' ? 'new_document' : 'new_order_of_play';
    return insertEvents(
      tx,
      fresh.map((f) => ({
        kind: eventKind,
        competitionGuid: guid,
        tournamentUuid: null,
        itemKey: f.fileName,
        dedupeKey: dedupeKeys.newFile(eventKind, guid, f.fileName),
        payload: {
          competitionName: name,
          tournamentDescription: null,
          title: f.fileName,
          url: null,
          date: f.date,
          publishedAt: null,
        },
      })),
      now,
    );
  });
}

/** The competition's name, for the notification texts. */
async function competitionName(tx: Tx, guid: string): Promise<string> {
  const [row] = await tx
    .select({ name: competitions.name })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  return row?.name ?? '';
}

/** Stores a section's draw; records `new_scoreboard` when it is first published or changes (once per checksum). */
export async function applyDraw(
  db: Db,
  guid: string,
  tournament: { uuid: string; description: string },
  sectionTitle: string,
  draw: FederationDraw,
  now: Date,
  news: boolean,
): Promise<NewCompetitionEvent[]> {
  const sum = checksum(draw.matches);
  return db.transaction(async (tx) => {
    const stored = await lockDrawChecksum(tx, tournament.uuid, draw.sectionCode);
    if (stored === sum) return [];
    const itemKey = `${draw.tournamentId}:${draw.sectionCode}`;
    await upsertDraw(tx, {
      tournamentUuid: tournament.uuid,
      sectionCode: draw.sectionCode,
      competitionGuid: guid,
      matches: draw.matches,
      checksum: sum,
      firstSeenAt: now,
      updatedAt: now,
    });
    await insertItems(tx, [
      {
        competitionGuid: guid,
        kind: 'draw',
        itemKey,
        tournamentUuid: tournament.uuid,
        title: sectionTitle,
        url: null,
        playDate: null,
        publishedAt: now,
        firstSeenAt: now,
      },
    ]);
    await updateCompetitionDetail(tx, guid, { itemsCount: itemsCountOf(guid), updatedAt: now });
    if (!news) return [];
    const name = await competitionName(tx, guid);
    return insertEvents(
      tx,
      [
        {
          kind: 'new_scoreboard',
          competitionGuid: guid,
          tournamentUuid: tournament.uuid,
          itemKey,
          dedupeKey: dedupeKeys.newScoreboard(tournament.uuid, draw.sectionCode, sum),
          payload: {
            competitionName: name,
            tournamentDescription: tournament.description,
            title: sectionTitle,
            url: null,
            date: null,
            publishedAt: now.toISOString(),
            ...(stored !== null && { updated: true }),
          },
        },
      ],
      now,
    );
  });
}

// --- One competition in a pass ------------------------------------------------------------------

interface PassCounts {
  summary: IngestionSummary;
}

/** Reads what `work` says of one competition. Throws what the federation throws. */
async function syncCompetition(
  deps: IngestionDeps,
  c: CadenceCompetition & { hadChecksum: boolean },
  work: CompetitionWork,
  ctx: { baseline: boolean } & PassCounts,
): Promise<void> {
  const { summary } = ctx;
  let published = c.detailStatus === 'found';
  if (work.detail) {
    const { outcome, events } = await syncDetail(deps, c.guid, { baseline: ctx.baseline });
    count(summary.events, events);
    if (outcome === 'read') summary.detailsRead++;
    else if (outcome === 'unchanged') summary.detailsUnchanged++;
    else if (outcome === 'unpublished') summary.detailsUnpublished++;
    else summary.detailsFailed++;
    published = outcome === 'read' || outcome === 'unchanged';
  }
  if (!published) return;
  // Files and draws of a competition read for the first time are its starting point.
  const news = !ctx.baseline && c.hadChecksum;
  if (work.documents) {
    const names = await deps.federation.documents(c.guid);
    summary.fileListsRead++;
    const files = names.map((fileName) => ({ fileName, date: null }));
    count(summary.events, await applyFiles(deps.db, c.guid, 'document', files, deps.now(), news));
  }
  if (work.ordersOfPlay) {
    const files = await deps.federation.ordersOfPlay(c.guid);
    summary.fileListsRead++;
    count(summary.events, await applyFiles(deps.db, c.guid, 'order_of_play', files, deps.now(), news));
  }
  if (work.draws) {
    const { read, events } = await readDraws(deps, c.guid, news);
    summary.drawsRead += read;
    count(summary.events, events);
  }
}

/** Reads the draws of a competition's tournaments whose registration closed (every section). */
async function readDraws(
  deps: IngestionDeps,
  guid: string,
  news: boolean,
  call?: CallOptions,
): Promise<{ read: number; events: NewCompetitionEvent[] }> {
  let read = 0;
  const events: NewCompetitionEvent[] = [];
  for (const t of await drawTournaments(deps.db, guid, deps.now())) {
    if (t.tournamentId === null) continue;
    for (const section of t.sections) {
      const draw = await deps.federation.draw(t.tournamentId, section.code, call);
      read++;
      if (!draw) continue;
      const title = section.description ? `${t.description} — ${section.description}` : t.description;
      events.push(...(await applyDraw(deps.db, guid, t, title, draw, deps.now(), news)));
    }
  }
  return { read, events };
}

// --- A pass ---------------------------------------------------------------------------------------

/** Runs `task` on every item, `workers` at a time, until one answers false. */
async function eachWithWorkers<T>(items: readonly T[], workers: number, task: (item: T) => Promise<boolean>) {
  let next = 0;
  let stopped = false;
  await Promise.all(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      while (!stopped && next < items.length) {
        const item = items[next++] as T;
        if (!(await task(item))) stopped = true;
      }
    }),
  );
}

/**
 * Stores one page of the snapshot in one bulk write. Should the database refuse it (one row it
 * cannot hold), the page is written row by row: only the bad row is skipped and logged, by
 * its guid (never its values), and the pass goes on (issue 16).
 */
async function applyPage(
  deps: IngestionDeps,
  rows: FederationCompetition[],
  ctx: ListContext,
  summary: IngestionSummary,
): Promise<ListOutcome> {
  try {
    return await applyListRows(deps.db, rows, ctx);
  } catch (error) {
    deps.logger.warn(
      { err: error, rows: rows.length },
      'ingestion: a page could not be stored at once; storing it row by row',
    );
  }
  const merged: ListOutcome = { events: [], added: 0 };
  for (const row of rows) {
    try {
      const outcome = await applyListRows(deps.db, [row], ctx);
      merged.events.push(...outcome.events);
      merged.added += outcome.added;
    } catch (error) {
      summary.rowsFailed++;
      deps.logger.error(
        { err: error, guid: row.guid },
        'ingestion: a competition could not be stored; skipped',
      );
    }
  }
  return merged;
}

const isoDate = (value: unknown): Date | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : null;

/**
 * One ingestion pass: the list sweep cadence.ts chooses, applied only when it reconciles, then
 * every read due now. Never throws for federation failures: they are in the summary.
 */
export async function runIngestion(deps: IngestionDeps): Promise<IngestionSummary> {
  const { db, federation, logger } = deps;
  const startedAt = deps.now();
  const status = await readFederationStatus(db);
  const baseline = !status?.baselineCompletedAt;
  const previousPassAt = status?.lastIngestStartedAt ?? null;
  const lastFullSweepAt = isoDate(status?.lastIngestSummary?.lastFullSweepAt);
  const plan = sweepPlan(startedAt, baseline ? null : lastFullSweepAt);
  await writeFederationStatus(db, startedAt, { lastIngestStartedAt: startedAt });
  const summary: IngestionSummary = {
    startedAt: startedAt.toISOString(),
    finishedAt: startedAt.toISOString(),
    baseline,
    sweep: plan.mode,
    listCalls: 0,
    listed: 0,
    added: 0,
    detailsRead: 0,
    detailsUnchanged: 0,
    detailsUnpublished: 0,
    detailsFailed: 0,
    fileListsRead: 0,
    drawsRead: 0,
    rowsFailed: 0,
    events: emptyCounts(),
    federationDown: false,
    error: null,
    lastFullSweepAt: lastFullSweepAt?.toISOString() ?? null,
  };
  const ctx: ListContext = { now: startedAt, baseline };

  let listComplete = false;
  try {
    const sweep = await sweepCalendar(federation, plan);
    summary.listCalls = sweep.calls;
    if (sweep.complete) {
      // Soonest first, page by page.
      const rows = [...sweep.rows].sort((a, b) => a.startDate.localeCompare(b.startDate));
      for (let i = 0; i < rows.length; i += PAGE_ROWS) {
        const outcome = await applyPage(deps, rows.slice(i, i + PAGE_ROWS), ctx, summary);
        summary.added += outcome.added;
        count(summary.events, outcome.events);
      }
      summary.listed = rows.length;
      listComplete = true;
      if (plan.mode === 'full') summary.lastFullSweepAt = startedAt.toISOString();
    } else {
      // Discarded whole: the stored calendar stays exactly as it was.
      summary.federationDown = true;
      summary.error = `the list does not reconcile: ${sweep.reason}`;
      logger.error(
        { reason: sweep.reason, calls: sweep.calls },
        'ingestion: snapshot discarded; keeping the stored data',
      );
    }
  } catch (error) {
    summary.federationDown = true;
    summary.error = error instanceof Error ? error.message : String(error);
    logger.error(
      { err: error },
      'ingestion: the competition list could not be read; keeping the stored data',
    );
  }

  if (listComplete) {
    const today = romeDate(startedAt);
    const candidates = await cadenceCandidates(db, addDays(today, -CADENCE.detailPastDays), startedAt);
    const planned = candidates
      .map((row) => {
        const c = {
          guid: row.guid,
          startDate: row.startDate,
          endDate: row.endDate,
          // TPRA rows and team championships have no detail call (a team row answers 204).
          hasDetailCall: row.tpraId === null && row.codFonte !== 3,
          registrationClosesAt: row.registrationClosesAt,
          nextDeadlineAt: row.nextDeadlineAt,
          detailSyncedAt: row.detailSyncedAt,
          detailStatus: row.detailStatus,
        };
        return { c, work: competitionWork(c, startedAt, previousPassAt) };
      })
      .filter(({ work }) => work.detail || work.documents || work.ordersOfPlay || work.draws)
      // Soonest first, should the pass be cut short.
      .sort((a, b) => a.c.startDate.localeCompare(b.c.startDate));
    const checksums = await storedChecksums(
      db,
      planned.map(({ c }) => c.guid),
    );
    let consecutiveUnavailable = 0;
    await eachWithWorkers(planned, COMPETITION_WORKERS, async ({ c, work }) => {
      try {
        await syncCompetition(deps, { ...c, hadChecksum: checksums.has(c.guid) }, work, {
          baseline,
          summary,
        });
        consecutiveUnavailable = 0;
      } catch (error) {
        summary.detailsFailed++;
        logger.warn({ err: error, guid: c.guid }, 'ingestion: a competition could not be read');
        if (isFederationUnavailable(error) && ++consecutiveUnavailable >= MAX_CONSECUTIVE_UNAVAILABLE) {
          summary.federationDown = true;
          summary.error = error.message;
          return false;
        }
      }
      return true;
    });
  }

  const finishedAt = deps.now();
  summary.finishedAt = finishedAt.toISOString();
  if (summary.federationDown) await markFederationDown(db, finishedAt, summary.error);
  else if (listComplete) await markFederationUp(db, finishedAt);
  await writeFederationStatus(db, finishedAt, {
    lastIngestFinishedAt: finishedAt,
    lastIngestSummary: summary as unknown as Record<string, unknown>,
    ...(baseline && listComplete && plan.mode === 'full' && { baselineCompletedAt: finishedAt }),
  });
  logger.info({ ...summary }, 'ingestion pass finished');
  return summary;
}

/** The competitions among these whose detail was written in this dialect (a checksum is stored). */
async function storedChecksums(db: Db, guids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < guids.length; i += 1000) {
    const slice = guids.slice(i, i + 1000);
    const rows = await db
      .select({ guid: competitions.guid })
      .from(competitions)
      .where(and(isNotNull(competitions.detailFingerprint), inArray(competitions.guid, slice)));
    for (const row of rows) found.add(row.guid);
  }
  return found;
}

/**
 * What a refresh found: nothing, or the competition — with `touchedAt` when its stored detail was
 * the same (decision 134), and `itemEvents`: how many new documents, orders of play and draw versions the read recorded as
 * news (the caller asks for a live-updates pass at once, so followers hear of them now).
 */
export type RefreshOutcome = { found: false } | { found: true; touchedAt: Date | null; itemEvents: number };

/**
 * Reads one competition from the federation now (a user opened it): its detail, through the same
 * change detection as a pass, and its document and order-of-play lists. A competition not stored yet
 * is stored from its detail. Not found when the federation has no detail for it. Throws
 * FederationUnavailableError when it is down. `stored`: the caller has just read the competition
 * from the database (no need to look again).
 */
export async function refreshCompetition(
  deps: IngestionDeps,
  guid: string,
  call?: CallOptions,
  options: { stored?: boolean } = {},
): Promise<RefreshOutcome> {
  const { db, federation } = deps;
  const status = await readFederationStatus(db);
  const baseline = !status?.baselineCompletedAt;
  if (!options.stored && !(await hasCompetition(db, guid))) {
    const result = await federation.competitionDetail(guid, call);
    await markFederationUp(db, deps.now());
    if (result.kind !== 'found' || !result.detail.startDate || !result.detail.name) return { found: false };
    const { detail } = result;
    const now = deps.now();
    // Its place until the list's row (the organiser's seat) arrives: the first venue the detail names.
    const venue = detail.venues.find((v) => v.municipality);
    const province = venue?.province ? findProvinceBySigla(venue.province.toUpperCase()) : undefined;
    await db.transaction(async (tx) => {
      await upsertListRows(tx, [
        {
          guid,
          name: detail.name as string,
          club: detail.club,
          city: venue?.municipality ?? null,
          provinceSigla: province?.sigla ?? null,
          provinceId: province?.id ?? null,
          regionId: province?.regionId ?? null,
          startDate: detail.startDate as string,
          endDate: detail.endDate ?? (detail.startDate as string),
          endDateKnown: detail.endDate !== null,
          drawKeys: drawKeys(detail.tournaments),
          onlineRegistration: detail.onlineRegistration,
          searchText: foldText([detail.name, detail.club, venue?.municipality].filter(Boolean).join(' ')),
          addedAt: baseline ? null : now,
          firstSeenAt: now,
          listSyncedAt: now,
          updatedAt: now,
        },
      ]);
    });
    await applyDetail(db, guid, detail, now, { baseline: true });
    return { found: true, touchedAt: null, itemEvents: 0 };
  }
  const readBefore = await hasReadDetail(db, guid);
  const { outcome, touchedAt, events } = await syncDetail(deps, guid, { baseline, call });
  let itemEvents = events.filter((event) => event.kind === 'new_scoreboard').length;
  // A visit lists the competition's files (and reads its draws) too: a document or order of play published since the
  // last pass is recorded now (once: the lists only grow), not hours later at its next scheduled read.
  const news = !baseline && readBefore;
  if (outcome === 'read' || outcome === 'unchanged') {
    const documents = (await federation.documents(guid, call)).map((fileName) => ({ fileName, date: null }));
    const ordersOfPlay = await federation.ordersOfPlay(guid, call);
    itemEvents += (await applyFiles(db, guid, 'document', documents, deps.now(), news)).length;
    itemEvents += (await applyFiles(db, guid, 'order_of_play', ordersOfPlay, deps.now(), news)).length;
    // And its draws until it ends, as a pass does with each detail read: a player opening the
    // page during play sees the newest results (issue 29).
    if (!(await hasEnded(db, guid, deps.now()))) {
      itemEvents += (await readDraws(deps, guid, news, call)).events.length;
    }
  }
  await markFederationUp(db, deps.now());
  // Only the read instant moved when nothing changed and no file is new (a starting point may
  // have stored files without news: the caller reads the competition again).
  const kept = outcome === 'unchanged' && news && itemEvents === 0;
  return { found: true, touchedAt: kept ? (touchedAt ?? null) : null, itemEvents };
}
