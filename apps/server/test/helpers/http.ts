import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/modules/auth/sessions';

/** The `Cookie` header value that carries the session a response set, if it set one. */
export function sessionCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

/** A JSON call as the web client makes it (Italian unless told otherwise). */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: object; cookie?: string | null; language?: string; ip?: string; origin?: string } = {},
) {
  const headers: Record<string, string> = { 'accept-language': options.language ?? 'it' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return app.inject({
    method,
    url,
    headers,
    ...(options.body ? { payload: options.body } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}
