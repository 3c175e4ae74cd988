/**
 * Whether an error means the database cannot be reached right now (issue 28, decision 190): a
 * refused or reset connection, a connection the server ended (restart, failover,
 * `pg_terminate_backend`, an idle timeout), no connection within the pool's wait. Such a
 * request answers 503 SERVICE_UNAVAILABLE, and start-up waits and tries again; any other
 * database error stays what it is (a bug, a constraint).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server going away or not taking connections yet. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
]);

/** node-postgres's own messages for a connection that went away or never came. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Connection is closed)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // AggregateError (a host name resolving to several addresses, every one refused).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

/** One line about why the database is unavailable (its code and message), for the logs. */
export function describeUnavailable(error: unknown): string {
  let current: unknown = error;
  let line = 'unknown error';
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof message === 'string' && message ? message : '';
    if (text || typeof code === 'string') line = [code, text].filter(Boolean).join(' ');
    if (!cause) break;
    current = cause;
  }
  return line.split('\n')[0] ?? line;
}
