/**
 * How a federation call can fail. "Service down" (FederationUnavailableError) is never "not
 * found": callers keep their last good data and say the service is unavailable. Not found is a
 * normal answer of the client's methods (`{ kind: 'not-found' }`, `null`), never an error.
 */
export type UnavailableReason = 'status' | 'rate-limited' | 'timeout' | 'network' | 'invalid-response';

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

/** The federation refused our request as malformed (a 4xx other than 404/429): a bug on our side. */
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
