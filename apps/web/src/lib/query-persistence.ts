import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { PERSISTED_CACHE_MAX_AGE_MS, QUERY_CACHE_STORAGE_KEY } from './query-cache-storage';

export {
  clearPersistedQueries,
  PERSISTED_CACHE_MAX_AGE_MS,
  QUERY_CACHE_STORAGE_KEY,
} from './query-cache-storage';

/**
 * The query cache kept in local storage, so the installed app opens offline with the last
 * loaded data (spec §9 "offline-first"); it is read back only when the app opens offline. Only successful queries are kept; a sign-out or a
 * 401 clears the cache, and the cleared cache is what gets stored. A new app version
 * (`buster`) starts from an empty cache, since payload shapes may have changed.
 */
export function persistOptions(buster: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  const storage = typeof window === 'undefined' ? undefined : safeLocalStorage();
  const persister = createSyncStoragePersister({ storage, key: QUERY_CACHE_STORAGE_KEY, throttleTime: 1000 });
  return {
    // Restored only when the app opens offline: online, every screen loads fresh as before, so
    // a copy written just before a reload can never show older data than the server's.
    persister: {
      persistClient: persister.persistClient,
      removeClient: persister.removeClient,
      restoreClient: () => (isOffline() ? persister.restoreClient() : undefined),
    },
    maxAge: PERSISTED_CACHE_MAX_AGE_MS,
    buster,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success',
    },
  };
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
