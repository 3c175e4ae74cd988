import { STATS_CACHE_SECONDS, type Stats } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `GET /api/stats`: the landing's figures (the server counts them at most every 5 minutes). */
export function useStats() {
  return useQuery({
    queryKey: ['stats'],
    queryFn: ({ signal }) => apiClient.get<Stats>('/stats', { signal }),
    staleTime: STATS_CACHE_SECONDS * 1000,
  });
}
