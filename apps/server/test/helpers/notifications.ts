import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../src/db/client';
import { type NotificationDelivery, notificationDeliveries } from '../../src/db/schema';
import {
  type CreateNotificationsResult,
  createNotifications,
  type NewNotification,
} from '../../src/modules/notifications/notifications.service';

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The delivery rows of these notifications: their push rows (one per notification) and the
 * email rows listing any of them (one per user and creating call, decision 131), in id order.
 */
export async function deliveriesOf(db: Db, notificationIds: string[]): Promise<NotificationDelivery[]> {
  if (notificationIds.length === 0) return [];
  const list = sql`array[${sql.join(
    notificationIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  return db
    .select()
    .from(notificationDeliveries)
    .where(
      or(
        inArray(notificationDeliveries.notificationId, notificationIds),
        sql`${notificationDeliveries.notificationIds} && ${list}`,
      ),
    )
    .orderBy(asc(notificationDeliveries.id));
}

/** The push row of a notification, or the email row that sends it. */
export async function deliveryOf(db: Db, notificationId: string, channel: 'email' | 'push') {
  const rows = await deliveriesOf(db, [notificationId]);
  return rows.find((row) => row.channel === channel);
}

/** Waits until every delivery of these notifications has left pending/sending. */
export async function waitForSettled(db: Db, notificationIds: string[], timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const rows = await deliveriesOf(db, notificationIds);
      return rows.every((row) => row.status !== 'pending' && row.status !== 'sending') ? rows : undefined;
    },
    { timeoutMs, what: 'deliveries to settle' },
  );
}

let counter = 0;

/** A new_tournament notification for each user (a fresh dedupe key unless given). */
export function newTournament(
  userId: string,
  tournamentName: string,
  overrides: Partial<NewNotification> = {},
): NewNotification {
  counter += 1;
  return {
    userId,
    type: 'new_tournament',
    params: {
      tournamentName,
      competitionGuid: `guid-${counter}`,
      reasons: ['region', 'dates'],
      matchingFilters: 2,
    },
    dedupeKey: `new_tournament:test-${counter}-${Date.now()}`,
    ...overrides,
  };
}

export async function notify(db: Db, queue: PgBoss | null, items: NewNotification[], batchId?: string) {
  if (!queue) throw new Error('this test needs the queue');
  return createNotifications(db, items, { queue, ...(batchId ? { batchId } : {}) });
}

export const idsOf = (result: CreateNotificationsResult) => result.created.map((item) => item.id);

export async function setDeliveryStatus(db: Db, id: string, status: NotificationDelivery['status']) {
  await db.update(notificationDeliveries).set({ status }).where(eq(notificationDeliveries.id, id));
}
