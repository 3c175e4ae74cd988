/**
 * How a federation call can fail. "Service down" (FederationUnavailableError) is never "nothing"
 * nor "not found": callers keep their last good data and say the service is unavailable. Nothing
 * (an empty 200), no detail (a 204) and not found (a 404) are normal answers of the client's
 * methods (`[]`, `null`, `{ kind: 'no-detail' }`, `{ kind: 'not-found' }`), never errors.
 */
export type UnavailableReason =
  /** A 5xx (or 408) still there after the retries. */
  | 'status'
  /** A 429 still there after the retries. */
  | 'rate-limited'
  | 'timeout'
  /** The connection failed (refused, reset, DNS). */
  | 'network'
  /** A body that is not JSON, or JSON of an unexpected shape, or an in-band `result: "KO"`. */
  | 'invalid-response'
  /** A body larger than the client reads (`maxBodyBytes`): aborted, never buffered whole. */
  | 'too-large';

export class FederationUnavailableError extends Error {
  override readonly name = 'FederationUnavailableError';
  constructor(
    readonly endpoint: string,
    readonly reason: UnavailableReason,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(
      `Federation service unavailable (${endpoint}: ${reason}${status === undefined ? '' : ` ${status}`})`,
      options,
    );
  }
}

/**
 * The federation refused our request (a 4xx other than 404, 408 and 429): a bug on our side, not
 * an outage, and never retried.
 */
export class FederationRequestError extends Error {
  override readonly name = 'FederationRequestError';
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`Federation refused the request (${endpoint}: ${status} ${detail})`);
  }
}

export const isFederationUnavailable = (error: unknown): error is FederationUnavailableError =>
  error instanceof FederationUnavailableError;
