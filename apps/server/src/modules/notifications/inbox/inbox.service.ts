import { NOTIFICATION_TYPE_GROUP, type Notification, type NotificationList } from '@radar/shared';
import type { NotificationRow } from '../../../db/schema';
import { notFound } from '../../../domain/errors';
import type { NotificationsDeps } from '../deps';
import {
  countUnread,
  findUserNotification,
  listUserNotifications,
  markAllRead,
  setNotificationRead,
} from './inbox.repository';

export function toNotificationJson(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    group: NOTIFICATION_TYPE_GROUP[row.type],
    params: row.params,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of the inbox, newest first. The cursor is the position (`seq`) of the last item:
 * the next page starts strictly below it, so notifications arriving meanwhile never shift
 * or repeat items across pages.
 */
export async function listNotifications(
  deps: NotificationsDeps,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<NotificationList> {
  const beforeSeq = query.cursor === undefined ? undefined : Number(query.cursor);
  const { rows, unreadCount } = await listUserNotifications(deps.db, userId, {
    limit: query.limit + 1,
    beforeSeq,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toNotificationJson),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
    unreadCount,
  };
}

export async function getNotification(
  deps: NotificationsDeps,
  userId: string,
  id: string,
): Promise<Notification> {
  const row = await findUserNotification(deps.db, userId, id);
  // Another user's notification is answered exactly like a missing one.
  if (!row) throw notFound();
  return toNotificationJson(row);
}

export async function markNotification(
  deps: NotificationsDeps,
  userId: string,
  id: string,
  read: boolean,
): Promise<Notification> {
  const row = await setNotificationRead(deps.db, userId, id, read, deps.now());
  if (!row) throw notFound();
  return toNotificationJson(row);
}

export async function markAllNotificationsRead(deps: NotificationsDeps, userId: string) {
  const updated = await markAllRead(deps.db, userId, deps.now());
  return { updated, unreadCount: await countUnread(deps.db, userId) };
}

/** The inbox's unread count (the badge). */
export async function countUnreadNotifications(deps: NotificationsDeps, userId: string): Promise<number> {
  return countUnread(deps.db, userId);
}
