import { removeStorage } from './storage';

/**
 * Where the persisted query cache lives (spec §9 offline-first), apart from the persister
 * itself (query-persistence.ts): the session store clears it on the first load's path, where
 * no TanStack Query code is loaded (decision 160).
 */

/** Local storage key of the persisted query cache. */
export const QUERY_CACHE_STORAGE_KEY = 'radar-query-cache';
/** A persisted cache (and the user kept for offline) older than a day is not restored. */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets the persisted cache at once (sign-out, 401): the persister writes the cleared cache
 * only after its throttle, and a reload in between must not bring the old session back.
 */
export function clearPersistedQueries(): void {
  removeStorage(QUERY_CACHE_STORAGE_KEY);
}
