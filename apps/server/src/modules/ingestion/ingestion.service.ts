/**
 * Ingestion: reads the federation's calendar into the database and records what changed
 * (events.ts). One pass pages through the whole list, upserts every competition, fetches the
 * detail of the new and changed ones, and records the change events in the same transactions
 * as the data. Idempotent: a second pass over unchanged data records nothing. One failing
 * competition never stops the others; with the federation down, the stored data stays as it was.
 */

import { createHash } from 'node:crypto';
import {
  addDays,
  COMPETITION_EVENT_KINDS,
  type CompetitionEventKind,
  drawKeys,
  foldText,
  romeDate,
} from '@radar/shared';
import type { Db } from '../../db/client';
import {
  type DrawInfo,
  type FederationClient,
  type FederationCompetition,
  type FederationCompetitionDetail,
  isFederationUnavailable,
} from '../../federation';
import type { CallOptions } from '../../federation/http';
import type { AppLogger as Logger } from '../../logger';
import { dedupeKeys, ITEM_EVENT_KINDS, type NewCompetitionEvent } from '../events/events';
import {
  type CompetitionListValues,
  findTournamentDraws,
  hasCompetition,
  insertEvents,
  itemKey,
  itemsCountOf,
  lockDetailState,
  lockListState,
  markFederationDown,
  markFederationUp,
  participantsCountOf,
  readFederationStatus,
  replaceParticipants,
  type StoredListState,
  touchUnchangedDetail,
  updateCompetitionDetail,
  upsertItems,
  upsertListRows,
  upsertTournaments,
  writeFederationStatus,
} from './ingestion.repository';

export type Clock = () => Date;

export interface IngestionDeps {
  db: Db;
  federation: FederationClient;
  logger: Logger;
  now: Clock;
}

/**
 * Details are read at ingestion for competitions not concluded more than this many days ago;
 * older ones are read when someone opens them.
 */
export const DETAIL_WINDOW_DAYS = 14;
/** Without the federation's `data_modifica`, a detail is read again after this long. */
export const DETAIL_REFRESH_WITHOUT_MODIFIED_MS = 60 * 60 * 1000;
/** This many detail calls failing in a row as "service down" end the pass. */
const MAX_CONSECUTIVE_UNAVAILABLE = 8;
const DETAIL_WORKERS = 4;

export type EventCounts = Record<CompetitionEventKind, number>;

export interface IngestionSummary {
  startedAt: string;
  finishedAt: string;
  /** The first pass: it loads the calendar, records no events and marks nothing as new. */
  baseline: boolean;
  listed: number;
  added: number;
  detailsRead: number;
  detailsUnpublished: number;
  detailsFailed: number;
  /** List rows the database refused (logged by guid and skipped; the rest of their page is stored). */
  rowsFailed: number;
  events: EventCounts;
  /** The list could not be read in full, or too many details failed as "service down". */
  federationDown: boolean;
  error: string | null;
}

const emptyCounts = (): EventCounts =>
  Object.fromEntries(COMPETITION_EVENT_KINDS.map((kind) => [kind, 0])) as EventCounts;

function count(counts: EventCounts, events: readonly NewCompetitionEvent[]): void {
  for (const event of events) counts[event.kind]++;
}

const mainDrawOf = (row: {
  tipoTorneo: string | null;
  catClass: number | null;
  catEta: string | null;
}): DrawInfo => ({
  type: row.tipoTorneo,
  categoryClass: row.catClass,
  ageCategory: row.catEta,
});

// --- The list ---------------------------------------------------------------------------------

interface ListContext {
  now: Date;
  baseline: boolean;
  /** Details are read for competitions ending on or after this day. */
  detailFrom: string;
}

interface ListOutcome {
  events: NewCompetitionEvent[];
  added: number;
  needDetail: string[];
}

function needsDetail(
  row: FederationCompetition,
  stored: StoredListState | undefined,
  ctx: ListContext,
): boolean {
  if (row.endDate < ctx.detailFrom) return false;
  if (!stored || stored.detailSyncedAt === null || stored.detailStatus !== 'found') return true;
  if (row.modifiedAt) {
    return stored.detailModifiedAt === null || stored.detailModifiedAt.getTime() !== row.modifiedAt.getTime();
  }
  return ctx.now.getTime() - stored.detailSyncedAt.getTime() >= DETAIL_REFRESH_WITHOUT_MODIFIED_MS;
}

function listEvents(row: FederationCompetition, stored: StoredListState | undefined, ctx: ListContext) {
  const events: NewCompetitionEvent[] = [];
  const base = { competitionGuid: row.guid, tournamentUuid: null, itemId: null };
  if (!stored) {
    if (!ctx.baseline) {
      events.push({
        ...base,
        kind: 'new_competition',
        dedupeKey: dedupeKeys.newCompetition(row.guid),
        payload: {
          competitionName: row.name,
          startDate: row.startDate,
          endDate: row.endDate,
          regionId: row.regionId,
          provinceId: row.provinceId,
          codFonte: row.codFonte,
        },
      });
    }
    return events;
  }
  const oldDeadline = stored.registrationClosesAt;
  const newDeadline = row.registrationClosesAt;
  if (oldDeadline && newDeadline && oldDeadline.getTime() !== newDeadline.getTime()) {
    const from = oldDeadline.toISOString();
    const to = newDeadline.toISOString();
    events.push({
      ...base,
      kind: 'deadline_changed',
      dedupeKey: dedupeKeys.deadlineChanged(row.guid, from, to),
      payload: { competitionName: row.name, from, to },
    });
  }
  if (stored.startDate !== row.startDate || stored.endDate !== row.endDate) {
    const from = { startDate: stored.startDate, endDate: stored.endDate };
    const to = { startDate: row.startDate, endDate: row.endDate };
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

/** Upserts one page of list rows and records their events, in one transaction. */
export async function applyListRows(
  db: Db,
  rows: FederationCompetition[],
  ctx: ListContext,
): Promise<ListOutcome> {
  const unique = [...new Map(rows.map((row) => [row.guid, row])).values()];
  const guids = unique.map((row) => row.guid);
  return db.transaction(async (tx) => {
    const stored = await lockListState(tx, guids);
    const tournamentDraws = new Map<string, DrawInfo[]>();
    for (const draw of await findTournamentDraws(tx, guids)) {
      const list = tournamentDraws.get(draw.competitionGuid) ?? [];
      list.push(draw);
      tournamentDraws.set(draw.competitionGuid, list);
    }
    const values: CompetitionListValues[] = [];
    const events: NewCompetitionEvent[] = [];
    const needDetail: string[] = [];
    let added = 0;
    for (const row of unique) {
      const previous = stored.get(row.guid);
      if (!previous) added++;
      events.push(...listEvents(row, previous, ctx));
      if (needsDetail(row, previous, ctx)) needDetail.push(row.guid);
      values.push({
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
        idDisciplina: row.idDisciplina,
        idStato: row.idStato,
        tipoTorneo: row.mainDraw.type,
        catClass: row.mainDraw.categoryClass,
        catEta: row.mainDraw.ageCategory,
        drawKeys: drawKeys([row.mainDraw, ...(tournamentDraws.get(row.guid) ?? [])]),
        prizeMoney: row.prizeMoney,
        onlineRegistration: row.onlineRegistration,
        authorized: row.authorized,
        registrationOpensAt: row.registrationOpensAt,
        registrationClosesAt: row.registrationClosesAt,
        federationModifiedAt: row.modifiedAt,
        searchText: foldText([row.name, row.club, row.city].filter(Boolean).join(' ')),
        addedAt: ctx.baseline ? null : ctx.now,
        firstSeenAt: ctx.now,
        listSyncedAt: ctx.now,
        updatedAt: ctx.now,
      });
    }
    await upsertListRows(tx, values);
    const recorded = await insertEvents(tx, events, ctx.now);
    return { events: recorded, added, needDetail };
  });
}

// --- One competition's detail -----------------------------------------------------------------

/** A digest of everything a detail writes (decision 134): equal fingerprints, equal writes. */
export const detailFingerprint = (detail: FederationCompetitionDetail): string =>
  createHash('sha256').update(JSON.stringify(detail)).digest('base64url');

/**
 * Writes a competition's detail and records its new tournaments and items, in one transaction.
 * The competition must be stored already (from the list). Items and tournaments of a
 * competition read for the first time are its starting point, not news.
 */
export async function applyDetail(
  db: Db,
  guid: string,
  detail: FederationCompetitionDetail,
  now: Date,
  fingerprint = detailFingerprint(detail),
): Promise<NewCompetitionEvent[]> {
  return db.transaction(async (tx) => {
    const state = await lockDetailState(tx, guid);
    if (!state) return [];
    const { competition } = state;
    const hadDetail = competition.detailSyncedAt !== null;
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
        rankingLimit: t.rankingLimit,
        isDouble: t.isDouble,
        participantsCount: t.participants.length > 0 ? t.participants.length : (t.participantsCount ?? 0),
        maxParticipants: t.maxParticipants,
        admissionType: t.admissionType,
        surface: t.surface,
        balls: t.balls,
        matchFormat: t.matchFormat,
        firstSeenAt: now,
        updatedAt: now,
      })),
    );
    await replaceParticipants(
      tx,
      listed.map((t) => t.uuid),
      listed.flatMap((t) =>
        t.participants.map((p, i) => ({
          tournamentUuid: t.uuid,
          ordinal: i,
          participantId: p.id,
          name: p.name,
          surname: p.surname,
          membershipCard: p.membershipCard,
          ranking: p.ranking,
          subscriptionDate: p.subscriptionDate,
          club: p.club,
        })),
      ),
    );
    const items = listed.flatMap((t) =>
      [...new Map(t.items.map((item) => [itemKey(t.uuid, item.kind, item.id), item])).values()].map(
        (item) => ({
          tournament: t,
          item,
        }),
      ),
    );
    await upsertItems(
      tx,
      items.map(({ tournament, item }) => ({
        tournamentUuid: tournament.uuid,
        kind: item.kind,
        itemId: item.id,
        competitionGuid: guid,
        title: item.title,
        url: item.url,
        playDate: item.date,
        publishedAt: item.publishedAt,
        firstSeenAt: now,
      })),
    );
    for (const t of listed) {
      if (!state.tournamentUuids.has(t.uuid) && hadDetail) {
        events.push({
          kind: 'tournament_added',
          competitionGuid: guid,
          tournamentUuid: t.uuid,
          itemId: null,
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
    for (const { tournament: t, item } of items) {
      // Items of a tournament seen for the first time are its starting point, not news.
      if (!state.tournamentUuids.has(t.uuid) || state.itemKeys.has(itemKey(t.uuid, item.kind, item.id)))
        continue;
      const kind = ITEM_EVENT_KINDS[item.kind];
      events.push({
        kind,
        competitionGuid: guid,
        tournamentUuid: t.uuid,
        itemId: item.id,
        dedupeKey: dedupeKeys.newItem(kind, t.uuid, item.id),
        payload: {
          competitionName: competition.name,
          tournamentDescription: t.description,
          title: item.title,
          url: item.url,
          date: item.date,
          publishedAt: item.publishedAt?.toISOString() ?? null,
        },
      });
    }
    const storedDraws = await findTournamentDraws(tx, [guid]);
    await updateCompetitionDetail(tx, guid, {
      rulesUrl: detail.rulesUrl,
      externalUrl: detail.externalUrl,
      // The list's prize when it gives one (assumed field), else the detail's.
      prizeMoney: competition.prizeMoney > 0 ? competition.prizeMoney : (detail.prizeMoney ?? 0),
      drawKeys: drawKeys([mainDrawOf(competition), ...storedDraws]),
      participantsCount: participantsCountOf(guid),
      itemsCount: itemsCountOf(guid),
      detailSyncedAt: now,
      detailModifiedAt: competition.federationModifiedAt,
      detailStatus: 'found',
      detailFingerprint: fingerprint,
      updatedAt: now,
    });
    return insertEvents(tx, events, now);
  });
}

async function markUnpublished(db: Db, guid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await updateCompetitionDetail(tx, guid, { detailStatus: 'unpublished', updatedAt: now });
  });
}

type DetailOutcome = 'read' | 'unpublished' | 'not-found';

/** Reads one competition's detail from the federation and stores it. */
export async function syncDetail(
  deps: IngestionDeps,
  guid: string,
  call?: CallOptions,
): Promise<{ outcome: DetailOutcome; events: NewCompetitionEvent[]; touchedAt?: Date }> {
  const result = await deps.federation.competitionDetail(guid, call);
  if (result.kind === 'unpublished') {
    await markUnpublished(deps.db, guid, deps.now());
    return { outcome: 'unpublished', events: [] };
  }
  if (result.kind === 'not-found') return { outcome: 'not-found', events: [] };
  const { detail } = result;
  const fingerprint = detailFingerprint(detail);
  const readAt = deps.now();
  const unchanged = await touchUnchangedDetail(
    deps.db,
    guid,
    { fingerprint, prizeMoney: detail.prizeMoney ?? 0 },
    readAt,
  );
  // Only the read instant moved: the caller may keep what it read before instead of reading again.
  if (unchanged) return { outcome: 'read', events: [], touchedAt: readAt };
  return { outcome: 'read', events: await applyDetail(deps.db, guid, detail, deps.now(), fingerprint) };
}

// --- A pass ---------------------------------------------------------------------------------------

/** Runs `task` on every item, `workers` at a time. */
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
 * Stores one page of the list in one bulk write. Should the database refuse it (one row it
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
  const merged: ListOutcome = { events: [], added: 0, needDetail: [] };
  for (const row of rows) {
    try {
      const outcome = await applyListRows(deps.db, [row], ctx);
      merged.events.push(...outcome.events);
      merged.added += outcome.added;
      merged.needDetail.push(...outcome.needDetail);
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

/** One ingestion pass. Never throws for federation failures: they are in the summary. */
export async function runIngestion(deps: IngestionDeps): Promise<IngestionSummary> {
  const { db, federation, logger } = deps;
  const startedAt = deps.now();
  const status = await readFederationStatus(db);
  const baseline = !status?.baselineCompletedAt;
  await writeFederationStatus(db, startedAt, { lastIngestStartedAt: startedAt });
  const summary: IngestionSummary = {
    startedAt: startedAt.toISOString(),
    finishedAt: startedAt.toISOString(),
    baseline,
    listed: 0,
    added: 0,
    detailsRead: 0,
    detailsUnpublished: 0,
    detailsFailed: 0,
    rowsFailed: 0,
    events: emptyCounts(),
    federationDown: false,
    error: null,
  };
  const ctx: ListContext = {
    now: startedAt,
    baseline,
    detailFrom: addDays(romeDate(startedAt), -DETAIL_WINDOW_DAYS),
  };

  const needDetail = new Map<string, string>();
  let listComplete = false;
  try {
    await federation.listAll({}, async (page) => {
      const outcome = await applyPage(deps, page.rows, ctx, summary);
      summary.listed += page.rows.length;
      summary.added += outcome.added;
      count(summary.events, outcome.events);
      const startDates = new Map(page.rows.map((row) => [row.guid, row.startDate]));
      for (const guid of outcome.needDetail) needDetail.set(guid, startDates.get(guid) ?? '');
    });
    listComplete = true;
  } catch (error) {
    summary.federationDown = isFederationUnavailable(error);
    summary.error = error instanceof Error ? error.message : String(error);
    logger.error(
      { err: error },
      'ingestion: the competition list could not be read; keeping the stored data',
    );
  }

  if (listComplete) {
    // By start date: recent and upcoming competitions first, should the pass be cut short.
    const guids = [...needDetail.entries()].sort((a, b) => a[1].localeCompare(b[1])).map(([guid]) => guid);
    let consecutiveUnavailable = 0;
    await eachWithWorkers(guids, DETAIL_WORKERS, async (guid) => {
      try {
        const { outcome, events } = await syncDetail(deps, guid);
        consecutiveUnavailable = 0;
        if (outcome === 'read') summary.detailsRead++;
        else if (outcome === 'unpublished') summary.detailsUnpublished++;
        else summary.detailsFailed++;
        count(summary.events, events);
      } catch (error) {
        summary.detailsFailed++;
        logger.warn({ err: error, guid }, 'ingestion: a competition detail could not be read');
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
    ...(baseline && listComplete && { baselineCompletedAt: finishedAt }),
  });
  logger.info({ ...summary }, 'ingestion pass finished');
  return summary;
}

/** What a refresh found: nothing, or the competition — with `touchedAt` when its stored detail was the same (decision 134). */
export type RefreshOutcome = { found: false } | { found: true; touchedAt: Date | null };

/**
 * Reads one competition from the federation now (a user opened it): its list row when it is
 * not stored yet, then its detail, through the same change detection as a pass. Not found
 * when the federation does not know it. Throws FederationUnavailableError when it is down.
 * `stored`: the caller has just read the competition from the database (no need to look again).
 */
export async function refreshCompetition(
  deps: IngestionDeps,
  guid: string,
  call?: CallOptions,
  options: { stored?: boolean } = {},
): Promise<RefreshOutcome> {
  const { db, federation } = deps;
  if (!options.stored && !(await hasCompetition(db, guid))) {
    const row = await federation.findCompetition(guid, call);
    if (!row) {
      await markFederationUp(db, deps.now());
      return { found: false };
    }
    const status = await readFederationStatus(db);
    await applyListRows(db, [row], {
      now: deps.now(),
      baseline: !status?.baselineCompletedAt,
      detailFrom: '0001-01-01',
    });
  }
  const { touchedAt } = await syncDetail(deps, guid, call);
  await markFederationUp(db, deps.now());
  return { found: true, touchedAt: touchedAt ?? null };
}
