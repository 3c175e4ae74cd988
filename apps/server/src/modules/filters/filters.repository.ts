import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { type FilterRow, filters, users } from '../../db/schema';

/** The columns a filter body sets (the body's fields, canonical: 0 or null is "all"). */
export type FilterValues = Omit<FilterRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The user's filters: active ones first, then by name (case-insensitive). */
export async function listFilters(db: Executor, userId: string): Promise<FilterRow[]> {
  return db
    .select()
    .from(filters)
    .where(eq(filters.userId, userId))
    .orderBy(
      desc(filters.notificationsEnabled),
      asc(sql`lower(${filters.name})`),
      asc(filters.name),
      asc(filters.id),
    );
}

/**
 * Locks the user's row until the transaction ends, so that two creations of the same user run
 * one after the other (the per-user cap then holds under concurrency).
 */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countFilters(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(filters).where(eq(filters.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertFilter(
  db: Executor,
  userId: string,
  values: FilterValues,
  now: Date,
): Promise<FilterRow> {
  const [row] = await db
    .insert(filters)
    .values({ ...values, userId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('filter not inserted');
  return row;
}

/** Replaces the filter's fields; undefined when the user has no such filter. */
export async function updateFilter(
  db: Executor,
  userId: string,
  id: string,
  values: FilterValues,
  now: Date,
): Promise<FilterRow | undefined> {
  const [row] = await db
    .update(filters)
    .set({ ...values, updatedAt: now })
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning();
  return row;
}

/** Flips the filter's active flag; undefined when the user has no such filter. */
export async function toggleFilter(
  db: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<FilterRow | undefined> {
  const [row] = await db
    .update(filters)
    .set({ notificationsEnabled: sql`not ${filters.notificationsEnabled}`, updatedAt: now })
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning();
  return row;
}

/** Deletes the filter; false when the user has no such filter. */
export async function deleteFilter(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(filters)
    .where(and(eq(filters.id, id), eq(filters.userId, userId)))
    .returning({ id: filters.id });
  return rows.length > 0;
}

/** Turns off every active filter of the user; how many changed. */
export async function disableAllFilters(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(filters)
    .set({ notificationsEnabled: false, updatedAt: now })
    .where(and(eq(filters.userId, userId), eq(filters.notificationsEnabled, true)))
    .returning({ id: filters.id });
  return rows.length;
}

/** Deletes every filter of the user; how many there were. */
export async function deleteAllFilters(db: Executor, userId: string): Promise<number> {
  const rows = await db.delete(filters).where(eq(filters.userId, userId)).returning({ id: filters.id });
  return rows.length;
}
