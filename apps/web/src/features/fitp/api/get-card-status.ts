import type { FitpCardStatus } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { fitpKeys } from '@/lib/query-keys';

export function getCardStatus(signal?: AbortSignal): Promise<FitpCardStatus> {
  return apiClient.get<FitpCardStatus>('/fitp/status', signal ? { signal } : {});
}

/** `GET /api/fitp/status`: connected or not, and whether a sync waits for review (the dashboard). */
export function useCardStatus() {
  return useQuery({
    queryKey: fitpKeys.status(),
    queryFn: ({ signal }) => getCardStatus(signal),
    staleTime: 60 * 1000,
    refetchOnMount: true,
  });
}
