import { vi } from 'vitest';
import { testUser } from './api-stub';

export type StubCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = { status?: number; body?: unknown };
type Handler = (call: StubCall) => Answer | Promise<Answer>;

/**
 * Answers the app's API calls from a table keyed `METHOD /api/path` (the query string is not
 * part of the key); anything else answers 404. A signed-in user by default (GET /api/user).
 * Returns the calls made, in order.
 */
export function stubRoutes(handlers: Record<string, Handler>): StubCall[] {
  const routes: Record<string, Handler> = {
    'GET /api/user': () => ({ body: testUser() }),
    'GET /api/auth/providers': () => ({ body: { providers: [] } }),
    ...handlers,
  };
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const call: StubCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler
        ? await handler(call)
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Resource not found.', status: 404 } };
      const status = answer.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
