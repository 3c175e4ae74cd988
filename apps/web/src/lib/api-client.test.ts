import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiClientError,
  apiClient,
  IN_FLIGHT_TTL_MS,
  isApiClientError,
  isDegraded,
  request,
  setUnauthorizedHandler,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
});

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function text(body: string, status: number, contentType = 'text/plain') {
  return new Response(body, { status, headers: { 'Content-Type': contentType } });
}

/** A fetch answer we resolve by hand; it rejects like the browser when its signal aborts. */
function deferredFetch() {
  let resolve!: (response: Response) => void;
  fetchMock.mockImplementation(
    (_input, init) =>
      new Promise<Response>((res, reject) => {
        resolve = res;
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
  return { resolve: (response: Response) => resolve(response) };
}

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  try {
    await promise;
  } catch (error) {
    if (isApiClientError(error)) return error;
    throw new Error(`Expected an ApiClientError, got ${String(error)}`);
  }
  throw new Error('Expected the call to fail');
}

function lastInit(): RequestInit {
  const init = fetchMock.mock.lastCall?.[1];
  if (!init) throw new Error('fetch was not called');
  return init;
}

describe('requests', () => {
  it('sends JSON bodies with cookies to /api and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(json({ id: 7, name: 'Roma Open' }, 201));

    const result = await apiClient.post('/filters', { name: 'Roma Open' });

    expect(result).toEqual({ id: 7, name: 'Roma Open' });
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/filters');
    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"Roma Open"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('sends no body and no JSON content type when there is no payload', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));

    await apiClient.post('/logout');

    const init = lastInit();
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.credentials).toBe('include');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    fetchMock.mockResolvedValue(json([]));

    await apiClient.get('/notifications', { query: { limit: 20, cursor: undefined, unread: true, q: null } });

    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/notifications?limit=20&unread=true');
  });

  it('resolves 204 No Content to an empty object', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiClient.delete('/filters/3')).resolves.toEqual({});
  });

  it('resolves an empty successful body to an empty object', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(apiClient.patch('/filters/3/toggle')).resolves.toEqual({});
  });

  it("rejects a successful answer that is not JSON with 'Invalid JSON response'", async () => {
    fetchMock.mockResolvedValue(text('<html>oops</html>', 200, 'text/html'));

    const error = await failure(apiClient.get('/home'));

    expect(error.message).toBe('Invalid JSON response');
    expect(error.kind).toBe('invalid-json');
    expect(error.status).toBe(200);
  });
});

describe('failed responses', () => {
  it('carries the server message, code, status and data', async () => {
    const data = { fields: { email: ['taken'] } };
    fetchMock.mockResolvedValue(
      json({ code: 'EMAIL_ALREADY_EXISTS', message: 'Email already registered', status: 409, data }, 409),
    );

    const error = await failure(apiClient.post('/register', { email: 'a@b.it' }));

    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.name).toBe('ApiClientError');
    expect(error.message).toBe('Email already registered');
    expect(error.code).toBe('EMAIL_ALREADY_EXISTS');
    expect(error.status).toBe(409);
    expect(error.data).toEqual(data);
    expect(error.kind).toBe('http');
  });

  it('uses a plain-text body as the message when there is no JSON', async () => {
    fetchMock.mockResolvedValue(text('Too many requests, slow down', 429));
    const error = await failure(apiClient.get('/home'));
    expect(error.message).toBe('Too many requests, slow down');
    expect(error.code).toBeUndefined();
  });

  it("falls back to 'Error {status}' without a message or text", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    expect((await failure(apiClient.get('/a'))).message).toBe('Error 404');

    fetchMock.mockResolvedValueOnce(json({ code: 'SERVER_ERROR' }, 500));
    const error = await failure(apiClient.get('/b'));
    expect(error.message).toBe('Error 500');
    expect(error.code).toBe('SERVER_ERROR');
  });

  it("does not show a proxy's HTML error page as the message", async () => {
    fetchMock.mockResolvedValue(text('<html><body>502 Bad Gateway</body></html>', 502, 'text/html'));
    expect((await failure(apiClient.get('/home'))).message).toBe('Error 502');
  });

  it("defaults the message to 'An error occurred'", () => {
    expect(new ApiClientError('', { status: 500, kind: 'http' }).message).toBe('An error occurred');
    expect(new ApiClientError(undefined, { status: 500, kind: 'http' }).message).toBe('An error occurred');
  });

  it("reports a network failure as 'Network error' with status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(apiClient.get('/user'));

    expect(error.message).toBe('Network error');
    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
  });

  it("reports a cancelled call as 'Request aborted' and cancels the fetch", async () => {
    deferredFetch();
    const controller = new AbortController();

    const pending = apiClient.get('/competitions', { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);

    expect(error.message).toBe('Request aborted');
    expect(error.kind).toBe('aborted');
    expect(error.status).toBe(0);
    expect(lastInit().signal?.aborted).toBe(true);
  });

  it('does not even fetch when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();

    const error = await failure(apiClient.get('/user', { signal: controller.signal }));

    expect(error.message).toBe('Request aborted');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sharing identical in-flight requests', () => {
  it('makes one fetch for identical concurrent GETs and gives both callers the answer', async () => {
    const fetchCall = deferredFetch();

    const first = apiClient.get('/user');
    const second = apiClient.get('/user');
    fetchCall.resolve(json({ username: 'mario' }));

    await expect(first).resolves.toEqual({ username: 'mario' });
    await expect(second).resolves.toEqual({ username: 'mario' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches again once the previous answer arrived', async () => {
    fetchMock.mockImplementation(async () => json({ n: fetchMock.mock.calls.length }));

    await expect(apiClient.get('/user')).resolves.toEqual({ n: 1 });
    await expect(apiClient.get('/user')).resolves.toEqual({ n: 2 });
  });

  it('shares POSTs only when the body is the same', async () => {
    fetchMock.mockImplementation(async (_url, init) => json({ echo: init?.body }));

    const results = await Promise.all([
      apiClient.post('/login', { email: 'a@b.it' }),
      apiClient.post('/login', { email: 'a@b.it' }),
      apiClient.post('/login', { email: 'c@d.it' }),
    ]);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(results[0]).toEqual(results[1]);
    expect(results[2]).toEqual({ echo: '{"email":"c@d.it"}' });
  });

  it('keeps PUT and PATCH calls with different bodies apart', async () => {
    fetchMock.mockImplementation(async (_url, init) => json({ echo: init?.body }));

    await Promise.all([
      apiClient.put('/profile', { language: 'it' }),
      apiClient.put('/profile', { language: 'en' }),
      apiClient.patch('/notifications/preferences', { type: 'reminder_1w', email: true }),
      apiClient.patch('/notifications/preferences', { type: 'reminder_1d', email: false }),
    ]);

    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never shares calls that differ in method', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await Promise.all([apiClient.get('/filters'), apiClient.delete('/filters')]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets one caller cancel without cancelling the fetch the other still waits for', async () => {
    const fetchCall = deferredFetch();
    const controller = new AbortController();

    const cancelled = apiClient.get('/home', { signal: controller.signal });
    const kept = apiClient.get('/home');
    controller.abort();
    fetchCall.resolve(json({ ok: true }));

    expect((await failure(cancelled)).message).toBe('Request aborted');
    await expect(kept).resolves.toEqual({ ok: true });
    expect(lastInit().signal?.aborted).toBe(false);
  });

  it('aborts the shared fetch once every caller has cancelled', async () => {
    deferredFetch();
    const a = new AbortController();
    const b = new AbortController();

    const first = apiClient.get('/home', { signal: a.signal });
    const second = apiClient.get('/home', { signal: b.signal });
    a.abort();
    expect(lastInit().signal?.aborted).toBe(false);
    b.abort();

    await failure(first);
    await failure(second);
    expect(lastInit().signal?.aborted).toBe(true);
  });

  it('stops sharing a call that is still pending after 10 seconds', async () => {
    vi.useFakeTimers();
    deferredFetch();
    const controller = new AbortController();
    const call = () => void apiClient.get('/slow', { signal: controller.signal }).catch(() => {});

    call();
    call();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(IN_FLIGHT_TTL_MS - 1);
    call();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    call();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    controller.abort();
  });
});

describe('401 Unauthorized', () => {
  it('calls the registered handler and still rejects', async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    fetchMock.mockImplementation(async () =>
      json({ code: 'UNAUTHORIZED', message: 'You need to be logged in', status: 401 }, 401),
    );

    const error = await failure(apiClient.get('/profile'));
    expect(error.status).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);

    unregister();
    await failure(apiClient.get('/profile'));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not call the handler for other failures', async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(json({ code: 'FORBIDDEN', message: 'no', status: 403 }, 403));

    await failure(apiClient.get('/profile'));

    expect(handler).not.toHaveBeenCalled();
    unregister();
  });
});

describe('degraded service', () => {
  it('returns the partial data of a 207 flagged serviceDown, marked degraded with the message', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          serviceDown: true,
          message: 'FITP service unavailable',
          data: { membershipCard: '123456', ranking: '4.1' },
        },
        207,
      ),
    );

    const result = await request<{ membershipCard: string; ranking: string }>('GET', '/fitp/data');

    expect(result).toEqual({
      membershipCard: '123456',
      ranking: '4.1',
      degraded: true,
      message: 'FITP service unavailable',
    });
    expect(isDegraded(result)).toBe(true);
  });

  it('keeps non-object partial data under `data`', async () => {
    fetchMock.mockResolvedValue(json({ serviceDown: true, message: 'Down', data: [1, 2] }, 207));
    await expect(apiClient.get('/competitions')).resolves.toEqual({
      data: [1, 2],
      degraded: true,
      message: 'Down',
    });
  });

  it('returns a 207 without the flag untouched', async () => {
    fetchMock.mockResolvedValue(json({ results: [] }, 207));
    const result = await apiClient.get('/competitions');
    expect(result).toEqual({ results: [] });
    expect(isDegraded(result)).toBe(false);
  });

  it('throws a 503 flagged serviceDown as a service-down error', async () => {
    fetchMock.mockResolvedValue(json({ serviceDown: true, message: 'FITP service unavailable' }, 503));

    const error = await failure(apiClient.post('/fitp/validate', { membershipCard: '123456' }));

    expect(error.serviceDown).toBe(true);
    expect(error.status).toBe(503);
    expect(error.message).toBe('FITP service unavailable');
  });

  it('does not mark a plain 503 as service down', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 'SERVICE_UNAVAILABLE', message: 'Maintenance', status: 503 }, 503),
    );
    const error = await failure(apiClient.get('/home'));
    expect(error.serviceDown).toBe(false);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
