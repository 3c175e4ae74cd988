import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchFilters } from './invalidate';

/** `DELETE /api/filters/{id}`: 204. */
export function deleteFilter(id: string): Promise<unknown> {
  return apiClient.delete(`/filters/${encodeURIComponent(id)}`);
}

export function useDeleteFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFilter,
    onSuccess: () => refetchFilters(queryClient),
    // E.g. FILTER_NOT_FOUND: deleted from another device; the list shows what is left.
    onError: () => refetchFilters(queryClient),
  });
}
