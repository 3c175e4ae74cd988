import { NOTIFICATIONS_PAGE_DEFAULT, type NotificationList } from '@radar/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { INBOX_STALE_MS } from './inbox-timing';

export function getNotifications(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return apiClient.get<NotificationList>('/notifications', {
    query: { limit: NOTIFICATIONS_PAGE_DEFAULT, cursor },
    ...(signal ? { signal } : {}),
  });
}

/** The inbox, newest first, one page at a time (`fetchNextPage` follows the cursor). */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: INBOX_STALE_MS,
    refetchOnMount: true,
  });
}
