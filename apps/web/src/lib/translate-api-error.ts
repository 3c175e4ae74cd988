import { ERROR_CODES, type ErrorCode } from '@radar/shared';
import type { TFunction } from 'i18next';
import { isApiClientError } from './api-client';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

type StatusMessageKey =
  | `errors.${ErrorCode}`
  | 'http.timeout'
  | 'http.networkError'
  | 'http.requestAborted'
  | 'http.invalidResponse';

function keyForStatus(status: number): StatusMessageKey {
  switch (status) {
    case 400:
      return 'errors.BAD_REQUEST';
    case 401:
      return 'errors.UNAUTHORIZED';
    case 403:
      return 'errors.FORBIDDEN';
    case 404:
      return 'errors.NOT_FOUND';
    case 405:
      return 'errors.METHOD_NOT_ALLOWED';
    case 408:
    case 504:
      return 'http.timeout';
    case 409:
      return 'errors.CONFLICT';
    case 429:
      return 'errors.TOO_MANY_REQUESTS';
    case 503:
      return 'errors.SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'errors.SERVER_ERROR' : 'errors.GENERIC_ERROR';
  }
}

/**
 * The text to show for a failed call, in the current language: the server's error code when
 * it sent a known one (`errors.<CODE>`), else what the failure kind or HTTP status means.
 * Server `message` fields are for logs; users always read a catalogue text.
 */
export function translateApiError(t: TFunction, error: unknown): string {
  if (!isApiClientError(error)) return t('errors.GENERIC_ERROR');
  if (isErrorCode(error.code)) {
    // Placeholders of a code's text come from the error's data, e.g. FILTER_LIMIT_REACHED's {{count}}.
    const data = error.data;
    const params =
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : {};
    return t(`errors.${error.code}`, params);
  }
  if (error.serviceDown) return t('errors.SERVICE_UNAVAILABLE');
  switch (error.kind) {
    case 'network':
      // Offline, every failed action says why in the same words (docs/decisions/176).
      return t(isOffline() ? 'shell.offline.actionNeedsNetwork' : 'http.networkError');
    case 'aborted':
      return t('http.requestAborted');
    case 'invalid-json':
      return t('http.invalidResponse');
    default:
      return t(keyForStatus(error.status));
  }
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
