import type { Filter, FilterBody } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchFilters } from './invalidate';

/** `POST /api/filters` with the fixed body; 201 with the saved filter. */
export function createFilter(body: FilterBody): Promise<Filter> {
  return apiClient.post<Filter>('/filters', body);
}

export function useCreateFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFilter,
    onSuccess: () => refetchFilters(queryClient),
  });
}
