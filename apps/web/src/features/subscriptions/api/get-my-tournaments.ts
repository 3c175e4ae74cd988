import type { MyTournaments } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/query-keys';

export function getMyTournaments(signal?: AbortSignal): Promise<MyTournaments> {
  return apiClient.get<MyTournaments>('/subscriptions/my-tournaments', signal ? { signal } : {});
}

/**
 * `GET /api/subscriptions/my-tournaments`: every followed tournament in its section. Sections
 * move with the calendar (registration closes, play starts), so it is asked again on each visit.
 */
export function useMyTournaments() {
  return useQuery({
    queryKey: subscriptionKeys.myTournaments(),
    queryFn: ({ signal }) => getMyTournaments(signal),
    staleTime: 60 * 1000,
    refetchOnMount: true,
  });
}
