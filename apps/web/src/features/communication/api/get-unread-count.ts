import type { UnreadCount } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { UNREAD_POLL_MS } from './inbox-timing';

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiClient.get<UnreadCount>('/notifications/unread-count', signal ? { signal } : {});
}

/** How many notifications are unread (the navigation badge), asked again every minute. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: UNREAD_POLL_MS / 2,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnMount: true,
    retry: false,
  });
}
