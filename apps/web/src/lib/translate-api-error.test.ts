import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client';
import { i18n } from './i18n';
import { translateApiError } from './translate-api-error';

const tEn = i18n.getFixedT('en');
afterEach(() => vi.restoreAllMocks());
const tIt = i18n.getFixedT('it');

function httpError(status: number, code?: string, serviceDown = false) {
  return new ApiClientError('server text', { status, kind: 'http', code, serviceDown });
}

describe('translateApiError', () => {
  it("shows the catalogue text of the server's error code, in the current language", () => {
    const error = httpError(409, 'EMAIL_ALREADY_EXISTS');
    expect(translateApiError(tIt, error)).toMatch(/^Email già registrata/);
    expect(translateApiError(tEn, error)).toMatch(/^Email already registered/);
    expect(translateApiError(tEn, httpError(401, 'UNAUTHORIZED'))).toBe(
      'You need to be logged in to access this resource',
    );
  });

  it("fills the code's placeholders from the error's data", () => {
    const error = new ApiClientError('server text', {
      status: 409,
      kind: 'http',
      code: 'FILTER_LIMIT_REACHED',
      data: { count: 50 },
    });
    expect(translateApiError(tIt, error)).toBe(
      'Hai raggiunto il numero massimo di filtri (50). Eliminane uno per crearne un altro.',
    );
    expect(translateApiError(tEn, error)).toBe(
      'You have reached the maximum number of filters (50). Delete one to create another.',
    );
  });

  it('falls back to the meaning of the HTTP status for unknown or missing codes', () => {
    expect(translateApiError(tEn, httpError(403, 'SOMETHING_NEW'))).toBe(
      "You don't have permission to access this resource",
    );
    expect(translateApiError(tEn, httpError(404))).toBe(tEn('errors.NOT_FOUND'));
    expect(translateApiError(tEn, httpError(429))).toBe(tEn('errors.TOO_MANY_REQUESTS'));
    expect(translateApiError(tEn, httpError(408))).toBe(tEn('http.timeout'));
    expect(translateApiError(tEn, httpError(502))).toBe(tEn('errors.SERVER_ERROR'));
    expect(translateApiError(tEn, httpError(418))).toBe(tEn('errors.GENERIC_ERROR'));
  });

  it('tells a service-down answer apart', () => {
    expect(translateApiError(tEn, httpError(503, undefined, true))).toBe(tEn('errors.SERVICE_UNAVAILABLE'));
  });

  it('explains failures that never got an answer', () => {
    const network = new ApiClientError('Network error', { status: 0, kind: 'network' });
    const aborted = new ApiClientError('Request aborted', { status: 0, kind: 'aborted' });
    const unreadable = new ApiClientError('Invalid JSON response', { status: 200, kind: 'invalid-json' });
    expect(translateApiError(tIt, network)).toBe(tIt('http.networkError'));
    expect(translateApiError(tEn, aborted)).toBe(tEn('http.requestAborted'));
    expect(translateApiError(tEn, unreadable)).toBe(tEn('http.invalidResponse'));
  });

  it('offline, a network failure says the action needs a connection', () => {
    const network = new ApiClientError('Network error', { status: 0, kind: 'network' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(translateApiError(tIt, network)).toBe(tIt('shell.offline.actionNeedsNetwork'));
    expect(translateApiError(tEn, httpError(500))).toBe(tEn('errors.SERVER_ERROR'));
  });

  it('uses the generic text for anything that is not an API error', () => {
    expect(translateApiError(tEn, new Error('boom'))).toBe(tEn('errors.GENERIC_ERROR'));
    expect(translateApiError(tEn, 'boom')).toBe(tEn('errors.GENERIC_ERROR'));
  });
});
