/** The SQL of registration-deadline reminders (docs/decisions/060). */
import type { ReminderType } from '@radar/shared';
import { and, asc, eq, gt, inArray, isNotNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  competitions,
  type ReminderRow,
  type ReminderStatus,
  reminders,
  subscriptions,
  tournaments,
} from '../../db/schema';

export type ReminderTarget = {
  subscriptionId: string;
  notificationsEnabled: boolean;
  lost: boolean;
  deadline: Date | null;
};

/** The subscriptions to (re)schedule, with their competition's deadline. */
export async function findReminderTargets(
  db: Executor,
  scope: { subscriptionIds?: readonly string[]; competitionGuids?: readonly string[] },
): Promise<ReminderTarget[]> {
  const conditions = [];
  if (scope.subscriptionIds?.length) conditions.push(inArray(subscriptions.id, [...scope.subscriptionIds]));
  if (scope.competitionGuids?.length)
    conditions.push(inArray(subscriptions.competitionGuid, [...scope.competitionGuids]));
  if (conditions.length === 0) return [];
  return db
    .select({
      subscriptionId: subscriptions.id,
      notificationsEnabled: subscriptions.notificationsEnabled,
      lost: subscriptions.lost,
      deadline: competitions.registrationClosesAt,
    })
    .from(subscriptions)
    .leftJoin(competitions, eq(competitions.guid, subscriptions.competitionGuid))
    .where(or(...conditions));
}

export async function findRemindersOf(
  db: Executor,
  subscriptionIds: readonly string[],
): Promise<ReminderRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .select()
    .from(reminders)
    .where(inArray(reminders.subscriptionId, [...subscriptionIds]));
}

export type ReminderUpsert = {
  subscriptionId: string;
  type: ReminderType;
  deadline: Date;
  dueAt: Date;
  status: Exclude<ReminderStatus, 'sent'>;
  updatedAt: Date;
};

/** Writes the rows; a row already `sent` never changes (checked under the row lock). */
export async function upsertReminders(db: Executor, rows: ReminderUpsert[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(reminders)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [reminders.subscriptionId, reminders.type],
        set: {
          deadline: sql`excluded.deadline`,
          dueAt: sql`excluded.due_at`,
          status: sql`excluded.status`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: ne(reminders.status, 'sent'),
      });
  }
}

/** Cancels the pending reminders of these subscriptions (no deadline any more). */
export async function cancelPending(
  db: Executor,
  subscriptionIds: readonly string[],
  now: Date,
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await db
    .update(reminders)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(inArray(reminders.subscriptionId, [...subscriptionIds]), eq(reminders.status, 'pending')));
}

export type ClaimedReminder = {
  id: string;
  subscriptionId: string;
  type: ReminderType;
  dueAt: Date;
  deadline: Date;
  userId: string;
  competitionGuid: string;
  tournamentUuid: string;
  notificationsEnabled: boolean;
  lost: boolean;
  competitionName: string | null;
  currentDeadline: Date | null;
  tournamentDescription: string | null;
};

/**
 * Claims up to `limit` pending reminders due at `now`, locked until the transaction ends;
 * rows another worker holds are skipped (`FOR UPDATE … SKIP LOCKED`), so two schedulers never
 * claim the same row. The ids are claimed first, straight off `reminders_pending_due_idx` in
 * (due time, id) order, and only those rows are then joined to their subscription, competition
 * and tournament (a join before the limit made the planner read every follow; decision 130).
 */
export async function claimDueReminders(tx: Tx, now: Date, limit: number): Promise<ClaimedReminder[]> {
  const claimed = tx
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.status, 'pending'), lte(reminders.dueAt, now)))
    .orderBy(asc(reminders.dueAt), asc(reminders.id))
    .limit(limit)
    .for('update', { skipLocked: true })
    .as('claimed');
  return tx
    .select({
      id: reminders.id,
      subscriptionId: reminders.subscriptionId,
      type: reminders.type,
      dueAt: reminders.dueAt,
      deadline: reminders.deadline,
      userId: subscriptions.userId,
      competitionGuid: subscriptions.competitionGuid,
      tournamentUuid: subscriptions.tournamentUuid,
      notificationsEnabled: subscriptions.notificationsEnabled,
      lost: subscriptions.lost,
      competitionName: competitions.name,
      currentDeadline: competitions.registrationClosesAt,
      tournamentDescription: tournaments.description,
    })
    .from(claimed)
    .innerJoin(reminders, eq(reminders.id, claimed.id))
    .innerJoin(subscriptions, eq(subscriptions.id, reminders.subscriptionId))
    .leftJoin(competitions, eq(competitions.guid, subscriptions.competitionGuid))
    .leftJoin(tournaments, eq(tournaments.uuid, subscriptions.tournamentUuid))
    .orderBy(asc(reminders.dueAt), asc(reminders.id));
}

/** The reminders of these subscriptions due by `now` that are pending or sent (for the stale rule). */
export async function findDueOrSent(
  tx: Tx,
  subscriptionIds: readonly string[],
  now: Date,
): Promise<Pick<ReminderRow, 'subscriptionId' | 'type' | 'dueAt'>[]> {
  if (subscriptionIds.length === 0) return [];
  return tx
    .select({ subscriptionId: reminders.subscriptionId, type: reminders.type, dueAt: reminders.dueAt })
    .from(reminders)
    .where(
      and(
        inArray(reminders.subscriptionId, [...subscriptionIds]),
        lte(reminders.dueAt, now),
        inArray(reminders.status, ['pending', 'sent']),
      ),
    );
}

export async function setReminderStatus(
  tx: Tx,
  ids: readonly string[],
  status: ReminderStatus,
  now: Date,
): Promise<void> {
  for (let start = 0; start < ids.length; start += 1000) {
    await tx
      .update(reminders)
      .set({ status, updatedAt: now, ...(status === 'sent' && { sentAt: now }) })
      .where(inArray(reminders.id, ids.slice(start, start + 1000)));
  }
}

/**
 * Follows whose competition has a deadline still ahead but that have no reminder rows yet (followed before
 * ingestion knew the deadline: ingestion records moves of a deadline, not its first value).
 */
export async function findUnscheduled(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(competitions, eq(competitions.guid, subscriptions.competitionGuid))
    .where(
      and(
        isNotNull(competitions.registrationClosesAt),
        gt(competitions.registrationClosesAt, now),
        notExists(
          db.select({ one: sql`1` }).from(reminders).where(eq(reminders.subscriptionId, subscriptions.id)),
        ),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
