import { isApiClientError } from './api-client';
import { i18n } from './i18n';
import { toast } from './toast';

/**
 * The retry and offline rules of spec §9, apart from the query client (query-client.ts) so the
 * signed-out screens' plain calls (the session, the sign-in forms) follow them too without
 * loading TanStack Query (decision 160).
 */

const MAX_RETRY_DELAY_MS = 30_000;
const MAX_RETRIES = 1;

/** Delay before retry number `attemptIndex` (0-based): 2^n seconds, at most 30 s (spec §9). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

/**
 * Retries a failed query once (spec §9), except when retrying cannot help: a cancelled call
 * or a client error (4xx) other than a timeout (408) or rate limit (429) answers the same twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiClientError(error)) return true;
  if (error.kind === 'aborted') return false;
  const { status } = error;
  const isClientError = status >= 400 && status < 500 && status !== 408 && status !== 429;
  return !isClientError;
}

/**
 * An action (mutation) that needs the network and fails offline says so (spec §9
 * offline-first), unless its own code already reports its errors.
 */
export function reportOfflineMutation(error: unknown, hasOwnErrorHandler: boolean): boolean {
  if (hasOwnErrorHandler || !isApiClientError(error) || error.kind !== 'network') return false;
  toast({ variant: 'destructive', title: i18n.t('shell.offline.actionNeedsNetwork') });
  return true;
}
