import type { QueryClient } from '@tanstack/react-query';
import { competitionKeys, subscriptionKeys } from '@/lib/query-keys';

/**
 * After a follow, unfollow, notifications or lost change, everything that shows a follow state
 * asks again: My tournaments, the competition details and the search results (all of them live
 * under `competitionKeys.all`), since a change may move a tournament between sections.
 */
export function invalidateFollowState(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: competitionKeys.all }),
  ]).then(() => undefined);
}
