import { apiError, stubFetch, testUser } from './api-stub';

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
  stubFetch(async ({ method, url, body }) => {
    const call: StubCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return apiError('NOT_FOUND', 404);
    const { status = 200, body: answer } = await handler(call);
    return new Response(status === 204 ? null : JSON.stringify(answer ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
