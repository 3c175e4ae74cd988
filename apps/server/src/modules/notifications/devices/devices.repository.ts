import type { DeviceInfo, DeviceTokenKind } from '@radar/shared';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type DeviceTokenRow, deviceTokens, users } from '../../../db/schema';

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

/** The profile's push switch. */
export async function setUserPushNotifications(db: Executor, userId: string, enabled: boolean, now: Date) {
  await db.update(users).set({ pushNotifications: enabled, updatedAt: now }).where(eq(users.id, userId));
}
