/** The SQL of registration-deadline reminders (docs/decisions/060, 182). */
import type { ReminderType } from '@radar/shared';
import { and, asc, eq, inArray, lte, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  competitions,
  fitpCards,
  type ReminderRow,
  type ReminderStatus,
  reminders,
  subscriptions,
  tournamentDeadlines,
  tournaments,
} from '../../db/schema';
import { rankingValueSql } from '../filters/eligibility-sql';

/**
 * The deadline a follow's reminders count down to (docs/decisions/182), for the row of
 * `subscriptions` in scope. The tournament's per-band deadlines (§3) when stored: the band holding
 * the ranking of the follower's connected card (inclusive; a band the referee decides gives no
 * reminder: null), else — no card, no ranking, or a ranking outside every band — the earliest
 * dated band. Without bands: the tournament's own closing, else the competition's.
 */
/**
 * The follow's columns, always qualified: drizzle writes a single-table query's columns bare,
 * which inside the subqueries below would name the subquery's own table.
 */
const followed = {
  tournamentUuid: sql.raw('"subscriptions"."tournament_uuid"'),
  competitionGuid: sql.raw('"subscriptions"."competition_guid"'),
  userId: sql.raw('"subscriptions"."user_id"'),
};

export const reminderDeadlineSql: SQL<Date | null> = sql`(case
  when not exists (select 1 from ${tournamentDeadlines} d where d.tournament_uuid = ${followed.tournamentUuid})
    then coalesce(
      (select t.registration_closes_at from ${tournaments} t where t.uuid = ${followed.tournamentUuid}),
      (select c.registration_closes_at from ${competitions} c where c.guid = ${followed.competitionGuid}))
  when exists (${bandOfCard(sql`1`)})
    then (${bandOfCard(sql`d.closes_at`)} order by d.ordinal limit 1)
  else (select min(d.closes_at) from ${tournamentDeadlines} d
    where d.tournament_uuid = ${followed.tournamentUuid} and not d.by_referee)
end)`.mapWith((value: unknown) => (value === null || value === undefined ? null : new Date(value as string)));

/** The bands of the followed tournament that hold the follower's card's ranking. */
function bandOfCard(select: SQL): SQL {
  const own = rankingValueSql(sql`fc.ranking`);
  return sql`select ${select} from ${tournamentDeadlines} d
    join ${fitpCards} fc on fc.user_id = ${followed.userId}
    where d.tournament_uuid = ${followed.tournamentUuid}
      and ${own} between ${rankingValueSql(sql`d.max_rank`)} and ${rankingValueSql(sql`d.min_rank`)}`;
}

export type ReminderTarget = {
  subscriptionId: string;
  notificationsEnabled: boolean;
  lost: boolean;
  deadline: Date | null;
};

export interface ReminderScope {
  subscriptionIds?: readonly string[];
  competitionGuids?: readonly string[];
  /** Every follow of these users (their card, hence their band, changed). */
  userIds?: readonly string[];
}

/** The subscriptions to (re)schedule, with their deadline (`reminderDeadlineSql`). */
export async function findReminderTargets(db: Executor, scope: ReminderScope): Promise<ReminderTarget[]> {
  const conditions = [];
  if (scope.subscriptionIds?.length) conditions.push(inArray(subscriptions.id, [...scope.subscriptionIds]));
  if (scope.competitionGuids?.length)
    conditions.push(inArray(subscriptions.competitionGuid, [...scope.competitionGuids]));
  if (scope.userIds?.length) conditions.push(inArray(subscriptions.userId, [...scope.userIds]));
  if (conditions.length === 0) return [];
  return db
    .select({
      subscriptionId: subscriptions.id,
      notificationsEnabled: subscriptions.notificationsEnabled,
      lost: subscriptions.lost,
      deadline: reminderDeadlineSql,
    })
    .from(subscriptions)
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
      currentDeadline: reminderDeadlineSql,
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
 * Follows whose deadline is still ahead but that have no reminder rows yet (followed before
 * ingestion knew the deadline: ingestion records moves of a deadline, not its first value).
 */
export async function findUnscheduled(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        sql`${reminderDeadlineSql} > ${now.toISOString()}::timestamptz`,
        notExists(
          db.select({ one: sql`1` }).from(reminders).where(eq(reminders.subscriptionId, subscriptions.id)),
        ),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
