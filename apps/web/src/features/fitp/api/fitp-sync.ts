import type { FitpCardStatus, FitpSyncApplyBody, FitpSyncResponse, FitpSyncResult } from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { competitionKeys, fitpKeys } from '@/lib/query-keys';

export function getFitpSync(signal?: AbortSignal): Promise<FitpSyncResponse> {
  return apiClient.get<FitpSyncResponse>('/fitp/sync', signal ? { signal } : {});
}

/** `GET /api/fitp/sync`: the card's entries against the followed tournaments, read when the dialog opens. */
export function useFitpSync(enabled: boolean) {
  return useQuery({
    queryKey: fitpKeys.sync(),
    queryFn: ({ signal }) => getFitpSync(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * `POST /api/fitp/sync`: follow and unfollow as chosen. The follows belong to the subscriptions
 * feature: `onFollowsChanged` (from the route) has every follow state asked again.
 */
export const applyFitpSync = (body: FitpSyncApplyBody) => apiClient.post<FitpSyncResult>('/fitp/sync', body);

export function useApplyFitpSync(onFollowsChanged?: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyFitpSync,
    onSettled: async () => {
      await Promise.all([
        onFollowsChanged?.(),
        // Positions and eligibility do not change, but the details show what is followed.
        queryClient.invalidateQueries({ queryKey: competitionKeys.all }),
        queryClient.invalidateQueries({ queryKey: fitpKeys.status() }),
        queryClient.invalidateQueries({ queryKey: fitpKeys.data() }),
      ]);
    },
  });
}

/** `POST /api/fitp/sync/defer`: "Review later"; the dashboard reminds the user. */
export const deferFitpSync = () => apiClient.post<FitpCardStatus>('/fitp/sync/defer');

export function useDeferFitpSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deferFitpSync,
    onSuccess: async (status) => {
      queryClient.setQueryData(fitpKeys.status(), status);
      await queryClient.invalidateQueries({ queryKey: fitpKeys.data() });
    },
  });
}
