import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  type DeliveryStatus,
  type DeviceTokenRow,
  deviceTokens,
  type NotificationDelivery,
  type NotificationRow,
  notificationDeliveries,
  notifications,
} from '../../../db/schema';

export async function findDelivery(db: Db, id: string): Promise<NotificationDelivery | undefined> {
  const [row] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
  return row;
}

const claimable = (row: NotificationDelivery, jobId: string) =>
  row.status === 'pending' || (row.status === 'sending' && row.claimedBy === jobId);

/** What claiming a delivery for `jobId` writes: sending, by that job, one attempt more. */
const claimFor = (jobId: string, now: Date) => ({
  status: 'sending' as const,
  claimedBy: jobId,
  claimedAt: now,
  attempts: sql`${notificationDeliveries.attempts} + 1`,
});

/**
 * Claims the email delivery rows of the batch `deliveryId` belongs to (same user, same batch)
 * for the job `jobId`: every one still pending, plus those this job claimed in an earlier
 * attempt that did not finish. Returns nothing when `deliveryId` itself is not claimable
 * (already sent, or carried by another job's email). A row is one user's part of one
 * `createNotifications` call (decision 131), so a batch written by several calls (the matching
 * engine's transactions) has several rows, and the first job to run sends them all as one.
 *
 * The batch's rows are locked in id order first, so two workers on the same batch wait for
 * each other instead of deadlocking, and the second one finds everything already claimed.
 * A notification is in the message only once its row is claimed: the creating transaction
 * committed the row and its notifications together, so the worker reads them all.
 */
export async function claimEmailBatch(
  db: Db,
  deliveryId: string,
  jobId: string,
  now: Date,
): Promise<NotificationDelivery[]> {
  const own = await findDelivery(db, deliveryId);
  if (own?.channel !== 'email') return [];
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.userId, own.userId),
          eq(notificationDeliveries.batchId, own.batchId),
          // A literal, so the partial index (`where channel = 'email'`) applies in any plan.
          sql`${notificationDeliveries.channel} = 'email'`,
        ),
      )
      .orderBy(asc(notificationDeliveries.id))
      .for('update');
    const mine = locked.find((row) => row.id === deliveryId);
    if (!mine || !claimable(mine, jobId)) return [];
    const ids = locked.filter((row) => claimable(row, jobId)).map((row) => row.id);
    return tx
      .update(notificationDeliveries)
      .set(claimFor(jobId, now))
      .where(inArray(notificationDeliveries.id, ids))
      .returning();
  });
}

/**
 * The notifications an email delivery row sends: its list (decision 131), or, for a row
 * written before it, its one notification.
 */
export function emailNotificationIds(row: Pick<NotificationDelivery, 'notificationIds' | 'notificationId'>) {
  return row.notificationIds ?? (row.notificationId ? [row.notificationId] : []);
}

/** Claims one delivery for `jobId` (pending, or left `sending` by this job's earlier attempt). */
export async function claimDelivery(
  db: Db,
  deliveryId: string,
  jobId: string,
  now: Date,
): Promise<NotificationDelivery | undefined> {
  const [row] = await db
    .update(notificationDeliveries)
    .set(claimFor(jobId, now))
    .where(
      and(
        eq(notificationDeliveries.id, deliveryId),
        sql`(${notificationDeliveries.status} = 'pending' or (${notificationDeliveries.status} = 'sending' and ${notificationDeliveries.claimedBy} = ${jobId}))`,
      ),
    )
    .returning();
  return row;
}

/**
 * Settles claimed deliveries. Only rows still claimed by `jobId` change, so a job that lost
 * its claim (an expired attempt running late) cannot overwrite what another one recorded.
 */
export async function finishDeliveries(
  db: Db,
  ids: string[],
  jobId: string,
  status: Extract<DeliveryStatus, 'sent' | 'skipped' | 'failed'>,
  details: { lastError?: string | null; messageId?: string | null },
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notificationDeliveries)
    .set({
      status,
      completedAt: now,
      ...(details.lastError !== undefined ? { lastError: details.lastError } : {}),
      ...(details.messageId !== undefined ? { messageId: details.messageId } : {}),
    })
    .where(
      and(
        inArray(notificationDeliveries.id, ids),
        eq(notificationDeliveries.status, 'sending'),
        eq(notificationDeliveries.claimedBy, jobId),
      ),
    )
    .returning({ id: notificationDeliveries.id });
  return rows.length;
}

/** Remembers why an attempt failed; the rows stay claimed for the job's retry. */
export async function recordDeliveryError(
  db: Db,
  ids: string[],
  jobId: string,
  error: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notificationDeliveries)
    .set({ lastError: error.slice(0, 1000) })
    .where(and(inArray(notificationDeliveries.id, ids), eq(notificationDeliveries.claimedBy, jobId)));
}

export async function findNotificationsByIds(db: Db, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, ids))
    .orderBy(asc(notifications.seq));
}

export async function findActiveWebPushTokens(db: Db, userId: string): Promise<DeviceTokenRow[]> {
  return db
    .select()
    .from(deviceTokens)
    .where(
      and(eq(deviceTokens.userId, userId), eq(deviceTokens.active, true), eq(deviceTokens.kind, 'webpush')),
    )
    .orderBy(asc(deviceTokens.createdAt), asc(deviceTokens.id));
}

/** Every active push token of a user, web push and native (FCM), oldest first. */
export async function findActivePushTokens(db: Db, userId: string): Promise<DeviceTokenRow[]> {
  return db
    .select()
    .from(deviceTokens)
    .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.active, true)))
    .orderBy(asc(deviceTokens.createdAt), asc(deviceTokens.id));
}

/** Notes that a push reached a device, so a retry of the delivery skips it. */
export async function addReachedToken(db: Db, deliveryId: string, tokenId: string, now: Date): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ reachedTokens: sql`array_append(${notificationDeliveries.reachedTokens}, ${tokenId}::uuid)` })
    .where(
      and(
        eq(notificationDeliveries.id, deliveryId),
        sql`not (${tokenId}::uuid = any(${notificationDeliveries.reachedTokens}))`,
      ),
    );
  await db.update(deviceTokens).set({ lastPushedAt: now }).where(eq(deviceTokens.id, tokenId));
}

export async function deactivateDeviceToken(
  db: Db,
  tokenId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(deviceTokens)
    .set({ active: false, deactivatedAt: now, deactivationReason: reason })
    .where(and(eq(deviceTokens.id, tokenId), eq(deviceTokens.active, true)));
}
