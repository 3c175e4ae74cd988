import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateFollowState } from './invalidate-follow-state';

/** `DELETE /api/subscriptions/tournaments/unsubscribe/{id}` (204). */
export function unsubscribe(subscriptionId: string): Promise<void> {
  return apiClient.delete<void>(
    `/subscriptions/tournaments/unsubscribe/${encodeURIComponent(subscriptionId)}`,
  );
}

/** Stops following; the follow state is asked again (also after 404 NOT_SUBSCRIBED). */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSettled: () => invalidateFollowState(queryClient),
  });
}
