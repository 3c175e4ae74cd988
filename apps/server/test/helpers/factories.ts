import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { fitpCards, type User, users } from '../../src/db/schema';
import { createSession, SESSION_COOKIE } from '../../src/modules/auth/sessions';

let sequence = 0;

export const DEFAULT_PASSWORD = 'Password1';

/** A user row (verified, with DEFAULT_PASSWORD unless told otherwise). */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string | null } = {},
): Promise<User> {
  sequence += 1;
  const suffix = `${sequence}${randomBytes(2).toString('hex')}`;
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      username: `player_${suffix}`,
      email: `player_${suffix}@example.it`,
      passwordHash: password === null ? null : await hash(password),
      emailVerifiedAt: new Date(),
      ...rest,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** A session for the user, as the Cookie header value inject() should send. */
export async function signIn(db: Db, user: Pick<User, 'id'>): Promise<string> {
  const { token } = await createSession(db, user.id, {}, new Date());
  return `${SESSION_COOKIE}=${token}`;
}

/** Links a federation card to the user, with the player's name as the federation writes it. */
export async function linkCard(
  db: Db,
  user: Pick<User, 'id'>,
  card: { cardNumber: string; name: string; surname: string },
): Promise<void> {
  const now = new Date();
  await db.insert(fitpCards).values({ userId: user.id, ...card, fetchedAt: now, connectedAt: now });
  await db.update(users).set({ fitpCardNumber: card.cardNumber }).where(eq(users.id, user.id));
}
