import type { FilterBulkResult } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchFilters } from './invalidate';

/** `DELETE /api/filters`: deletes every filter of the user; how many there were. */
export function deleteAllFilters(): Promise<FilterBulkResult> {
  return apiClient.delete<FilterBulkResult>('/filters');
}

export function useDeleteAllFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllFilters,
    onSuccess: () => refetchFilters(queryClient),
  });
}
