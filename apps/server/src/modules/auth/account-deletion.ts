import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationDeliveries, users } from '../../db/schema';
import { hashEmail } from './codes';
import { deleteCodesOfEmail } from './codes.repository';

/**
 * Deletes a user and everything of theirs, in one transaction (a savepoint inside the caller's):
 * the one account deletion, behind the profile's `DELETE /api/profile`, the unsubscribe link's
 * `DELETE /api/notifications/unsubscribe/:token/account` and a registration undone because its
 * verification email could not be sent (decision 195). Answers whether there was such a user.
 *
 * - The user's row is locked first, so nothing of theirs is written meanwhile (a notification
 *   references the row, and waits for the deletion, then fails).
 * - Email delivery rows: no foreign key reaches them (they list their notifications in an array,
 *   decision 131), so they are deleted here; push rows go with their notifications.
 * - Every code row of the address (both purposes), the pending codes of the account and the
 *   counters of the address kept without one, as a new account of that address would start.
 * - Then the user: every other table of theirs references `users.id` ON DELETE CASCADE, except
 *   contact messages and federation data reports, kept for the team with their user cleared
 *   (ON DELETE SET NULL).
 *
 * `test/modules/auth/account-deletion.test.ts` reads every table with a user column from the
 * Drizzle schema and fails when one is not covered here.
 */
export async function deleteAccount(db: Executor, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return false;
    await tx
      .delete(notificationDeliveries)
      .where(
        and(eq(notificationDeliveries.userId, userId), sql`${notificationDeliveries.channel} = 'email'`),
      );
    await deleteCodesOfEmail(tx, [hashEmail(user.email)]);
    await tx.delete(users).where(eq(users.id, userId));
    return true;
  });
}
