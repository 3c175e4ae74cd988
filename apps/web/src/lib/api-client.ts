import { getLanguage } from './i18n';

/**
 * The one way the web client talks to the API (spec §7 "Client behaviour around calls").
 *
 * - Every call sends and expects JSON and includes cookies (the session is a cookie), in the
 *   interface's language (Accept-Language).
 * - 204 resolves to `{}`; an empty 2xx body too.
 * - A failed response rejects with an {@link ApiClientError} carrying the status and the
 *   server's `{ code, message, status, data }` fields.
 * - Identical in-flight requests share one fetch (see {@link request}).
 * - 401 calls the registered unauthorised handler (the app clears its query cache there).
 * - 207 / 503 flagged `serviceDown` follow spec §4 "Degraded service".
 */

export const API_BASE_URL = '/api';

/** How long an in-flight request stays shareable at most (spec §9). */
export const IN_FLIGHT_TTL_MS = 10_000;

export const DEFAULT_ERROR_MESSAGE = 'An error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error';
export const ABORTED_MESSAGE = 'Request aborted';
export const INVALID_JSON_MESSAGE = 'Invalid JSON response';
const DEFAULT_DEGRADED_MESSAGE = 'Service temporarily unavailable';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Serialised as JSON. Omit for calls without a body. */
  body?: unknown;
  /** Appended as a query string; `null` and `undefined` values are left out. */
  query?: QueryParams;
  /** Cancels this caller's interest in the request (TanStack Query passes one). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What went wrong: an HTTP error answer, no answer at all, a cancelled call, or an unreadable body. */
export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'invalid-json';

interface ApiClientErrorInit {
  status: number;
  kind: ApiErrorKind;
  code?: string | undefined;
  data?: unknown;
  serviceDown?: boolean;
  cause?: unknown;
}

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  /** HTTP status; 0 when no response arrived (network failure or abort). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The server's error code (`ERROR_CODES` of @radar/shared) when it sent one. */
  readonly code: string | undefined;
  /** The server's `data` field, e.g. per-field messages of a VALIDATION_ERROR. */
  readonly data: unknown;
  /** A 503 flagged `serviceDown`: the upstream (federation) service is unavailable. */
  readonly serviceDown: boolean;

  constructor(message: string | undefined, init: ApiClientErrorInit) {
    super(message || DEFAULT_ERROR_MESSAGE, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code;
    this.data = init.data;
    this.serviceDown = init.serviceDown ?? false;
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

/** A 207 answer flagged `serviceDown`: the partial data the server still had, marked degraded. */
export type Degraded<T> = T & { degraded: true; message: string };

export function isDegraded<T>(value: T): value is Degraded<T> {
  return isRecord(value) && value.degraded === true;
}

// ---------------------------------------------------------------------------------------
// 401 handling

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens when any call answers 401 (spec §4: a 401 clears all cached data).
 * Returns a function that unregisters it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

// ---------------------------------------------------------------------------------------
// Request sharing

interface InFlightRequest {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting for the answer; when the last one aborts, the fetch is aborted. */
  waiting: number;
}

const inFlight = new Map<string, InFlightRequest>();

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/**
 * Sends one API call.
 *
 * Identical in-flight calls share one fetch: same method and URL, and for calls with a body
 * (POST, PUT and also PATCH, whose bodies select different resources) the same body. An
 * entry is dropped when its answer arrives or after {@link IN_FLIGHT_TTL_MS}, whichever is
 * first, so a hung call never blocks later ones. Each caller may abort on its own; the
 * shared fetch itself is aborted only once every waiting caller has aborted.
 */
export function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  if (options.signal?.aborted) return Promise.reject(abortedError(options.signal.reason));

  const url = buildUrl(path, options.query);
  const serializedBody = options.body === undefined ? undefined : JSON.stringify(options.body);
  const key = serializedBody === undefined ? `${method} ${url}` : `${method} ${url} ${serializedBody}`;

  let entry = inFlight.get(key);
  if (!entry) {
    const controller = new AbortController();
    const created: InFlightRequest = {
      controller,
      waiting: 0,
      promise: Promise.resolve(),
    };
    const drop = () => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    };
    const timer = setTimeout(drop, IN_FLIGHT_TTL_MS);
    created.promise = send(method, url, serializedBody, options.headers, controller.signal).finally(() => {
      clearTimeout(timer);
      drop();
    });
    // The shared promise may reject after every caller has gone; never leave it unhandled.
    created.promise.catch(() => {});
    inFlight.set(key, created);
    entry = created;
  }

  return waitFor(key, entry, options.signal) as Promise<T>;
}

function waitFor(key: string, entry: InFlightRequest, signal: AbortSignal | undefined): Promise<unknown> {
  entry.waiting += 1;
  if (!signal) return entry.promise;

  return new Promise((resolve, reject) => {
    const onAbort = () => {
      entry.waiting -= 1;
      if (entry.waiting === 0) {
        if (inFlight.get(key) === entry) inFlight.delete(key);
        entry.controller.abort(signal.reason);
      }
      reject(abortedError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    entry.promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------
// One fetch and its answer

async function send(
  method: HttpMethod,
  url: string,
  body: string | undefined,
  extraHeaders: Record<string, string> | undefined,
  signal: AbortSignal,
): Promise<unknown> {
  // The server answers visitors in this language (a signed-in user's stored one wins there).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': getLanguage(),
    ...extraHeaders,
  };
  // An empty POST (e.g. /logout) must not claim a JSON body, or the server rejects it.
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'include', signal });
    if (response.status === 401) unauthorizedHandler?.();
    if (response.status === 204) return {};
    text = await response.text();
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw abortedError(error);
    throw new ApiClientError(NETWORK_ERROR_MESSAGE, { status: 0, kind: 'network', cause: error });
  }

  if (!response.ok) throw toHttpError(response, text);
  if (text.trim() === '') return {};

  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    throw new ApiClientError(INVALID_JSON_MESSAGE, {
      status: response.status,
      kind: 'invalid-json',
      cause: error,
    });
  }

  if (response.status === 207 && isRecord(payload) && payload.serviceDown === true) {
    return toDegraded(payload);
  }
  return payload;
}

function toHttpError(response: Response, text: string): ApiClientError {
  const { status } = response;
  const payload = parseJson(text);

  if (isRecord(payload)) {
    return new ApiClientError(nonEmptyString(payload.message) ?? `Error ${status}`, {
      status,
      kind: 'http',
      code: nonEmptyString(payload.code),
      data: payload.data,
      serviceDown: status === 503 && payload.serviceDown === true,
    });
  }

  // A plain-text body is the message; an HTML page (a proxy's error page) is not.
  const isHtml = /html/i.test(response.headers.get('Content-Type') ?? '');
  const plain = !isHtml && payload === undefined ? text.trim() : '';
  return new ApiClientError(plain || `Error ${status}`, { status, kind: 'http' });
}

function toDegraded(payload: Record<string, unknown>): Degraded<Record<string, unknown>> {
  const message = nonEmptyString(payload.message) ?? DEFAULT_DEGRADED_MESSAGE;
  const { data } = payload;
  if (isRecord(data)) return { ...data, degraded: true, message };
  return { data, degraded: true, message };
}

function abortedError(cause: unknown): ApiClientError {
  return new ApiClientError(ABORTED_MESSAGE, { status: 0, kind: 'aborted', cause });
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

// ---------------------------------------------------------------------------------------

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
