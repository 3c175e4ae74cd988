import type { CompetitionDetailResponse, MyTournaments, Subscription } from '@radar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { competitionKeys, subscriptionKeys } from '@/lib/query-keys';

/**
 * Writes a subscription as the server answered a change into the cached My tournaments and
 * competition details, so switches and badges show it at once; the refetch that follows
 * (`invalidateFollowState`) brings what the server derives, such as a lost tournament's section.
 */
export function applySubscriptionAnswer(queryClient: QueryClient, answer: Subscription): void {
  const { notificationsEnabled, lost } = answer;
  queryClient.setQueryData<MyTournaments>(subscriptionKeys.myTournaments(), (previous) =>
    previous
      ? {
          ...previous,
          items: previous.items.map((item) =>
            item.id === answer.id ? { ...item, notificationsEnabled, lost } : item,
          ),
        }
      : previous,
  );
  queryClient.setQueriesData<CompetitionDetailResponse>(
    { queryKey: competitionKeys.details() },
    (previous) =>
      previous?.competition
        ? {
            ...previous,
            competition: {
              ...previous.competition,
              tournaments: previous.competition.tournaments.map((tournament) =>
                tournament.subscriptionId === answer.id
                  ? { ...tournament, notificationsEnabled, lost }
                  : tournament,
              ),
            },
          }
        : previous,
  );
}
