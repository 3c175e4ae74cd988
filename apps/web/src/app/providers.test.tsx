import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { getSession, SESSION_STORAGE_KEY, setUser } from '@/lib/auth/session-store';
import { QUERY_CACHE_STORAGE_KEY } from '@/lib/query-cache-storage';
import { createQueryClient } from '@/lib/query-client';
import { filterKeys } from '@/lib/query-keys';
import { testUser } from '../../test/api-stub';
import { DataProviders } from './data-layer';
import { AppProviders } from './providers';

function answerEveryCall(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: status === 401 ? 'UNAUTHORIZED' : 'INTERNAL', message: 'no', status }),
          {
            status,
          },
        ),
    ),
  );
}

describe('AppProviders', () => {
  it('clears the session, every cached query and the persisted copies when a call answers 401', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(filterKeys.all, [{ id: 1 }]);
    render(
      <AppProviders queryClient={queryClient}>
        <DataProviders>
          <p>app</p>
        </DataProviders>
      </AppProviders>,
    );
    setUser(testUser());
    answerEveryCall(401);

    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify({ clientState: { queries: [] } }));
    await expect(apiClient.get('/profile')).rejects.toMatchObject({ status: 401 });

    // The persisted copies go at once: a reload must not bring the old session back.
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // Signed out: the user is known to be nobody; everything else is gone.
    expect(getSession()).toMatchObject({ status: 'signedOut', user: null });
    expect(queryClient.getQueryData(filterKeys.all)).toBeUndefined();
  });

  it('keeps the session and the cache for other failures', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(filterKeys.all, [{ id: 1 }]);
    answerEveryCall(500);
    render(
      <AppProviders queryClient={queryClient}>
        <DataProviders>
          <p>app</p>
        </DataProviders>
      </AppProviders>,
    );
    setUser(testUser({ username: 'mario' }));

    await expect(apiClient.get('/profile')).rejects.toMatchObject({ status: 500 });
    expect(getSession().user).toMatchObject({ username: 'mario' });
    expect(queryClient.getQueryData(filterKeys.all)).toEqual([{ id: 1 }]);
  });

  it('needs no query client for the signed-out screens: the data layer brings its own', () => {
    render(
      <AppProviders>
        <p>landing</p>
      </AppProviders>,
    );
    expect(screen.getByText('landing')).toBeTruthy();
  });
});
