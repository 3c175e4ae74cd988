/** The SQL of the federation card: the card and its data, the radar's memory, the card's follows, reports. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  competitions,
  type FitpCardRow,
  fitpCardEntries,
  fitpCardFollows,
  fitpCards,
  fitpMismatchReports,
  participants,
  subscriptions,
  tournaments,
  users,
} from '../../db/schema';

export type CardData = Omit<
  typeof fitpCards.$inferInsert,
  'userId' | 'connectedAt' | 'autoFollow' | 'syncPending' | 'syncDeferredAt'
>;

const cardOf = preparedQuery((db) =>
  db
    .select()
    .from(fitpCards)
    .where(eq(fitpCards.userId, sql.placeholder('userId')))
    .prepare('fitp_card_of'),
);

export async function findCard(db: Executor, userId: string): Promise<FitpCardRow | undefined> {
  const [row] = await cardOf(db).execute({ userId });
  return row;
}

/** The account a card is connected to, if any. */
export async function findCardOwner(db: Executor, cardNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: fitpCards.userId })
    .from(fitpCards)
    .where(eq(fitpCards.cardNumber, cardNumber));
  return row?.userId;
}

/**
 * Connects the card (replacing any other card of the user) with its data; the user's
 * `fitp_card_number` follows. A card connected to another account violates `fitp_cards_card_idx`.
 */
export async function connectCard(tx: Tx, userId: string, data: CardData, now: Date): Promise<FitpCardRow> {
  const current = await findCard(tx, userId);
  if (current && current.cardNumber !== data.cardNumber) await forgetCard(tx, userId);
  const [row] = await tx
    .insert(fitpCards)
    .values({ userId, ...data, connectedAt: now })
    .onConflictDoUpdate({
      target: fitpCards.userId,
      set: {
        ...data,
        // What the player told us of themselves belongs to the card: another card starts without it.
        gender: sql`case when ${fitpCards.cardNumber} = excluded.card_number then ${fitpCards.gender} end`,
        birthYear: sql`case when ${fitpCards.cardNumber} = excluded.card_number then ${fitpCards.birthYear} end`,
      },
    })
    .returning();
  if (!row) throw new Error('card not stored');
  await tx.update(users).set({ fitpCardNumber: data.cardNumber, updatedAt: now }).where(eq(users.id, userId));
  return row;
}

export async function updateCardData(
  db: Executor,
  userId: string,
  data: CardData,
): Promise<FitpCardRow | undefined> {
  const [row] = await db.update(fitpCards).set(data).where(eq(fitpCards.userId, userId)).returning();
  return row;
}

export async function updateCardFlags(
  db: Executor,
  userId: string,
  flags: Partial<Pick<FitpCardRow, 'autoFollow' | 'syncPending' | 'syncDeferredAt' | 'gender' | 'birthYear'>>,
): Promise<FitpCardRow | undefined> {
  const [row] = await db.update(fitpCards).set(flags).where(eq(fitpCards.userId, userId)).returning();
  return row;
}

/** Disconnects: the card, its data, the radar's memory and the card's follow marks (the follows stay). */
export async function forgetCard(tx: Tx, userId: string): Promise<boolean> {
  const deleted = await tx.delete(fitpCards).where(eq(fitpCards.userId, userId)).returning();
  await tx.delete(fitpCardEntries).where(eq(fitpCardEntries.userId, userId));
  await tx.delete(fitpCardFollows).where(eq(fitpCardFollows.userId, userId));
  await tx.update(users).set({ fitpCardNumber: null }).where(eq(users.id, userId));
  return deleted.length > 0;
}

// --- Entry lists as ingested ----------------------------------------------------------------

/** A card as the federation may write it in an entry list (digits, perhaps without leading zeros). */
const cardForms = (card: string) => [...new Set([card, card.replace(/^0+(?=\d)/, '')])];

/** The stored tournaments whose entry list holds the card. */
export async function storedEntriesOfCard(db: Executor, cardNumber: string) {
  return db
    .selectDistinct({ tournamentUuid: tournaments.uuid, competitionGuid: tournaments.competitionGuid })
    .from(participants)
    .innerJoin(tournaments, eq(tournaments.uuid, participants.tournamentUuid))
    .where(inArray(participants.membershipCard, cardForms(cardNumber)));
}

/** The radar's memory of a user starts from what is stored when the card is connected. */
export async function resetRadarMemory(tx: Tx, userId: string, cardNumber: string, now: Date): Promise<void> {
  await tx.delete(fitpCardEntries).where(eq(fitpCardEntries.userId, userId));
  const entries = await storedEntriesOfCard(tx, cardNumber);
  if (entries.length === 0) return;
  await tx
    .insert(fitpCardEntries)
    .values(entries.map((e) => ({ userId, ...e, seenAt: now })))
    .onConflictDoNothing();
}

export interface RadarChange {
  userId: string;
  tournamentUuid: string;
  competitionGuid: string;
  competitionName: string | null;
  autoFollow: boolean;
}

/**
 * The radar's comparison, set-based over every connected card: entry lists (as ingested) that hold
 * a card the radar has not seen there (`appeared`), and the radar's entries whose list no longer
 * holds the card (`left`).
 */
export async function radarDifferences(
  db: Executor,
): Promise<{ appeared: RadarChange[]; left: RadarChange[] }> {
  const current = sql`
    select distinct fc.user_id, p.tournament_uuid, t.competition_guid, fc.auto_follow
    from ${fitpCards} fc
    join ${participants} p
      on p.membership_card = fc.card_number
      or p.membership_card = regexp_replace(fc.card_number, '^0+(?=[0-9])', '')
    join ${tournaments} t on t.uuid = p.tournament_uuid`;
  const appeared = await db.execute(sql`
    with current_entries as (${current})
    select c.user_id as "userId", c.tournament_uuid as "tournamentUuid", c.competition_guid as "competitionGuid",
      comp.name as "competitionName", c.auto_follow as "autoFollow"
    from current_entries c
    left join ${competitions} comp on comp.guid = c.competition_guid
    where not exists (
      select 1 from ${fitpCardEntries} e where e.user_id = c.user_id and e.tournament_uuid = c.tournament_uuid)`);
  const left = await db.execute(sql`
    with current_entries as (${current})
    select e.user_id as "userId", e.tournament_uuid as "tournamentUuid", e.competition_guid as "competitionGuid",
      comp.name as "competitionName", fc.auto_follow as "autoFollow"
    from ${fitpCardEntries} e
    join ${fitpCards} fc on fc.user_id = e.user_id
    left join ${competitions} comp on comp.guid = e.competition_guid
    where not exists (
      select 1 from current_entries c where c.user_id = e.user_id and c.tournament_uuid = e.tournament_uuid)`);
  return { appeared: rowsOf<RadarChange>(appeared), left: rowsOf<RadarChange>(left) };
}

/** Both drivers return `{ rows }` from execute(); the Db type is driver-neutral. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Records that the radar saw the card in the list; false when another run already did. */
export async function rememberEntry(tx: Tx, change: RadarChange, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(fitpCardEntries)
    .values({
      userId: change.userId,
      tournamentUuid: change.tournamentUuid,
      competitionGuid: change.competitionGuid,
      seenAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Forgets an entry the card left; false when another run already did. */
export async function forgetEntry(tx: Tx, change: RadarChange): Promise<boolean> {
  const rows = await tx
    .delete(fitpCardEntries)
    .where(
      and(
        eq(fitpCardEntries.userId, change.userId),
        eq(fitpCardEntries.tournamentUuid, change.tournamentUuid),
      ),
    )
    .returning();
  return rows.length > 0;
}

// --- The card's follows ----------------------------------------------------------------------

export async function markCardFollow(
  db: Executor,
  values: { userId: string; tournamentUuid: string; competitionGuid: string; createdAt: Date },
): Promise<void> {
  await db.insert(fitpCardFollows).values(values).onConflictDoNothing();
}

export async function unmarkCardFollow(db: Executor, userId: string, tournamentUuid: string): Promise<void> {
  await db
    .delete(fitpCardFollows)
    .where(and(eq(fitpCardFollows.userId, userId), eq(fitpCardFollows.tournamentUuid, tournamentUuid)));
}

/** A card follow whose subscription still exists (the user did not unfollow it since). */
const followStillSubscribed = and(
  eq(subscriptions.userId, fitpCardFollows.userId),
  eq(subscriptions.tournamentUuid, fitpCardFollows.tournamentUuid),
);

/** Whether the user follows the tournament (whoever made the follow). */
export async function followsTournament(
  db: Executor,
  userId: string,
  tournamentUuid: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.tournamentUuid, tournamentUuid)));
  return row !== undefined;
}

/** The user's follows marked as the card's (made by it, or of a list it left) that still exist. */
export async function cardFollowsOf(db: Executor, userId: string) {
  return db
    .select({
      tournamentUuid: fitpCardFollows.tournamentUuid,
      competitionGuid: fitpCardFollows.competitionGuid,
      subscriptionId: subscriptions.id,
    })
    .from(fitpCardFollows)
    .innerJoin(subscriptions, followStillSubscribed)
    .where(eq(fitpCardFollows.userId, userId));
}

export async function followedTournamentsOf(db: Executor, userId: string) {
  return db
    .select({ id: subscriptions.id, tournamentUuid: subscriptions.tournamentUuid })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
}

/** Names, dates and places of stored tournaments, to show in the sync dialog. */
export async function tournamentInfo(db: Executor, tournamentUuids: string[]) {
  if (tournamentUuids.length === 0) return [];
  return db
    .select({
      tournamentUuid: tournaments.uuid,
      competitionGuid: tournaments.competitionGuid,
      competitionName: competitions.name,
      tournamentDescription: tournaments.description,
      drawType: tournaments.type,
      categoryClass: tournaments.categoryClass,
      ageCategory: tournaments.ageCategory,
      startDate: competitions.startDate,
      endDate: competitions.endDate,
      city: competitions.city,
      provinceSigla: competitions.provinceSigla,
    })
    .from(tournaments)
    .innerJoin(competitions, eq(competitions.guid, tournaments.competitionGuid))
    .where(inArray(tournaments.uuid, tournamentUuids));
}

/** The participant row of the card in a tournament (its subscription date), if stored. */
export async function subscriptionDatesOfCard(db: Executor, cardNumber: string, tournamentUuids: string[]) {
  if (tournamentUuids.length === 0) return [];
  return db
    .select({ tournamentUuid: participants.tournamentUuid, subscriptionDate: participants.subscriptionDate })
    .from(participants)
    .where(
      and(
        inArray(participants.tournamentUuid, tournamentUuids),
        inArray(participants.membershipCard, cardForms(cardNumber)),
      ),
    );
}

export async function competitionExists(db: Executor, guid: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: competitions.guid })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  return row !== undefined;
}

// --- Reports -----------------------------------------------------------------------------------

export async function insertReport(db: Executor, values: typeof fitpMismatchReports.$inferInsert) {
  const [row] = await db.insert(fitpMismatchReports).values(values).returning();
  if (!row) throw new Error('report not stored');
  return row;
}

export async function markReportEmailed(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(fitpMismatchReports).set({ emailedAt: at }).where(eq(fitpMismatchReports.id, id));
}
