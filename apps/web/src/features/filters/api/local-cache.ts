import { FILTERS_LOCAL_CACHE_MS, type Filter } from '@radar/shared';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/**
 * The filters kept in the browser (spec §9: "filters cached locally 60 minutes"), so that a
 * new page load shows them at once while they are fetched again. One entry, for one user:
 * another user's entry, or one older than {@link FILTERS_LOCAL_CACHE_MS}, is never shown.
 * Signing out and any 401 remove it (with the rest of the cached data).
 */
export const FILTERS_STORAGE_KEY = 'radar.filters';

interface Entry {
  userId: string;
  savedAt: number;
  items: Filter[];
}

export function saveLocalFilters(userId: string, items: Filter[], savedAt: number): void {
  writeStorage(FILTERS_STORAGE_KEY, JSON.stringify({ userId, savedAt, items } satisfies Entry));
}

/** The stored filters of `userId` if younger than 60 minutes at `now`. */
export function readLocalFilters(
  userId: string,
  now = Date.now(),
): { items: Filter[]; savedAt: number } | undefined {
  const raw = readStorage(FILTERS_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const entry = JSON.parse(raw) as Partial<Entry>;
    if (
      entry.userId !== userId ||
      typeof entry.savedAt !== 'number' ||
      !Array.isArray(entry.items) ||
      now - entry.savedAt >= FILTERS_LOCAL_CACHE_MS ||
      entry.savedAt > now
    ) {
      return undefined;
    }
    return { items: entry.items, savedAt: entry.savedAt };
  } catch {
    return undefined;
  }
}

export function clearLocalFilters(): void {
  removeStorage(FILTERS_STORAGE_KEY);
}
