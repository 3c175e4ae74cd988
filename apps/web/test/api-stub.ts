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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: `${path}${url.search}`,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${path}`];
      if (handler === undefined) return apiError('NOT_FOUND', 404);
      const answer =
        typeof handler === 'function' ? await (handler as (c: ApiCall) => Answer)(call) : handler;
      if (answer instanceof Response) return answer;
      if (answer === undefined || answer === null) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
