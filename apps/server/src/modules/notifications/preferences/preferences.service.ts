import {
  type ChannelSettings,
  DEFAULT_NOTIFICATION_PREFERENCES,
  INBOX_NOTIFICATION_TYPES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_TYPE_GROUP,
  type NotificationGroup,
  type NotificationPreferences,
  type NotificationTypes,
  type UpdateNotificationPreferenceBody,
} from '@radar/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { DeliveryUser, NotificationsDeps } from '../deps';
import { findPreferenceRows, type PreferenceRow, upsertPreferenceRows } from './preferences.repository';

/** The defaults with the user's own choices on top. */
export function resolvePreferences(
  rows: readonly Pick<PreferenceRow, 'group' | 'email' | 'push'>[],
): Record<NotificationGroup, ChannelSettings> {
  const resolved = Object.fromEntries(
    NOTIFICATION_GROUPS.map((group) => [group, { ...DEFAULT_NOTIFICATION_PREFERENCES[group] }]),
  ) as Record<NotificationGroup, ChannelSettings>;
  for (const row of rows) {
    if (row.group in resolved) resolved[row.group] = { email: row.email, push: row.push };
  }
  return resolved;
}

/** The user's channels per group: their choices over the defaults. */
export async function preferencesOf(
  db: Executor,
  userId: string,
): Promise<Record<NotificationGroup, ChannelSettings>> {
  return resolvePreferences(await findPreferenceRows(db, [userId]));
}

export async function getUserPreferences(
  deps: NotificationsDeps,
  user: Pick<DeliveryUser, 'id' | 'emailNotifications' | 'pushNotifications'>,
): Promise<NotificationPreferences> {
  const resolved = resolvePreferences(await findPreferenceRows(deps.db, [user.id]));
  return {
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
    preferences: NOTIFICATION_GROUPS.map((group) => ({ group, ...resolved[group] })),
  };
}

/** Applies changes (one channel of one group each) in order, in one transaction. */
export async function updateUserPreferences(
  deps: NotificationsDeps,
  userId: string,
  changes: readonly UpdateNotificationPreferenceBody[],
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // One change at a time per user, so concurrent toggles of a group's two channels both stick.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const resolved = resolvePreferences(await findPreferenceRows(tx, [userId]));
    const touched = new Set<NotificationGroup>();
    for (const change of changes) {
      resolved[change.group][change.channel] = change.enabled;
      touched.add(change.group);
    }
    await upsertPreferenceRows(
      tx,
      [...touched].map((group) => ({ userId, group, ...resolved[group] })),
      now,
    );
  });
}

export function notificationTypes(): NotificationTypes {
  return {
    channels: [...NOTIFICATION_CHANNELS],
    groups: NOTIFICATION_GROUPS.map((group) => ({
      group,
      types: INBOX_NOTIFICATION_TYPES.filter((type) => NOTIFICATION_TYPE_GROUP[type] === group),
      defaults: { ...DEFAULT_NOTIFICATION_PREFERENCES[group] },
    })),
  };
}
