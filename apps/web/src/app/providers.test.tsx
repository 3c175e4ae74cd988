import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { QUERY_CACHE_STORAGE_KEY } from '@/lib/query-persistence';
import { AppProviders } from './providers';

describe('AppProviders', () => {
  it('clears every cached query when a call answers 401', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user'], { username: 'mario' });
    queryClient.setQueryData(['filters'], [{ id: 1 }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'no', status: 401 }), { status: 401 }),
      ),
    );
    render(
      <AppProviders queryClient={queryClient}>
        <p>app</p>
      </AppProviders>,
    );

    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify({ clientState: { queries: [] } }));
    await expect(apiClient.get('/profile')).rejects.toMatchObject({ status: 401 });

    // The persisted copy goes at once: a reload must not bring the old session back.
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    // Signed out: the user is known to be nobody; everything else is gone.
    expect(queryClient.getQueryData(['user'])).toBeNull();
    expect(queryClient.getQueryData(['filters'])).toBeUndefined();
  });

  it('keeps the cache for other failures', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user'], { username: 'mario' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    render(
      <AppProviders queryClient={queryClient}>
        <p>app</p>
      </AppProviders>,
    );

    await expect(apiClient.get('/profile')).rejects.toMatchObject({ status: 500 });
    expect(queryClient.getQueryData(['user'])).toEqual({ username: 'mario' });
  });
});
