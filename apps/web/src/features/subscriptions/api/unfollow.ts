import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateFollowState } from './invalidate-follow-state';

/**
 * `DELETE /api/subscriptions/tournaments/unsubscribe/{id}` (204): stops following one tournament
 * (not the email's unsubscribe link: that is the unsubscribe feature).
 */
export function unfollow(subscriptionId: string): Promise<void> {
  return apiClient.delete<void>(
    `/subscriptions/tournaments/unsubscribe/${encodeURIComponent(subscriptionId)}`,
  );
}

/** Stops following; the follow state is asked again (also after 404 NOT_SUBSCRIBED). */
export function useUnfollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollow,
    onSettled: () => invalidateFollowState(queryClient),
  });
}
