import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_CACHE_STORAGE_KEY } from '@/lib/query-cache-storage';

/** The kept cache as the app writes it (buster: data-layer's PERSISTED_CACHE_VERSION). */
const kept = {
  buster: '1',
  timestamp: Date.now(),
  clientState: {
    mutations: [],
    queries: [
      {
        queryKey: ['kept'],
        queryHash: '["kept"]',
        state: { data: { answer: 42 }, status: 'success', dataUpdatedAt: Date.now() },
      },
    ],
  },
};

function online(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

/** A page just opened: the data layer and the app's query client as fresh modules. */
async function openPage() {
  vi.resetModules();
  const { startPersistence } = await import('./data-layer');
  const { queryClient } = await import('@/lib/query-client');
  return { startPersistence, queryClient };
}

beforeEach(() => {
  window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify(kept));
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  window.localStorage.clear();
});

describe('the data layer’s kept cache (spec §9, decision 178)', () => {
  it('opening offline, is restored before the data layer renders (the router awaits it)', async () => {
    online(false);
    const { startPersistence, queryClient } = await openPage();
    await startPersistence();
    expect(queryClient.getQueryData(['kept'])).toEqual({ answer: 42 });
  });

  it('online, restores nothing, and from then on keeps what the app loads', async () => {
    online(true);
    const { startPersistence, queryClient } = await openPage();
    await startPersistence();
    expect(queryClient.getQueryData(['kept'])).toBeUndefined();

    queryClient.setQueryData(['search'], { total: 7 });
    await waitFor(() => expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toContain('"total":7'));
  });

  it('runs once per page', async () => {
    const { startPersistence } = await openPage();
    expect(startPersistence()).toBe(startPersistence());
  });
});
