import type { SubscribeBody, Subscription } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invalidateFollowState } from './invalidate-follow-state';

/** `POST /api/subscriptions/tournaments/subscribe`: follows one tournament of a competition. */
export function subscribe(body: SubscribeBody): Promise<Subscription> {
  return apiClient.post<Subscription>('/subscriptions/tournaments/subscribe', body);
}

/** Follows a tournament; whatever the answer (409 already followed too), the follow state is asked again. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSettled: () => invalidateFollowState(queryClient),
  });
}
