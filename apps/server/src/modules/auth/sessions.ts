import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, type User, users } from '../../db/schema';

/** Sessions last 30 days from the last use (sliding), refreshed at most once a day. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export const SESSION_COOKIE = 'rt_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionMeta = { userAgent?: string | undefined; ip?: string | undefined };

export async function createSession(
  db: Db,
  userId: string,
  meta: SessionMeta,
  now: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, sessionId, expiresAt };
}

export type ResolvedSession = { user: User; sessionId: string; expiresAt: Date; refreshed: boolean };

/**
 * The session lookup, the one query of every signed-in request: a prepared query
 * (docs/decisions/132, 134).
 */
const sessionLookup = preparedQuery((db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_lookup'),
);

/** The user behind a session token, or null when unknown or expired (sliding expiry). */
export async function resolveSession(db: Db, token: string, now: Date): Promise<ResolvedSession | null> {
  const sessionId = hashToken(token);
  const [row] = await sessionLookup(db).execute({ id: sessionId, now });
  if (!row) return null;
  let expiresAt = row.session.expiresAt;
  let refreshed = false;
  if (now.getTime() - row.session.lastSeenAt.getTime() > SESSION_REFRESH_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    refreshed = true;
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
  }
  return { user: row.user, sessionId, expiresAt, refreshed };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId`. */
export async function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
