/**
 * Registration-deadline reminders (spec §9, issue 7; docs/decisions/060).
 *
 * - Scheduling: `syncReminders` computes, for each subscription, one row per reminder type from
 *   its deadline (the band of the follower's card, else the earliest band, else the tournament's
 *   or competition's closing: `reminderDeadlineSql`, decision 182) (`reminderDueAt`: Rome calendar days, elapsed hours) and writes
 *   them: `pending` when the subscription wants notifications and the time is still ahead,
 *   `skipped` when it is already past (never sent late), `cancelled` while notifications are
 *   off or the tournament is lost. `sent` rows never change. It runs in the transaction of
 *   every follow, notifications and lost change, and for every `deadline_changed` event.
 * - Sending: `runReminderPass` claims due `pending` rows with `FOR UPDATE SKIP LOCKED`, checks
 *   them again against the subscription and the deadline, and in the same transaction creates
 *   the notifications (dedupe key `<type>:<tournamentUuid>`) and marks the rows `sent`: each
 *   reminder goes out once, across restarts and with several workers.
 * - Stale rule: of several reminders of one subscription due at once (after downtime) only the
 *   latest is sent; one more than REMINDER_MAX_LATENESS_MS late, or due when registration has
 *   already closed, is skipped.
 */
import { REMINDER_OFFSETS, type ReminderType, reminderDueAt } from '@radar/shared';
import type { PgBoss } from 'pg-boss';
import type { Db, Executor } from '../../db/client';
import type { ReminderStatus } from '../../db/schema';
import { consumeEvents } from '../events/event-consumer';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import {
  type ClaimedReminder,
  cancelPending,
  claimDueReminders,
  findDueOrSent,
  findRemindersOf,
  findReminderTargets,
  findUnscheduled,
  type ReminderScope,
  type ReminderUpsert,
  setReminderStatus,
  upsertReminders,
} from './reminders.repository';

/** A reminder found due later than this (the scheduler was down) is not sent. */
export const REMINDER_MAX_LATENESS_MS = 3 * 3_600_000;

/** The event consumer that reschedules reminders when the federation moves a deadline. */
export const REMINDERS_CONSUMER = 'reminders';

const CHUNK = 1000;

/**
 * (Re)schedules the reminders of the subscriptions in scope at `now`. Idempotent; safe in any
 * transaction. A pending row whose time has not moved is left as it is (the scheduler may be
 * about to send it); a row whose time moved, or that comes back after notifications were off,
 * is pending only when its time is still ahead.
 */
export async function syncReminders(db: Executor, scope: ReminderScope, now: Date): Promise<void> {
  const targets = await findReminderTargets(db, scope);
  for (let start = 0; start < targets.length; start += CHUNK) {
    const chunk = targets.slice(start, start + CHUNK);
    const existing = await findRemindersOf(
      db,
      chunk.map((t) => t.subscriptionId),
    );
    const byKey = new Map(existing.map((row) => [`${row.subscriptionId}:${row.type}`, row]));
    const upserts: ReminderUpsert[] = [];
    const withoutDeadline: string[] = [];
    for (const target of chunk) {
      if (!target.deadline) {
        withoutDeadline.push(target.subscriptionId);
        continue;
      }
      const active = target.notificationsEnabled && !target.lost;
      for (const offset of REMINDER_OFFSETS) {
        const row = byKey.get(`${target.subscriptionId}:${offset.type}`);
        if (row?.status === 'sent') continue;
        const dueAt = reminderDueAt(target.deadline, offset);
        let status: ReminderUpsert['status'];
        if (!active) status = 'cancelled';
        else if (row?.status === 'pending' && row.dueAt.getTime() === dueAt.getTime()) continue;
        else status = dueAt.getTime() > now.getTime() ? 'pending' : 'skipped';
        if (row && row.status === status && row.dueAt.getTime() === dueAt.getTime()) continue;
        upserts.push({
          subscriptionId: target.subscriptionId,
          type: offset.type,
          deadline: target.deadline,
          dueAt,
          status,
          updatedAt: now,
        });
      }
    }
    await upsertReminders(db, upserts);
    await cancelPending(db, withoutDeadline, now);
  }
}

/** Reschedules the reminders of competitions whose deadline the federation moved. */
export async function rescheduleMovedDeadlines(db: Db, now: Date): Promise<number> {
  return consumeEvents(
    db,
    { consumer: REMINDERS_CONSUMER, kinds: ['deadline_changed'] },
    async (tx, events) => {
      await syncReminders(tx, { competitionGuids: [...new Set(events.map((e) => e.competitionGuid))] }, now);
    },
  );
}

export interface ReminderPassDeps {
  db: Db;
  queue: PgBoss;
  now: () => Date;
  /** Reminders claimed per transaction. */
  batchSize?: number;
}

export type ReminderPassResult = {
  sent: number;
  skipped: number;
  cancelled: number;
  /** `deadline_changed` events handled. */
  rescheduled: number;
  /** Follows scheduled for the first time (their competition's deadline arrived later). */
  scheduled: number;
};

const offsetRank = new Map<ReminderType, number>(REMINDER_OFFSETS.map((o, index) => [o.type, index]));

/** What to do with a claimed reminder at `now` (besides the stale rule). */
function verdict(row: ClaimedReminder, now: Date): ReminderStatus | 'resync' {
  if (!row.notificationsEnabled || row.lost || !row.currentDeadline) return 'cancelled';
  if (row.currentDeadline.getTime() !== row.deadline.getTime()) return 'resync';
  if (now.getTime() >= row.deadline.getTime()) return 'skipped';
  if (now.getTime() - row.dueAt.getTime() > REMINDER_MAX_LATENESS_MS) return 'skipped';
  return 'sent';
}

/**
 * One scheduler pass: reschedules moved deadlines, then sends every reminder due at `now`,
 * batch by batch, each batch one transaction (claim, notifications, status).
 */
export async function runReminderPass(deps: ReminderPassDeps): Promise<ReminderPassResult> {
  const now = deps.now();
  const batchSize = deps.batchSize ?? 1000;
  const result: ReminderPassResult = { sent: 0, skipped: 0, cancelled: 0, rescheduled: 0, scheduled: 0 };
  result.rescheduled = await rescheduleMovedDeadlines(deps.db, now);
  // Follows made before our data had their competition's deadline.
  for (;;) {
    const ids = await findUnscheduled(deps.db, now, 1000);
    if (ids.length > 0) await syncReminders(deps.db, { subscriptionIds: ids }, now);
    result.scheduled += ids.length;
    if (ids.length < 1000) break;
  }
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await claimDueReminders(tx, now, batchSize);
      if (rows.length === 0) return 0;
      const decided = new Map<ReminderStatus, string[]>([
        ['sent', []],
        ['skipped', []],
        ['cancelled', []],
      ]);
      const resync: string[] = [];
      const toSend: ClaimedReminder[] = [];
      // Stale rule: a later reminder of the same subscription is also due (or went out).
      const due = await findDueOrSent(tx, [...new Set(rows.map((r) => r.subscriptionId))], now);
      const latestDue = new Map<string, number>();
      for (const d of due) {
        const rank = offsetRank.get(d.type) ?? 0;
        latestDue.set(d.subscriptionId, Math.max(latestDue.get(d.subscriptionId) ?? -1, rank));
      }
      for (const row of rows) {
        let status = verdict(row, now);
        if (
          status === 'sent' &&
          (latestDue.get(row.subscriptionId) ?? -1) > (offsetRank.get(row.type) ?? 0)
        ) {
          status = 'skipped';
        }
        if (status === 'resync') resync.push(row.subscriptionId);
        else decided.get(status)?.push(row.id);
        if (status === 'sent') toSend.push(row);
      }
      const items: NewNotification[] = toSend.map((row) => ({
        userId: row.userId,
        type: row.type,
        dedupeKey: `${row.type}:${row.tournamentUuid}`,
        params: {
          tournamentName: row.competitionName ?? row.tournamentDescription ?? row.tournamentUuid,
          competitionGuid: row.competitionGuid,
          tournamentUuid: row.tournamentUuid,
          registrationDeadline: row.deadline.toISOString(),
        },
      }));
      if (items.length > 0) await createNotifications(tx, items, { queue: deps.queue });
      for (const [status, ids] of decided) await setReminderStatus(tx, ids, status, now);
      // The deadline moved and its event is not consumed yet: reschedule these now.
      if (resync.length > 0) await syncReminders(tx, { subscriptionIds: [...new Set(resync)] }, now);
      result.sent += decided.get('sent')?.length ?? 0;
      result.skipped += decided.get('skipped')?.length ?? 0;
      result.cancelled += decided.get('cancelled')?.length ?? 0;
      return rows.length;
    });
    if (claimed < batchSize) return result;
  }
}
