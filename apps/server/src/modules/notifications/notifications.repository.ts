import type {
  DeviceInfo,
  DeviceTokenKind,
  InboxNotificationType,
  NotificationChannel,
  NotificationGroup,
  NotificationParams,
} from '@radar/shared';
import { and, desc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type DeviceTokenRow,
  deviceTokens,
  type NotificationRow,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  users,
} from '../../db/schema';

type Executor = Db | Tx;

// --- Notifications -------------------------------------------------------------------------

export type NotificationInsert = {
  userId: string;
  type: InboxNotificationType;
  params: NotificationParams;
  dedupeKey: string;
  batchId: string;
};

/** Inserts the notifications that do not exist yet (by user and dedupe key); returns the new ones. */
export async function insertNotifications(db: Executor, rows: NotificationInsert[]) {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      dedupeKey: notifications.dedupeKey,
      batchId: notifications.batchId,
    });
}

/** A page of a user's notifications, newest first, strictly older than `beforeSeq`. */
export async function listUserNotifications(
  db: Executor,
  userId: string,
  options: { limit: number; beforeSeq?: number | undefined },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.beforeSeq === undefined ? undefined : lt(notifications.seq, options.beforeSeq),
      ),
    )
    .orderBy(desc(notifications.seq))
    .limit(options.limit);
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

// --- Preferences ---------------------------------------------------------------------------

export type PreferenceRow = { userId: string; group: NotificationGroup; email: boolean; push: boolean };

export async function findPreferenceRows(db: Executor, userIds: string[]): Promise<PreferenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: notificationPreferences.userId,
      group: notificationPreferences.group,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
}

/** Writes whole rows (both channels of a group), replacing what was there. */
export async function upsertPreferenceRows(db: Executor, rows: PreferenceRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ ...row, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.group],
      set: {
        email: sql`excluded.email`,
        push: sql`excluded.push`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

// --- Users (what delivery needs to know) ---------------------------------------------------

export type DeliveryUser = {
  id: string;
  username: string;
  email: string;
  language: 'it' | 'en';
  emailVerified: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
};

export async function findDeliveryUsers(db: Executor, userIds: string[]): Promise<DeliveryUser[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      language: users.language,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      emailNotifications: users.emailNotifications,
      pushNotifications: users.pushNotifications,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

export async function setUserPushNotifications(db: Executor, userId: string, enabled: boolean, now: Date) {
  await db.update(users).set({ pushNotifications: enabled, updatedAt: now }).where(eq(users.id, userId));
}

export async function deleteUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

// --- Deliveries ----------------------------------------------------------------------------

export type DeliveryInsert = {
  notificationId: string;
  userId: string;
  batchId: string;
  channel: NotificationChannel;
};

export async function insertDeliveries(db: Executor, rows: DeliveryInsert[]) {
  if (rows.length === 0) return [];
  return db
    .insert(notificationDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [notificationDeliveries.notificationId, notificationDeliveries.channel] })
    .returning({ id: notificationDeliveries.id, channel: notificationDeliveries.channel });
}

// --- Device tokens -------------------------------------------------------------------------

/** Users (of those given) with at least one active web push subscription. */
export async function findUsersWithActiveWebPush(db: Executor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: deviceTokens.userId })
    .from(deviceTokens)
    .where(
      and(
        inArray(deviceTokens.userId, userIds),
        eq(deviceTokens.active, true),
        eq(deviceTokens.kind, 'webpush'),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export type DeviceTokenUpsert = {
  userId: string;
  kind: DeviceTokenKind;
  token: string;
  keys: { p256dh: string; auth: string } | null;
  deviceInfo: DeviceInfo;
};

/**
 * Registers a token, or refreshes it: a token already known (for this or another user)
 * moves to this user and becomes active again. Returns the row and whether it was new.
 */
export async function upsertDeviceToken(
  db: Executor,
  token: DeviceTokenUpsert,
  now: Date,
): Promise<{ row: DeviceTokenRow; created: boolean }> {
  const [row] = await db
    .insert(deviceTokens)
    .values({ ...token, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: deviceTokens.token,
      set: {
        userId: token.userId,
        kind: token.kind,
        keys: token.keys,
        deviceInfo: token.deviceInfo,
        active: true,
        deactivatedAt: null,
        deactivationReason: null,
        lastSeenAt: now,
      },
    })
    .returning({ ...getTableColumns(deviceTokens), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('device token not stored');
  const { created, ...stored } = row;
  return { row: stored, created };
}

export async function listUserDeviceTokens(db: Executor, userId: string): Promise<DeviceTokenRow[]> {
  return db
    .select()
    .from(deviceTokens)
    .where(eq(deviceTokens.userId, userId))
    .orderBy(desc(deviceTokens.lastSeenAt), desc(deviceTokens.id));
}

export async function deleteUserDeviceToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(deviceTokens)
    .where(and(eq(deviceTokens.id, id), eq(deviceTokens.userId, userId)))
    .returning({ id: deviceTokens.id });
  return rows.length > 0;
}

export async function deactivateUserDeviceTokens(
  db: Executor,
  userId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(deviceTokens)
    .set({ active: false, deactivatedAt: now, deactivationReason: reason })
    .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.active, true)))
    .returning({ id: deviceTokens.id });
  return rows.length;
}
