import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the followed tournaments; everything under `subscriptionKeys.all`. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  myTournaments: () => [...subscriptionKeys.all, 'my-tournaments'] as const,
};

/**
 * After a follow, unfollow, notifications or lost change, everything that shows a follow state
 * asks again: My tournaments, the competition details and the search results (all of them live
 * under `['competitions']`), since a change may move a tournament between sections.
 */
export function invalidateFollowState(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['competitions'] }),
  ]).then(() => undefined);
}
