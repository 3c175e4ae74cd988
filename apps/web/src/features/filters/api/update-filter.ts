import type { Filter, FilterBody } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchFilters } from './invalidate';

/** `PUT /api/filters/{id}` with the whole fixed body. */
export function updateFilter(id: string, body: FilterBody): Promise<Filter> {
  return apiClient.put<Filter>(`/filters/${encodeURIComponent(id)}`, body);
}

export function useUpdateFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FilterBody }) => updateFilter(id, body),
    onSuccess: () => refetchFilters(queryClient),
    // E.g. FILTER_NOT_FOUND: deleted from another device; the list shows what is left.
    onError: () => refetchFilters(queryClient),
  });
}
