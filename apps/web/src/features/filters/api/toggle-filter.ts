import type { Filter, FilterList } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { filterKeys } from '@/lib/query-keys';
import { refetchFilters } from './invalidate';

/** `PATCH /api/filters/{id}/toggle`: enables a disabled filter or disables an enabled one. */
export function toggleFilter(id: string): Promise<Filter> {
  return apiClient.patch<Filter>(`/filters/${encodeURIComponent(id)}/toggle`);
}

/**
 * Flips the switch at once (optimistic), puts the server's answer in place, then reloads the
 * list; a failure puts the list back as it was.
 */
export function useToggleFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: Filter) => toggleFilter(filter.id),
    onMutate: async (filter) => {
      await queryClient.cancelQueries({ queryKey: filterKeys.list() });
      const previous = queryClient.getQueryData<FilterList>(filterKeys.list());
      if (previous) {
        queryClient.setQueryData<FilterList>(filterKeys.list(), {
          items: previous.items.map((item) =>
            item.id === filter.id ? { ...item, notificationsEnabled: !filter.notificationsEnabled } : item,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _filter, context) => {
      if (context?.previous) queryClient.setQueryData(filterKeys.list(), context.previous);
    },
    onSettled: () => refetchFilters(queryClient),
  });
}
