import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type User, users } from '../../db/schema';

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
