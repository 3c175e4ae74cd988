import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationDeliveries, type User, users } from '../../db/schema';

export async function updateProfile(
  db: Executor,
  userId: string,
  values: Partial<Pick<User, 'language' | 'emailNotifications' | 'passwordHash'>>,
  now: Date,
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/**
 * Deletes the user; every table of theirs references users.id ON DELETE CASCADE, or goes
 * with their notifications (push deliveries), except the email delivery rows (decision 131),
 * deleted first.
 */
export async function deleteAccount(db: Executor, userId: string): Promise<void> {
  await db
    .delete(notificationDeliveries)
    .where(and(eq(notificationDeliveries.userId, userId), sql`${notificationDeliveries.channel} = 'email'`));
  await db.delete(users).where(eq(users.id, userId));
}
