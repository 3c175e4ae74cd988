import type { Subscription } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { applySubscriptionAnswer } from './apply-answer';
import { invalidateFollowState } from './invalidate-follow-state';

/** `PATCH /api/subscriptions/tournaments/subscribe/{id}/notifications` `{ enabled }`. */
export function setSubscriptionNotifications(
  subscriptionId: string,
  enabled: boolean,
): Promise<Subscription> {
  return apiClient.patch<Subscription>(
    `/subscriptions/tournaments/subscribe/${encodeURIComponent(subscriptionId)}/notifications`,
    { enabled },
  );
}

/** Turns a followed tournament's notifications on or off; the switch shows the server's answer at once. */
export function useSetSubscriptionNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, enabled }: { subscriptionId: string; enabled: boolean }) =>
      setSubscriptionNotifications(subscriptionId, enabled),
    onSuccess: (answer) => applySubscriptionAnswer(queryClient, answer),
    onSettled: () => invalidateFollowState(queryClient),
  });
}
