/**
 * The rules of the federation card (spec §1-§5, §7; docs/decisions/100-102): connecting a card
 * after the federation's card call, the player data kept and refreshed (degraded when the
 * federation is down), disconnecting, the sync of the card's entries with followed tournaments,
 * the settings of the card radar, and the data-mismatch report.
 */
import {
  type FitpCard,
  type FitpCardStatus,
  type FitpDataResponse,
  type FitpSyncItem,
  type FitpSyncOutcome,
  type FitpSyncRef,
  type FitpSyncResponse,
  type FitpSyncResult,
  type fitpSettingsBodySchema,
  type Language,
  romeDate,
  translateShared,
} from '@radar/shared';
import type { z } from 'zod';
import type { Mailer } from '../../channels/email/mailer';
import type { Db } from '../../db/client';
import type { FitpCardRow, User } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../domain/errors';
import type { LiveDeps, Served } from '../../domain/served';
import { isFederationUnavailable } from '../../federation/errors';
import type { FederationPlayer } from '../../federation/types';
import type { AppLogger as Logger } from '../../logger';
import {
  markFederationDown,
  markFederationUp,
  readFederationStatus,
} from '../ingestion/ingestion.repository';
import { syncReminders } from '../subscriptions/reminders.service';
import { subscribe, unsubscribe } from '../subscriptions/subscriptions.service';
import {
  type CardData,
  cardFollowsOf,
  connectCard,
  findCard,
  findCardOwner,
  followedTournamentsOf,
  forgetCard,
  insertReport,
  markCardFollow,
  markReportEmailed,
  resetRadarMemory,
  storedEntriesOfCard,
  subscriptionDatesOfCard,
  tournamentInfo,
  unmarkCardFollow,
  updateCardData,
  updateCardFlags,
} from './fitp.repository';

export type FitpDeps = LiveDeps;

export interface FitpReportDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  teamEmail: string;
}

/** Player data read less than this long ago is answered as stored, without asking the federation. */
export const FITP_DATA_MAX_AGE_MS = 60_000;
/** After a failed call, the federation is not asked again for this long: the stored data is answered. */
export const FITP_RETRY_AFTER_MS = 30_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toFitpCard(row: FitpCardRow): FitpCard {
  return {
    membershipCard: row.cardNumber,
    player: {
      name: row.name,
      surname: row.surname,
      tennisClub: row.tennisClub,
      municipality: row.municipality,
      province: row.province,
      category: row.category,
      ranking: row.ranking,
      maxRank: row.maxRank,
      maxRankSeason: row.maxRankSeason,
      lastUpdated: iso(row.federationUpdatedAt),
    },
    fetchedAt: row.fetchedAt.toISOString(),
    connectedAt: row.connectedAt.toISOString(),
    autoFollow: row.autoFollow,
    syncPending: row.syncPending,
    syncDeferredAt: iso(row.syncDeferredAt),
    gender: row.gender,
    birthYear: row.birthYear,
  };
}

const cardData = (player: FederationPlayer, fetchedAt: Date): CardData => ({
  cardNumber: player.cardNumber,
  name: player.name,
  surname: player.surname,
  tennisClub: player.club,
  municipality: player.municipality,
  province: player.province,
  category: player.category,
  ranking: player.ranking,
  maxRank: player.bestRanking,
  maxRankSeason: player.bestRankingSeason,
  // The player sheet carries no update instant (contract §6).
  federationUpdatedAt: null,
  fetchedAt,
});

/** The federation was found down a moment ago: do not make the user wait for it again. */
async function recentlyDown(deps: { db: Db }, now: Date): Promise<boolean> {
  const status = await readFederationStatus(deps.db);
  return (
    status?.state === 'down' &&
    status.lastFailureAt !== null &&
    now.getTime() - status.lastFailureAt.getTime() < FITP_RETRY_AFTER_MS
  );
}

// --- Connect, read, disconnect ------------------------------------------------------------------

/**
 * Connects a card whose format the route checked: a card of another account is refused (409),
 * the federation's card call decides whether it exists (404 when unknown); with the federation
 * down nothing changes and the answer is `unavailable`.
 */
export async function validateCard(
  deps: FitpDeps,
  user: User,
  cardNumber: string,
): Promise<{ kind: 'ok'; data: FitpDataResponse } | { kind: 'unavailable' }> {
  const owner = await findCardOwner(deps.db, cardNumber);
  if (owner && owner !== user.id) throw new AppError('FITP_CARD_IN_USE', 409);
  if (!deps.federation) return { kind: 'unavailable' };
  let player: FederationPlayer | null;
  try {
    player = await deps.federation.playerSheet(cardNumber, { timeoutMs: deps.liveTimeoutMs, maxRetries: 1 });
  } catch (error) {
    if (!isFederationUnavailable(error)) throw error;
    await markFederationDown(deps.db, deps.now(), error);
    return { kind: 'unavailable' };
  }
  if (!player) throw new AppError('FITP_CARD_NOT_FOUND', 404);
  const now = deps.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const stored = await connectCard(tx, user.id, cardData(player, now), now);
      // The radar tells of changes from now on; what the lists hold already is the sync's.
      await resetRadarMemory(tx, user.id, cardNumber, now);
      // Reminders count down to the deadline of the card's band (decision 182).
      await syncReminders(tx, { userIds: [user.id] }, now);
      return stored;
    });
    return { kind: 'ok', data: { card: toFitpCard(row) } };
  } catch (error) {
    // Two accounts connecting the same card at once: the unique index lets one through.
    if (uniqueViolation(error) === 'fitp_cards_card_idx') throw new AppError('FITP_CARD_IN_USE', 409);
    throw error;
  }
}

/**
 * The card and its last known data, read again from the federation when older than a minute.
 * With the federation down: the stored data, degraded (spec §4).
 */
export async function getFitpData(deps: FitpDeps, user: User): Promise<Served<FitpDataResponse>> {
  const row = await findCard(deps.db, user.id);
  if (!row) return { kind: 'ok', data: { card: null } };
  const now = deps.now();
  const fresh = now.getTime() - row.fetchedAt.getTime() < FITP_DATA_MAX_AGE_MS;
  if (fresh) return { kind: 'ok', data: { card: toFitpCard(row) } };
  if (!deps.federation || (await recentlyDown(deps, now))) {
    return { kind: 'degraded', data: { card: toFitpCard(row) } };
  }
  try {
    const player = await deps.federation.playerSheet(row.cardNumber, {
      timeoutMs: deps.liveTimeoutMs,
      maxRetries: 1,
    });
    if (!player) {
      // The federation no longer knows the card: keep what we have, the user can report it.
      deps.logger.warn({ userId: user.id }, 'fitp: the federation does not know a connected card any more');
      return { kind: 'ok', data: { card: toFitpCard(row) } };
    }
    await markFederationUp(deps.db, deps.now());
    const updated = await updateCardData(deps.db, user.id, cardData(player, deps.now()));
    // A new ranking may fall in another band: its reminders count down to that band's deadline.
    if (updated && updated.ranking !== row.ranking)
      await syncReminders(deps.db, { userIds: [user.id] }, deps.now());
    return { kind: 'ok', data: { card: toFitpCard(updated ?? row) } };
  } catch (error) {
    if (!isFederationUnavailable(error)) throw error;
    await markFederationDown(deps.db, deps.now(), error);
    return { kind: 'degraded', data: { card: toFitpCard(row) } };
  }
}

/** Disconnects the card (the tournaments it followed stay followed). */
export async function disconnectCard(deps: { db: Db; now: () => Date }, user: User): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await forgetCard(tx, user.id);
    // Without a card, reminders count down to the earliest band's deadline (decision 182).
    await syncReminders(tx, { userIds: [user.id] }, deps.now());
  });
}

export async function updateFitpSettings(
  deps: { db: Db },
  user: User,
  settings: z.output<typeof fitpSettingsBodySchema>,
): Promise<FitpDataResponse> {
  // Only what the body names changes; null clears gender or birth year (decision 206).
  const changes = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const row =
    Object.keys(changes).length > 0
      ? await updateCardFlags(deps.db, user.id, changes)
      : await findCard(deps.db, user.id);
  if (!row) throw new AppError('FITP_NOT_CONNECTED', 404);
  return { card: toFitpCard(row) };
}

/** The dashboard's card status (spec §2), for `GET /api/fitp/status` and `GET /api/home`. */
export async function getCardStatus(deps: { db: Db }, userId: string): Promise<FitpCardStatus> {
  const row = await findCard(deps.db, userId);
  return {
    connected: row !== undefined,
    membershipCard: row?.cardNumber ?? null,
    name: row ? `${row.name} ${row.surname}`.trim() : null,
    ranking: row?.ranking ?? null,
    syncPending: row?.syncPending ?? false,
    syncDeferredAt: iso(row?.syncDeferredAt ?? null),
    profileComplete: Boolean(row && row.gender !== null && row.birthYear !== null),
  };
}

// --- Sync (spec §4 Federation sync dialog) -----------------------------------------------------

async function requireCard(db: Db, user: User): Promise<FitpCardRow> {
  const row = await findCard(db, user.id);
  if (!row) throw new AppError('FITP_NOT_CONNECTED', 404);
  return row;
}

/**
 * Compares the card's entries with the user's follows: entered and not followed → `toAdd`;
 * followed, marked as the card's (made by the card, or a list the card left: decision 197) and
 * no longer entered → `toRemove`. Finished tournaments (end date before today, Rome) are in
 * neither list: there is nothing left to follow or to stop following. The entries are the
 * stored entry lists that hold the card (the federation has no entries call: ingestion reads
 * every detail, decision 182), so the dialog answers from the database, also while the
 * federation is down.
 */
export async function computeSync(deps: FitpDeps, user: User): Promise<Served<FitpSyncResponse>> {
  const card = await requireCard(deps.db, user);
  const [entries, follows, cardFollows] = await Promise.all([
    storedEntriesOfCard(deps.db, card.cardNumber),
    followedTournamentsOf(deps.db, user.id),
    cardFollowsOf(deps.db, user.id),
  ]);
  const followed = new Set(follows.map((s) => s.tournamentUuid));
  const entered = new Set(entries.map((e) => e.tournamentUuid));
  const adding = entries.filter((e) => !followed.has(e.tournamentUuid));
  const removing = cardFollows.filter((f) => !entered.has(f.tournamentUuid));
  const uuids = [...adding.map((e) => e.tournamentUuid), ...removing.map((r) => r.tournamentUuid)];
  const [info, dates] = await Promise.all([
    tournamentInfo(deps.db, uuids),
    subscriptionDatesOfCard(deps.db, card.cardNumber, uuids),
  ]);
  const today = romeDate(deps.now());
  const itemOf = (uuid: string): FitpSyncItem | null => {
    const t = info.find((i) => i.tournamentUuid === uuid);
    if (!t || t.endDate < today) return null;
    return {
      competitionGuid: t.competitionGuid,
      tournamentUuid: t.tournamentUuid,
      competitionName: t.competitionName,
      tournamentDescription: t.tournamentDescription,
      tournamentDraw: { type: t.drawType, categoryClass: t.categoryClass, ageCategory: t.ageCategory },
      startDate: t.startDate,
      endDate: t.endDate,
      city: t.city,
      provinceSigla: t.provinceSigla,
      subscriptionDate: iso(dates.find((d) => d.tournamentUuid === uuid)?.subscriptionDate ?? null),
    };
  };
  const byDate = (a: FitpSyncItem, b: FitpSyncItem) =>
    (a.startDate ?? '').localeCompare(b.startDate ?? '') || a.tournamentUuid.localeCompare(b.tournamentUuid);
  const items = (list: { tournamentUuid: string }[]) =>
    list
      .map((e) => itemOf(e.tournamentUuid))
      .filter((i): i is FitpSyncItem => i !== null)
      .sort(byDate);
  const toAdd = items(adding);
  const toRemove = items(removing);

  const pending = toAdd.length + toRemove.length > 0;
  if (pending !== card.syncPending) await updateCardFlags(deps.db, user.id, { syncPending: pending });
  return { kind: 'ok', data: { toAdd, toRemove } };
}

/** Applies the user's choices, item by item: success, partial success or failure overall. */
export async function applySync(
  deps: FitpDeps,
  user: User,
  body: { add: FitpSyncRef[]; remove: FitpSyncRef[] },
  language: Language,
): Promise<FitpSyncResult> {
  await requireCard(deps.db, user);
  const subscriptionsDeps = { db: deps.db, now: deps.now };
  const items: FitpSyncResult['items'] = [];
  const failed = (action: 'add' | 'remove', ref: FitpSyncRef, error: unknown) => {
    if (!(error instanceof AppError)) {
      deps.logger.error({ err: error, ...ref }, 'fitp sync: applying an item failed');
    }
    const code = error instanceof AppError ? error.code : 'SERVER_ERROR';
    items.push({ action, ...ref, ok: false, code, message: translateShared(language, `errors.${code}`) });
  };

  for (const ref of body.add) {
    try {
      try {
        await subscribe(subscriptionsDeps, user.id, ref);
      } catch (error) {
        // Followed meanwhile: what the user asked for holds.
        if (error instanceof AppError && error.code === 'ALREADY_SUBSCRIBED') {
          items.push({ action: 'add', ...ref, ok: true, code: error.code, message: null });
          continue;
        }
        throw error;
      }
      await markCardFollow(deps.db, { userId: user.id, ...ref, createdAt: deps.now() });
      items.push({ action: 'add', ...ref, ok: true, code: null, message: null });
    } catch (error) {
      failed('add', ref, error);
    }
  }

  const follows = await followedTournamentsOf(deps.db, user.id);
  for (const ref of body.remove) {
    try {
      const subscription = follows.find((s) => s.tournamentUuid === ref.tournamentUuid);
      if (!subscription) throw new AppError('NOT_SUBSCRIBED', 404);
      await unsubscribe(subscriptionsDeps, user.id, subscription.id);
      await unmarkCardFollow(deps.db, user.id, ref.tournamentUuid);
      items.push({ action: 'remove', ...ref, ok: true, code: null, message: null });
    } catch (error) {
      failed('remove', ref, error);
    }
  }

  const ok = items.filter((i) => i.ok).length;
  const outcome: FitpSyncOutcome = ok === items.length ? 'success' : ok === 0 ? 'failure' : 'partial';
  // Reviewed: what failed stays for the next look (the next sync lists it again).
  await updateCardFlags(deps.db, user.id, { syncPending: outcome !== 'success', syncDeferredAt: null });
  return { outcome, items };
}

/** "Review later": the differences stay pending and the dashboard reminds the user. */
export async function deferSync(deps: { db: Db; now: () => Date }, user: User): Promise<FitpCardStatus> {
  const row = await updateCardFlags(deps.db, user.id, { syncPending: true, syncDeferredAt: deps.now() });
  if (!row) throw new AppError('FITP_NOT_CONNECTED', 404);
  return getCardStatus(deps, user.id);
}

// --- Data-mismatch report (spec §7) -------------------------------------------------------------

/** Stores the report, then emails it to the team (a failed email is logged; the report is kept). */
export async function reportMismatch(
  deps: FitpReportDeps,
  user: User,
  body: { message: string; membershipCard?: string | undefined },
): Promise<void> {
  const card = await findCard(deps.db, user.id);
  const cardNumber = body.membershipCard?.replace(/[\s.-]/g, '') || card?.cardNumber || null;
  const snapshot = card ? JSON.stringify(toFitpCard(card).player) : null;
  const report = await insertReport(deps.db, {
    userId: user.id,
    cardNumber,
    message: body.message,
    snapshot,
    createdAt: deps.now(),
  });
  const lines = [
    `Segnalazione dati FITP / FITP data-mismatch report (${report.id})`,
    '',
    `Utente / User: ${user.username} <${user.email}> (${user.id})`,
    `Tessera / Card: ${cardNumber ?? '-'}`,
    `Tessera collegata / Connected card: ${card?.cardNumber ?? '-'}`,
    '',
    'Messaggio / Message:',
    body.message,
    '',
    'Dati mostrati / Data shown:',
    snapshot ?? '-',
  ];
  try {
    await deps.mailer.send({
      to: deps.teamEmail,
      subject: `Segnalazione dati FITP: tessera ${cardNumber ?? '-'}`,
      text: lines.join('\n'),
      headers: { 'Reply-To': user.email },
    });
    await markReportEmailed(deps.db, report.id, deps.now());
  } catch (error) {
    deps.logger.error({ err: error, reportId: report.id }, 'fitp: emailing a mismatch report failed');
  }
}
