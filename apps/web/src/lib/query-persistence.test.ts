import { afterEach, describe, expect, it } from 'vitest';
import { clearPersistedQueries, persistOptions, QUERY_CACHE_STORAGE_KEY } from './query-persistence';

const stored = {
  buster: '1',
  timestamp: Date.now(),
  clientState: {
    mutations: [],
    queries: [{ queryKey: ['user'], queryHash: '["user"]', state: { data: { id: 'u1' } } }],
  },
};

function online(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('persisted query cache (spec §9 offline-first)', () => {
  it('is read back when the app opens offline, and not online', async () => {
    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify(stored));
    const { persister } = persistOptions('1');
    online(false);
    expect(await persister.restoreClient()).toMatchObject({
      clientState: { queries: [{ queryKey: ['user'] }] },
    });
    online(true);
    expect(await persister.restoreClient()).toBeUndefined();
  });

  it('is forgotten at once', () => {
    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify(stored));
    clearPersistedQueries();
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });
});
