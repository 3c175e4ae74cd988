import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('query defaults (spec §9)', () => {
  it('keep data fresh and cached for an hour, offline-first, without automatic refetches', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({
      staleTime: HOUR,
      gcTime: HOUR,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
      networkMode: 'offlineFirst',
    });
  });

  it('wait 2^n seconds between retries, at most 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retry once, but not client errors or cancelled calls', () => {
    const network = new ApiClientError('Network error', { status: 0, kind: 'network' });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, network)).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(true);
    expect(shouldRetry(0, new ApiClientError('x', { status: 500, kind: 'http' }))).toBe(true);
    expect(shouldRetry(0, new ApiClientError('x', { status: 429, kind: 'http' }))).toBe(true);
    expect(shouldRetry(0, new ApiClientError('x', { status: 404, kind: 'http' }))).toBe(false);
    expect(shouldRetry(0, new ApiClientError('x', { status: 401, kind: 'http' }))).toBe(false);
    expect(shouldRetry(0, new ApiClientError('x', { status: 0, kind: 'aborted' }))).toBe(false);
  });

  it('retry a failed query exactly once, after one second', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new ApiClientError('x', { status: 500, kind: 'http' }));

    const result = queryClient.fetchQuery({ queryKey: ['home'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await result).toBeInstanceOf(ApiClientError);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
