import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type User, userIdentities, users } from '../../db/schema';

export async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByUsername(db: Executor, username: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`);
  return user;
}

/** Sign-in accepts the email or the username in the same field. */
export function findUserByLogin(db: Executor, login: string): Promise<User | undefined> {
  return login.includes('@') ? findUserByEmail(db, login) : findUserByUsername(db, login);
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>,
  now: Date,
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return user;
}

/** Whether a username is taken, case-insensitively. */
export async function isUsernameTaken(db: Executor, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== undefined;
}

export async function findUserByIdentity(
  db: Executor,
  provider: string,
  subject: string,
): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.user;
}

export async function insertIdentity(
  db: Executor,
  values: { userId: string; provider: string; subject: string },
): Promise<void> {
  await db.insert(userIdentities).values(values).onConflictDoNothing();
}
