import {
  FILTERS_REFETCH_INTERVAL_MS,
  FILTERS_TAB_RETURN_MIN_FOCUS_GAP_MS,
  FILTERS_TAB_RETURN_STALE_MS,
  type FilterList,
} from '@radar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { filterKeys } from '@/lib/query-keys';
import { readLocalFilters, saveLocalFilters } from './local-cache';

export function getFilters(signal?: AbortSignal): Promise<FilterList> {
  return apiClient.get<FilterList>('/filters', signal ? { signal } : {});
}

/**
 * Whether returning to the tab should load the filters again (spec §7): the last load is more
 * than 10 minutes old and the previous focus more than 5 seconds ago (a quick switch away and
 * back does not count).
 */
export function shouldRefetchOnTabReturn({
  now,
  dataUpdatedAt,
  lastFocusAt,
}: {
  now: number;
  dataUpdatedAt: number;
  lastFocusAt: number | null;
}): boolean {
  const loadedLongAgo = now - dataUpdatedAt > FILTERS_TAB_RETURN_STALE_MS;
  const focusedLongAgo = lastFocusAt === null || now - lastFocusAt > FILTERS_TAB_RETURN_MIN_FOCUS_GAP_MS;
  return loadedLongAgo && focusedLongAgo;
}

/**
 * The signed-in user's filters (`GET /api/filters`), active first then by name, with the
 * rules of spec §7 and §9: refetched every hour; a new page load shows the copy kept in the
 * browser (if younger than 60 minutes) at once and fetches them again; every answer is kept
 * in the browser for the next load. The tab-return rule is {@link useFiltersTabReturn}.
 */
export function useFilters({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery<FilterList>({
    queryKey: filterKeys.list(),
    queryFn: ({ signal }) => getFilters(signal),
    enabled: enabled && userId !== null,
    // A new page load shows the browser's copy (if younger than 60 minutes) while it fetches.
    placeholderData: (): FilterList | undefined => {
      const local = userId ? readLocalFilters(userId) : undefined;
      return local ? { items: local.items } : undefined;
    },
    refetchInterval: FILTERS_REFETCH_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });

  const { data, dataUpdatedAt, isPlaceholderData } = query;
  useEffect(() => {
    // Keep every fetched answer (not the browser's own copy) for the next page load.
    if (!userId || !data || isPlaceholderData) return;
    if (readLocalFilters(userId)?.savedAt === dataUpdatedAt) return;
    saveLocalFilters(userId, data.items, dataUpdatedAt);
  }, [userId, data, dataUpdatedAt, isPlaceholderData]);

  return query;
}

/**
 * Spec §7 "on tab return": when the page becomes visible or the window gets the focus again,
 * the filters are loaded again if {@link shouldRefetchOnTabReturn}. Mounted once, in the
 * signed-in layout, together with the hourly refetch of {@link useFilters}.
 */
export function useFiltersTabReturn(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastFocusAt: number | null = Date.now();
    const onReturn = () => {
      if (document.visibilityState === 'hidden') return;
      const now = Date.now();
      const state = queryClient.getQueryState(filterKeys.list());
      const refetch =
        state !== undefined &&
        state.fetchStatus === 'idle' &&
        shouldRefetchOnTabReturn({ now, dataUpdatedAt: state.dataUpdatedAt, lastFocusAt });
      lastFocusAt = now;
      if (refetch) void queryClient.refetchQueries({ queryKey: filterKeys.list(), type: 'active' });
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [queryClient]);
}
