/** The SQL of followed tournaments (spec §3 Subscription). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  type CompetitionRow,
  competitions,
  type ParticipantRow,
  participants,
  type SubscriptionRow,
  subscriptions,
  type TournamentRow,
  tournaments,
} from '../../db/schema';

export type FollowedRow = {
  subscription: SubscriptionRow;
  competition: CompetitionRow | null;
  tournament: TournamentRow | null;
};

const followedOf = preparedQuery((db) =>
  db
    .select({ subscription: subscriptions, competition: competitions, tournament: tournaments })
    .from(subscriptions)
    .leftJoin(competitions, eq(competitions.guid, subscriptions.competitionGuid))
    .leftJoin(
      tournaments,
      and(
        eq(tournaments.uuid, subscriptions.tournamentUuid),
        eq(tournaments.competitionGuid, subscriptions.competitionGuid),
      ),
    )
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .prepare('followed_of'),
);

/** Every tournament the user follows, with what our data still holds of it. */
export async function listFollowed(db: Executor, userId: string): Promise<FollowedRow[]> {
  return followedOf(db).execute({ userId });
}

/** The entries of every tournament the user follows (for their positions). */
export async function entriesOfFollowed(db: Executor, userId: string): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(participants)
    .where(
      sql`${participants.tournamentUuid} in (select ${subscriptions.tournamentUuid} from ${subscriptions}
        where ${subscriptions.userId} = ${userId})`,
    );
}

export async function listSubscriptions(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}

/** Whether the tournament is one of the competition's in our data. */
export async function tournamentExists(db: Executor, competitionGuid: string, tournamentUuid: string) {
  const [row] = await db
    .select({ uuid: tournaments.uuid })
    .from(tournaments)
    .where(and(eq(tournaments.uuid, tournamentUuid), eq(tournaments.competitionGuid, competitionGuid)));
  return row !== undefined;
}

/**
 * Inserts the follow; null when the user already follows the tournament (the unique index
 * `subscriptions_user_tournament_idx` decides, so two racing requests create one row).
 */
export async function insertSubscription(
  db: Executor,
  values: { userId: string; competitionGuid: string; tournamentUuid: string; createdAt: Date },
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing({ target: [subscriptions.userId, subscriptions.tournamentUuid] })
    .returning();
  return row ?? null;
}

/** The user's own subscription, locked for the transaction; null for another user's or none. */
export async function lockOwnSubscription(
  tx: Tx,
  userId: string,
  id: string,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function updateSubscription(
  tx: Tx,
  id: string,
  values: Partial<Pick<SubscriptionRow, 'notificationsEnabled' | 'lost' | 'notificationsBeforeLost'>>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** Deletes the user's own subscription (its reminders go with it); false when there was none. */
export async function deleteOwnSubscription(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
