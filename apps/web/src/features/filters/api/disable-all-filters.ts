import type { FilterBulkResult } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchFilters } from './invalidate';

/** `PATCH /api/filters/disable-all`: how many filters were turned off. */
export function disableAllFilters(): Promise<FilterBulkResult> {
  return apiClient.patch<FilterBulkResult>('/filters/disable-all');
}

export function useDisableAllFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableAllFilters,
    onSuccess: () => refetchFilters(queryClient),
  });
}
