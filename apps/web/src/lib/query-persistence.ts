import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

/** Local storage key of the persisted query cache (spec §9 offline-first). */
export const QUERY_CACHE_STORAGE_KEY = 'radar-query-cache';
/** A persisted cache older than a day is not restored. */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

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

/**
 * Forgets the persisted cache at once (sign-out, 401): the persister writes the cleared cache
 * only after its throttle, and a reload in between must not bring the old session back.
 */
export function clearPersistedQueries(): void {
  try {
    window.localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
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
