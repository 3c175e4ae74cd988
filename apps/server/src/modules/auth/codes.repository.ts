import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { type AuthCode, type AuthCodePurpose, authCodes } from '../../db/schema';

/** The code row of an address, locked until the end of the transaction. */
export async function lockCode(
  tx: Tx,
  purpose: AuthCodePurpose,
  emailHash: string,
): Promise<AuthCode | undefined> {
  const [row] = await tx
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.purpose, purpose), eq(authCodes.emailHash, emailHash)))
    .for('update');
  return row;
}

/** Inserts a row unless the address already has one; returns it when inserted. */
export async function insertCode(
  tx: Tx,
  values: typeof authCodes.$inferInsert,
): Promise<AuthCode | undefined> {
  const [row] = await tx
    .insert(authCodes)
    .values(values)
    .onConflictDoNothing({ target: [authCodes.purpose, authCodes.emailHash] })
    .returning();
  return row;
}

export async function updateCode(
  tx: Tx,
  id: string,
  values: Partial<Omit<typeof authCodes.$inferInsert, 'id'>>,
): Promise<void> {
  await tx.update(authCodes).set(values).where(eq(authCodes.id, id));
}

export async function deleteCode(tx: Executor, id: string): Promise<void> {
  await tx.delete(authCodes).where(eq(authCodes.id, id));
}

/** Every code row of an address (all purposes), e.g. when its account is deleted. */
export async function deleteCodesOfEmail(tx: Executor, emailHashes: string[]): Promise<void> {
  if (emailHashes.length === 0) return;
  await tx.delete(authCodes).where(inArray(authCodes.emailHash, emailHashes));
}

/** Rows whose code expired and whose resend window is over: nothing depends on them any more. */
export async function deleteStaleCodes(db: Executor, now: Date, windowMs: number): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  await db
    .delete(authCodes)
    .where(
      and(
        lt(authCodes.expiresAt, now),
        lt(authCodes.windowStartedAt, windowStart),
        lt(authCodes.lastSentAt, windowStart),
      ),
    );
}
