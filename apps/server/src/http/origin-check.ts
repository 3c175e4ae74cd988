import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes state-changing requests from other sites (e.g. an OpenID provider's form_post). */
    allowForeignOrigin?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether an Origin header names this app: PUBLIC_URL's origin or the request's own host. */
export function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery guard: a state-changing request whose Origin header is present
 * and names another site answers 403 FOREIGN_ORIGIN. (Browsers send Origin on every
 * cross-site POST/PUT/PATCH/DELETE; the SameSite=Lax session cookie is the second line.)
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (request.routeOptions.config?.allowForeignOrigin) return;
    if (!isOwnOrigin(origin, request, publicOrigin)) throw new AppError('FOREIGN_ORIGIN', 403);
  });
}
