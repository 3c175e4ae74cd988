/**
 * The federation's HTTP transport: JSON POSTs with a timeout, at most N calls in flight,
 * and retries with exponential backoff (and jitter, honouring Retry-After) on 429, 5xx,
 * timeouts and connection failures. When retries run out it throws FederationUnavailableError.
 */
import { FederationRequestError, FederationUnavailableError } from './errors';

export interface TransportOptions {
  baseUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; doubles each retry (plus up to as much again of jitter). */
  retryBaseMs: number;
  /** Longest wait between attempts, Retry-After included. */
  retryMaxMs?: number;
  /** Calls in flight at most (the contract asks for 4). */
  maxConcurrency: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  timeoutMs?: number;
  maxRetries?: number;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON; undefined for an empty body. */
  body: unknown;
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isRetryableStatus = (status: number) => status === 429 || (status >= 500 && status <= 599);

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

type Attempt =
  | { kind: 'answer'; answer: JsonAnswer }
  | { kind: 'retry'; error: FederationUnavailableError; waitMs?: number | undefined };

export class FederationTransport {
  readonly limiter: Limiter;
  private readonly fetchImpl: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: TransportOptions) {
    this.limiter = new Limiter(options.maxConcurrency);
    this.fetchImpl = options.fetch ?? fetch;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** POSTs `body` to `path`; retries as configured; 4xx other than 429 are answers, not retried. */
  async post(path: string, body: unknown, call: CallOptions = {}): Promise<JsonAnswer> {
    const maxRetries = call.maxRetries ?? this.options.maxRetries;
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      // The slot is held for the call only, not while waiting to retry.
      const result = await this.limiter.run(() => this.attempt(path, body, timeoutMs));
      if (result.kind === 'answer') return result.answer;
      if (attempt >= maxRetries) throw result.error;
      const base = this.options.retryBaseMs * 2 ** attempt;
      const backoff = base + Math.random() * base;
      await sleep(Math.min(Math.max(backoff, result.waitMs ?? 0), this.options.retryMaxMs ?? 30_000));
    }
  }

  private async attempt(path: string, body: unknown, timeoutMs: number): Promise<Attempt> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        kind: 'retry',
        error: new FederationUnavailableError(path, timedOut ? 'timeout' : 'network', undefined, {
          cause: error,
        }),
      };
    }
    const { status } = response;
    if (isRetryableStatus(status)) {
      return {
        kind: 'retry',
        error: new FederationUnavailableError(path, status === 429 ? 'rate-limited' : 'status', status),
        waitMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    if (status === 204 || text.trim() === '') {
      if (status >= 400 && status !== 404) throw new FederationRequestError(path, status, '');
      return { kind: 'answer', answer: { status, body: undefined } };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      if (status >= 400 && status !== 404) throw new FederationRequestError(path, status, text.slice(0, 200));
      throw new FederationUnavailableError(path, 'invalid-response', status, { cause: error });
    }
    if (status >= 400 && status !== 404) {
      const message =
        typeof parsed === 'object' && parsed !== null && 'message' in parsed ? String(parsed.message) : '';
      throw new FederationRequestError(path, status, message);
    }
    return { kind: 'answer', answer: { status, body: parsed } };
  }
}
