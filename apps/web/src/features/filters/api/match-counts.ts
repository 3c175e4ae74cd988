import type { FilterMatchCounts } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { filterKeys } from '@/lib/query-keys';

/**
 * `GET /api/filters/match-counts`: how many current tournaments each filter matches now. Under
 * the filters' key (`filterKeys.matchCounts`), so every filter change asks for it again.
 */
export function useFilterMatchCounts() {
  return useQuery({
    queryKey: filterKeys.matchCounts(),
    queryFn: ({ signal }) => apiClient.get<FilterMatchCounts>('/filters/match-counts', { signal }),
    select: (data) => new Map(data.items.map((item) => [item.filterId, item.count])),
    staleTime: 5 * 60 * 1000,
  });
}
