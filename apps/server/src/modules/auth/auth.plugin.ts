import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../db/schema';
import { unauthorized } from '../../domain/errors';
import { createSession, deleteSession, resolveSession, SESSION_COOKIE } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: User | null;
    sessionId: string | null;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.deps.config.httpsOnly,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.deps.config.httpsOnly,
  });
}

/** Signs the user in on this browser: a new session (ending the one it had, if any) and its cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, user: Pick<User, 'id'>) {
  const { db } = request.server.deps.database;
  if (request.sessionId) await deleteSession(db, request.sessionId);
  const session = await createSession(
    db,
    user.id,
    { userAgent: request.headers['user-agent'], ip: request.ip },
    request.server.now(),
  );
  setSessionCookie(reply, session.token, session.expiresAt);
  request.sessionId = session.sessionId;
}

/** The signed-in user of a request, or a 401 UNAUTHORIZED. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Reads the session cookie on every request: sets `request.user` (and the user's language
 * for every answer), and renews the cookie when the sliding expiry moved.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const session = await resolveSession(app.deps.database.db, token, app.now());
      if (!session) {
        clearSessionCookie(reply);
        return;
      }
      request.user = session.user;
      request.sessionId = session.sessionId;
      request.language = session.user.language;
      if (session.refreshed) setSessionCookie(reply, token, session.expiresAt);
    });
  },
  { name: 'auth' },
);
