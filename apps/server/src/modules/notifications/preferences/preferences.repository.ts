import type { NotificationGroup } from '@radar/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { notificationPreferences } from '../../../db/schema';

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
