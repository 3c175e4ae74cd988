import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { preparedQuery } from '../../../db/prepared';
import { type NotificationRow, notifications } from '../../../db/schema';

/** A page of the user's notifications, newest first (strictly older than `beforeSeq` when given). */
const inboxPage = (name: string, before: boolean) =>
  preparedQuery((db) =>
    db
      .select({
        notification: notifications,
        unread: sql<number>`(select count(*)::int from ${notifications} u
          where u.user_id = ${sql.placeholder('userId')} and u.read_at is null)`,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          before ? lt(notifications.seq, sql.placeholder('beforeSeq')) : undefined,
        ),
      )
      .orderBy(desc(notifications.seq))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
const inboxFirstPage = inboxPage('inbox_first_page', false);
const inboxPageBefore = inboxPage('inbox_page_before', true);

/**
 * A page of the user's notifications, newest first, with their unread count, in one statement
 * (the count rides on every row). A page with no row (past the end) counts apart.
 */
export async function listUserNotifications(
  db: Executor,
  userId: string,
  options: { limit: number; beforeSeq?: number | undefined },
): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
  const { limit, beforeSeq } = options;
  const found =
    beforeSeq === undefined
      ? await inboxFirstPage(db).execute({ userId, limit })
      : await inboxPageBefore(db).execute({ userId, limit, beforeSeq });
  const first = found[0];
  return {
    rows: found.map((r) => r.notification),
    unreadCount: first ? Number(first.unread) : await countUnread(db, userId),
  };
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

export async function findUserNotification(
  db: Executor,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** Marks one notification read (keeping the first read time) or unread. */
export async function setNotificationRead(
  db: Executor,
  userId: string,
  id: string,
  read: boolean,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
