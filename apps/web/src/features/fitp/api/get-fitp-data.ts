import type { FitpDataResponse } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type Degraded } from '@/lib/api-client';
import { fitpKeys } from '@/lib/query-keys';

export type FitpDataAnswer = FitpDataResponse | Degraded<FitpDataResponse>;

/** While the federation is down, ask again this often, so fresh data shows once it is back. */
export const DEGRADED_REFETCH_MS = 30_000;

export const isDegraded = (answer: FitpDataAnswer | undefined): answer is Degraded<FitpDataResponse> =>
  answer !== undefined && 'degraded' in answer && answer.degraded === true;

export function getFitpData(signal?: AbortSignal): Promise<FitpDataAnswer> {
  return apiClient.get<FitpDataAnswer>('/fitp/data', signal ? { signal } : {});
}

/**
 * `GET /api/fitp/data`: the connected card and its last known player data (spec §3). A 207 comes
 * back marked `degraded` with the saved data (spec §4); it is asked again until the service returns.
 */
export function useFitpData() {
  return useQuery({
    queryKey: fitpKeys.data(),
    queryFn: ({ signal }) => getFitpData(signal),
    staleTime: 60 * 1000,
    refetchOnMount: true,
    refetchInterval: (query) => (isDegraded(query.state.data) ? DEGRADED_REFETCH_MS : false),
  });
}
