import type { InboxNotificationType, NotificationGroup, NotificationParams } from '@radar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/* Creating notifications: the set-based insert of notifications with their deliveries. */

export type NotificationInsert = {
  userId: string;
  type: InboxNotificationType;
  params: NotificationParams;
  dedupeKey: string;
  batchId: string;
};

/** How a notification type's group decides its channels: the group and its defaults. */
export type TypeChannelRule = {
  type: InboxNotificationType;
  group: NotificationGroup;
  email: boolean;
  push: boolean;
};

export type CreatedWithDeliveries = {
  id: string;
  userId: string;
  type: InboxNotificationType;
  dedupeKey: string;
  /** The id of the email delivery (one per user and batch while pending) that carries it, if any. */
  emailDeliveryId: string | null;
  /** Whether that email row was written by this statement (it needs a job), not appended to. */
  emailDeliveryIsNew: boolean;
  /** The id of the push delivery created with it, if any. */
  pushDeliveryId: string | null;
};

/**
 * A random UUID whose first 48 bits are the time in milliseconds (the UUID v7 layout;
 * PostgreSQL 15 has no uuidv7()). The ids of a big batch then land at the right edge of the
 * primary keys (and of the deliveries' (notification, channel) index) instead of all over
 * them: about half the buffer reads and writes of random ids once the indexes outgrow
 * shared_buffers (decision 040). 74 random bits per millisecond keep them unique.
 */
const timeOrderedUuid = sql.raw(
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`,
);

/**
 * Rows to insert as notifications, as SQL: a select answering the columns `user_id` (uuid),
 * `type` (text), `params` (jsonb), `dedupe_key` (text) and `batch_id` (uuid). Either rows
 * travelling as one JSON parameter ({@link notificationRowsSource}) or a query computing them in
 * the database (the matching engine's matches, decision 133: nothing crosses the wire).
 */
export type NotificationSource = SQL;

/** Rows built in JavaScript, as one JSON parameter (any number of rows, one parameter). */
export function notificationRowsSource(rows: readonly NotificationInsert[]): NotificationSource {
  const input = JSON.stringify(
    rows.map((row) => ({
      user_id: row.userId,
      type: row.type,
      params: row.params,
      dedupe_key: row.dedupeKey,
      batch_id: row.batchId,
    })),
  );
  return sql`select * from json_to_recordset(${input}::json)
    as t(user_id uuid, type text, params jsonb, dedupe_key text, batch_id uuid)`;
}

/** What one insert statement answers: the notifications it created, or only how many (and the rows' ids). */
type InsertAnswer = 'notifications' | 'summary';

type InsertResultRow = {
  kind: 'n' | 'e' | 'a' | 'p' | 'c';
  id: string | null;
  userId: string | null;
  type: string | null;
  dedupeKey: string | null;
};

/**
 * One statement: inserts the notifications of `source` that do not exist yet (by user and
 * dedupe key) and their deliveries, the channels decided in SQL from the user's row, their
 * preference row for the type's group (or the group's defaults, `rules`) and their active
 * devices — the set-based twin of the per-user rule (see `createNotifications`):
 * - push: one row per notification (a phone shows each one);
 * - email: **one row per user and batch** for all of this statement's notifications that want
 *   email, listing them in `notification_ids` (decision 131): the email job sends them as one
 *   message. When the user's newest email row of the batch is still `pending` (written by an
 *   earlier statement of the same batch — the matching engine's earlier transactions of a run —
 *   and not claimed by its job yet), the notifications are **appended to it** instead: no new
 *   row and no new job (decision 133). The update locks that row until this transaction ends,
 *   so a job claiming the batch meanwhile waits and then sends them too; a row claimed first is
 *   no longer `pending` (re-checked under the lock) and a new row (and job) is written.
 * Answers, by `kind`: `n` an inserted notification (with `answer = 'summary'`, one row whose
 * `id` is their count), `e` a new email row's notification (`userId` holds the notification's
 * id; with `'summary'`, one row per new email row and no notification), `a` likewise for an
 * email row appended to (not with `'summary'`: it has its job), `p` a push row (like `e`), `c`
 * the number of source rows.
 */
async function insertFromSource(
  db: Executor,
  source: NotificationSource,
  rules: readonly TypeChannelRule[],
  answer: InsertAnswer,
): Promise<InsertResultRow[]> {
  // The email rows' notifications are one answer row per notification (not a written row); the
  // push rows are paired up by the caller: joining them in SQL would join CTEs the planner
  // cannot estimate (a nested loop, rows × rows).
  const answerSql =
    answer === 'notifications'
      ? sql`select 'n' as kind, id, user_id as "userId", type as "type", dedupe_key as "dedupeKey"
    from inserted
    union all
    select 'e', e.id, n.notification_id, null, null
    from emails e cross join lateral unnest(e.notification_ids) as n(notification_id)
    union all
    select 'a', a.id, n.notification_id, null, null
    from appended a cross join lateral unnest(a.notification_ids) as n(notification_id)
    union all
    select 'p', id, notification_id, null, null from pushes`
      : sql`select 'n' as kind, count(*)::text as id, null as "userId", null as "type", null as "dedupeKey"
    from inserted
    union all
    select 'c', count(*)::text, null, null, null from input
    union all
    select 'e', id::text, null, null, null from emails
    union all
    select 'p', id::text, null, null, null from pushes`;
  const result = (await db.execute(sql`
    with input as materialized (${source}),
    inserted as (
      insert into notifications (id, user_id, type, params, dedupe_key, batch_id)
      select ${timeOrderedUuid}, user_id, type, params, dedupe_key, batch_id
      from input order by user_id, dedupe_key
      on conflict (user_id, dedupe_key) do nothing
      returning id, seq, user_id, type, dedupe_key, batch_id
    ),
    rules as (
      select * from json_to_recordset(${JSON.stringify(rules)}::json)
        as r(type text, "group" text, email boolean, push boolean)
    ),
    wanted as (
      select n.id, n.seq, n.user_id, n.batch_id,
        u.email_notifications and u.email_verified_at is not null and coalesce(p.email, r.email) as email,
        u.push_notifications and coalesce(p.push, r.push) and exists (
          select 1 from device_tokens d
          where d.user_id = n.user_id and d.active) as push
      from inserted n
      join users u on u.id = n.user_id
      join rules r on r.type = n.type
      left join notification_preferences p on p.user_id = n.user_id and p."group" = r."group"
    ),
    email_groups as (
      select user_id, batch_id, array_agg(id order by seq) as ids
      from wanted where email
      group by user_id, batch_id
    ),
    open_rows as (
      select distinct on (d.user_id, d.batch_id) d.id, g.ids
      from email_groups g
      join notification_deliveries d on d.user_id = g.user_id and d.batch_id = g.batch_id
      where d.channel = 'email' and d.status = 'pending' and d.notification_ids is not null
      order by d.user_id, d.batch_id, d.id desc
    ),
    -- The rows to append to carry their notifications (no second join with email_groups: the
    -- planner cannot estimate CTEs and joined them in a nested loop, rows × rows).
    appended as (
      update notification_deliveries d
      set notification_ids = d.notification_ids || o.ids
      from open_rows o
      where d.id = o.id and d.status = 'pending'
      returning d.id, d.user_id, d.batch_id, o.ids as notification_ids
    ),
    -- The groups no pending row took: NOT IN a hashed list of the appended rows' keys (both
    -- never null). The planner cannot estimate CTEs: written as NOT EXISTS, it could pick a
    -- nested loop over both, groups × appended rows (seconds per statement at 10,000 of each).
    emails as (
      insert into notification_deliveries (id, user_id, batch_id, channel, notification_ids)
      select ${timeOrderedUuid}, g.user_id, g.batch_id, 'email', g.ids
      from email_groups g
      where (g.user_id, g.batch_id) not in (select a.user_id, a.batch_id from appended a)
      returning id, notification_ids
    ),
    pushes as (
      insert into notification_deliveries (id, notification_id, user_id, batch_id, channel)
      select ${timeOrderedUuid}, id, user_id, batch_id, 'push' from wanted where push
      returning id, notification_id
    )
    ${answerSql}
  `)) as unknown as { rows: InsertResultRow[] };
  return result.rows;
}

/**
 * Inserts `rows` (see {@link insertFromSource}) and answers the inserted notifications in input
 * order, with their deliveries' ids.
 */
export async function insertNotificationsWithDeliveries(
  db: Executor,
  rows: readonly NotificationInsert[],
  rules: readonly TypeChannelRule[],
): Promise<CreatedWithDeliveries[]> {
  if (rows.length === 0) return [];
  const answer = await insertFromSource(db, notificationRowsSource(rows), rules, 'notifications');
  const created = new Map<string, CreatedWithDeliveries>();
  const byId = new Map<string, CreatedWithDeliveries>();
  for (const row of answer) {
    if (row.kind !== 'n' || row.id === null || row.userId === null) continue;
    const notification: CreatedWithDeliveries = {
      id: row.id,
      userId: row.userId,
      type: row.type as InboxNotificationType,
      dedupeKey: row.dedupeKey ?? '',
      emailDeliveryId: null,
      emailDeliveryIsNew: false,
      pushDeliveryId: null,
    };
    created.set(`${notification.userId}\u0000${notification.dedupeKey}`, notification);
    byId.set(notification.id, notification);
  }
  for (const row of answer) {
    if (row.kind === 'n' || row.id === null || row.userId === null) continue;
    // For a delivery, `userId` holds its notification's id.
    const notification = byId.get(row.userId);
    if (!notification) continue;
    if (row.kind === 'p') notification.pushDeliveryId = row.id;
    else {
      notification.emailDeliveryId = row.id;
      notification.emailDeliveryIsNew = row.kind === 'e';
    }
  }
  // In input order.
  const ordered: CreatedWithDeliveries[] = [];
  for (const row of rows) {
    const notification = created.get(`${row.userId.toLowerCase()}\u0000${row.dedupeKey}`);
    if (notification) ordered.push(notification);
  }
  return ordered;
}

/**
 * Inserts the notifications a query computes (see {@link insertFromSource}) without bringing
 * them to JavaScript: answers how many rows the source had, how many notifications were
 * created, and the ids of the delivery rows written (for their jobs).
 */
export async function insertSourceWithDeliveries(
  db: Executor,
  source: NotificationSource,
  rules: readonly TypeChannelRule[],
): Promise<{ sourceRows: number; created: number; emailDeliveryIds: string[]; pushDeliveryIds: string[] }> {
  const answer = await insertFromSource(db, source, rules, 'summary');
  const count = (kind: 'n' | 'c') => Number(answer.find((row) => row.kind === kind)?.id ?? 0);
  const ids = (kind: 'e' | 'p') =>
    answer.flatMap((row) => (row.kind === kind && row.id !== null ? [row.id] : []));
  return {
    sourceRows: count('c'),
    created: count('n'),
    emailDeliveryIds: ids('e'),
    pushDeliveryIds: ids('p'),
  };
}
