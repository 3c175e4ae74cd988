import type { User } from '@radar/shared';
import { vi } from 'vitest';

/** One call the app made to the stubbed API. */
export interface ApiCall {
  method: string;
  /** The path after /api, with its query string. */
  path: string;
  body: unknown;
}

type Answer = unknown | Response;
export type ApiHandler = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

/** An error answer in the server's one error shape. */
export function apiError(code: string, status: number, data?: unknown): Response {
  return new Response(
    JSON.stringify({ code, message: code, status, ...(data === undefined ? {} : { data }) }),
    {
      status,
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

let userSequence = 0;
export function testUser(overrides: Partial<User> = {}): User {
  userSequence += 1;
  return {
    id: `user-${userSequence}`,
    username: 'mario',
    email: 'mario@example.it',
    language: 'it',
    emailNotifications: true,
    pushNotifications: false,
    fitpCardNumber: null,
    hasPassword: true,
    ...overrides,
  };
}

/** A request the app made, as every stub sees it. */
export interface FetchCall {
  method: string;
  url: URL;
  body: unknown;
}

function toResponse(result: Answer): Response {
  if (result instanceof Response) return result;
  if (result === undefined || result === null) return new Response(null, { status: 204 });
  return new Response(JSON.stringify(result), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * GET /api/session as the server answers it, from the stub's GET /api/user (the same session):
 * `{ user }` for a user, `{ user: null }` where GET /api/user says 401, any other failure as is.
 * Every stub describes the user once, as GET /api/user.
 */
async function sessionFromUser(user: Response): Promise<Response> {
  if (user.status === 401) return toResponse({ user: null });
  if (!user.ok) return user;
  return toResponse({ user: await user.json() });
}

/**
 * Replaces fetch with `answer`, the one fetch stub every web test goes through (the table
 * stubs below and `stubRoutes` are shapes over it). An answer is a Response as it is, null or
 * undefined as 204, anything else as a 200 JSON body.
 */
export function stubFetch(answer: (call: FetchCall) => Answer | Promise<Answer>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: FetchCall = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: new URL(String(input), 'http://localhost'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      if (call.method === 'GET' && call.url.pathname === '/api/session') {
        const user = new URL(call.url);
        user.pathname = '/api/user';
        return sessionFromUser(toResponse(await answer({ ...call, url: user })));
      }
      return toResponse(await answer(call));
    }),
  );
}

/**
 * Replaces fetch with the API described by `handlers`, keyed "METHOD /path" (the path after
 * /api, without the query string). A visitor by default: GET /user answers 401. Anything
 * else unlisted answers 404. Returns the calls made, in order.
 */
export function stubApi(handlers: Record<string, ApiHandler> = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  const routes: Record<string, ApiHandler> = {
    'GET /user': () => apiError('UNAUTHORIZED', 401),
    'GET /auth/providers': { providers: [] },
    ...handlers,
  };
  stubFetch(async ({ method, url, body }) => {
    const path = url.pathname.replace(/^\/api/, '');
    const call: ApiCall = { method, path: `${path}${url.search}`, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (handler === undefined) return apiError('NOT_FOUND', 404);
    return typeof handler === 'function' ? (handler as (c: ApiCall) => Answer)(call) : handler;
  });
  return calls;
}
