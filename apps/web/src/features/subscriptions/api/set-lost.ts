import type { Subscription } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { applySubscriptionAnswer } from './apply-answer';
import { invalidateFollowState } from './invalidate-follow-state';

/**
 * `PATCH /api/subscriptions/tournaments/subscribe/{id}/lost` `{ lost }`: marking lost turns the
 * notifications off, unmarking restores the previous setting (the server decides both).
 */
export function setSubscriptionLost(subscriptionId: string, lost: boolean): Promise<Subscription> {
  return apiClient.patch<Subscription>(
    `/subscriptions/tournaments/subscribe/${encodeURIComponent(subscriptionId)}/lost`,
    { lost },
  );
}

/** Marks or unmarks lost; the section comes back from the server with the refetch. */
export function useSetSubscriptionLost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, lost }: { subscriptionId: string; lost: boolean }) =>
      setSubscriptionLost(subscriptionId, lost),
    onSuccess: (answer) => applySubscriptionAnswer(queryClient, answer),
    onSettled: () => invalidateFollowState(queryClient),
  });
}
