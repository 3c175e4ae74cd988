/**
 * The federation's HTTP transport (fitp-contract.md §0, §10): JSON POSTs and GETs with a timeout,
 * at most N calls in flight, retries with exponential backoff and jitter (honouring Retry-After)
 * on timeouts, connection failures, 408, 429 and 5xx; never on other 4xx nor on 204. Bodies are
 * read as a stream up to a size cap: the federation must not be able to exhaust our memory (issue
 * 28 point 3: a 200 MB answer, an endless stream).
 */
import { FederationRequestError, FederationUnavailableError, type UnavailableReason } from './errors';
import type { CallOptions } from './types';

export type { CallOptions } from './types';

export interface TransportOptions {
  baseUrl: string;
  /** Per attempt, headers and body together. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubles each retry, plus up to as much again of jitter. */
  retryBaseMs: number;
  /** Longest wait between attempts, Retry-After included. */
  retryMaxMs: number;
  /** Calls in flight at most (the contract asks for 4). */
  maxConcurrency: number;
  /** A JSON body larger than this is aborted (`too-large`). */
  maxBodyBytes: number;
  /** A relayed download larger than this is cut (its stream errors). */
  maxDownloadBytes: number;
  fetch?: typeof fetch;
  /** Waits between attempts (tests record the delays instead of waiting). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The jitter's source, in [0, 1). */
  random?: () => number;
  /** The clock of HTTP-date Retry-After headers. */
  now?: () => number;
}

export interface Request {
  method: 'GET' | 'POST';
  /** Path and query string. */
  path: string;
  /** JSON body (POST only). */
  body?: unknown;
  call?: CallOptions | undefined;
  /** The default timeout of this kind of call (list 15 s, others 10 s). */
  timeoutMs?: number;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON; undefined for an empty body (0 bytes or blanks) and for 204/404. */
  body: unknown;
}

export interface StreamAnswer {
  status: number;
  contentType: string;
  length: number | null;
  /** Null for 204/404. */
  body: ReadableStream<Uint8Array> | null;
}

/** A counting semaphore: runs at most `max` tasks at once, the others in arrival order. */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {}

  get inFlight(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** Retry-After as delay seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Attempt<T> =
  | { kind: 'answer'; answer: T }
  | { kind: 'retry'; error: FederationUnavailableError; waitMs?: number | undefined };

/** The endpoint's name in errors and logs: the path without its query. */
const endpointOf = (path: string) => path.split('?')[0] ?? path;

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** The body's bytes, or `too-large` as soon as they pass `max` (the rest is never read). */
async function readCapped(response: Response, max: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) {
    await discard(response);
    return 'too-large';
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export class FederationTransport {
  readonly limiter: Limiter;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  readonly baseUrl: string;

  constructor(private readonly options: TransportOptions) {
    this.limiter = new Limiter(options.maxConcurrency);
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** A JSON call: 2xx bodies parsed (empty = undefined), 204 and 404 as answers, the rest per §10. */
  json(request: Request): Promise<JsonAnswer> {
    return this.withRetries(request, (signal, timeout) => this.jsonAttempt(request, signal, timeout));
  }

  /**
   * A file relayed to the user: the timeout covers the answer's headers only, and the slot is
   * freed once they arrive (a slow reader must not hold the federation's slots); the body is cut
   * past `maxDownloadBytes`.
   */
  stream(request: Request): Promise<StreamAnswer> {
    return this.withRetries(request, (signal, timeout) => this.streamAttempt(request, signal, timeout));
  }

  private async withRetries<T>(
    request: Request,
    attempt: (signal: AbortSignal, timeout: () => boolean) => Promise<Attempt<T>>,
  ): Promise<T> {
    const call = request.call ?? {};
    const maxRetries = call.maxRetries ?? this.options.maxRetries;
    const timeoutMs = call.timeoutMs ?? request.timeoutMs ?? this.options.timeoutMs;
    for (let n = 0; ; n++) {
      // The slot is held for the attempt only, never while waiting to retry.
      const result = await this.limiter.run(async () => {
        call.signal?.throwIfAborted();
        const controller = new AbortController();
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`timeout after ${timeoutMs} ms`));
        }, timeoutMs);
        const signal = call.signal ? AbortSignal.any([controller.signal, call.signal]) : controller.signal;
        try {
          return await attempt(signal, () => {
            clearTimeout(timer);
            return timedOut;
          });
        } catch (error) {
          // The caller's own cancellation is not an outage and is not retried.
          if (call.signal?.aborted) throw call.signal.reason;
          if (error instanceof FederationUnavailableError || error instanceof FederationRequestError) {
            throw error;
          }
          const reason: UnavailableReason = timedOut ? 'timeout' : 'network';
          return {
            kind: 'retry',
            error: new FederationUnavailableError(endpointOf(request.path), reason, undefined, {
              cause: error,
            }),
          } satisfies Attempt<T>;
        } finally {
          clearTimeout(timer);
        }
      });
      if (result.kind === 'answer') return result.answer;
      if (n >= maxRetries) throw result.error;
      const base = this.options.retryBaseMs * 2 ** n;
      const backoff = base + this.random() * base;
      const wait = Math.min(Math.max(backoff, result.waitMs ?? 0), this.options.retryMaxMs);
      await this.sleep(wait, call.signal);
    }
  }

  private send(request: Request, signal: AbortSignal): Promise<Response> {
    const post = request.method === 'POST';
    return this.fetchImpl(`${this.baseUrl}${request.path}`, {
      method: request.method,
      headers: post
        ? { 'content-type': 'application/json', accept: 'application/json' }
        : { accept: 'application/json, application/pdf, */*' },
      body: post ? JSON.stringify(request.body ?? {}) : null,
      signal,
    });
  }

  /** A retryable status, with its Retry-After; undefined when the status is an answer. */
  private async retryable<T>(response: Response, endpoint: string): Promise<Attempt<T> | undefined> {
    const { status } = response;
    if (!isRetryableStatus(status)) return undefined;
    await discard(response);
    return {
      kind: 'retry',
      error: new FederationUnavailableError(endpoint, status === 429 ? 'rate-limited' : 'status', status),
      waitMs: retryAfterMs(response.headers.get('retry-after'), this.now()),
    };
  }

  /** A 4xx other than 404/408/429 (and an unexpected 1xx/3xx): our request is wrong; never retried. */
  private async refused(response: Response, endpoint: string): Promise<never> {
    const bytes = await readCapped(response, 4096).catch(() => 'too-large' as const);
    const detail = bytes === 'too-large' ? '' : Buffer.from(bytes).toString('utf8').slice(0, 200);
    throw new FederationRequestError(endpoint, response.status, detail);
  }

  private async jsonAttempt(
    request: Request,
    signal: AbortSignal,
    timedOut: () => boolean,
  ): Promise<Attempt<JsonAnswer>> {
    const endpoint = endpointOf(request.path);
    const response = await this.send(request, signal);
    const retry = await this.retryable<JsonAnswer>(response, endpoint);
    if (retry) return retry;
    const { status } = response;
    if (status === 204 || status === 404) {
      await discard(response);
      return { kind: 'answer', answer: { status, body: undefined } };
    }
    if (status < 200 || status > 299) return this.refused(response, endpoint);
    const bytes = await readCapped(response, this.options.maxBodyBytes);
    // The body was read whole (or cut): the timer is no longer needed.
    timedOut();
    if (bytes === 'too-large') throw new FederationUnavailableError(endpoint, 'too-large', status);
    const text = Buffer.from(bytes).toString('utf8');
    if (text.trim() === '') return { kind: 'answer', answer: { status, body: undefined } };
    try {
      return { kind: 'answer', answer: { status, body: JSON.parse(text) } };
    } catch (error) {
      throw new FederationUnavailableError(endpoint, 'invalid-response', status, { cause: error });
    }
  }

  private async streamAttempt(
    request: Request,
    signal: AbortSignal,
    headersArrived: () => boolean,
  ): Promise<Attempt<StreamAnswer>> {
    const endpoint = endpointOf(request.path);
    const response = await this.send(request, signal);
    const retry = await this.retryable<StreamAnswer>(response, endpoint);
    if (retry) return retry;
    const { status } = response;
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    if (status === 204 || status === 404 || status === 410) {
      await discard(response);
      return { kind: 'answer', answer: { status, contentType, length: null, body: null } };
    }
    if (status < 200 || status > 299) return this.refused(response, endpoint);
    headersArrived();
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    const max = this.options.maxDownloadBytes;
    if (Number.isFinite(declared) && declared > max) {
      await discard(response);
      throw new FederationUnavailableError(endpoint, 'too-large', status);
    }
    let seen = 0;
    const body = (response.body ?? new Response(new Uint8Array(0)).body)?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > max) controller.error(new FederationUnavailableError(endpoint, 'too-large', status));
          else controller.enqueue(chunk);
        },
      }),
    );
    return {
      kind: 'answer',
      answer: {
        status,
        contentType,
        length: Number.isFinite(declared) && declared >= 0 ? declared : null,
        body: body ?? null,
      },
    };
  }
}
