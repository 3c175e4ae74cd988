import { inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { users } from '../../db/schema';

/**
 * What the rooms of the notifications module share, so that none imports another's internals
 * (decision 194): what their calls take first, and the user as notifications see them. Creation
 * (notifications.service.ts, the module's root) instead takes the caller's executor, as a
 * repository does: it runs inside the caller's transaction and reads no clock.
 */

/** What the inbox, preference, device and unsubscribe calls take first (decision 086). */
export interface NotificationsDeps {
  db: Db;
  now: () => Date;
}

/** A user as delivery and the unsubscribe link need them: address, language and switches. */
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
