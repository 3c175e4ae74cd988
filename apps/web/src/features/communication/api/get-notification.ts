import type { Notification } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';
import { INBOX_STALE_MS } from './inbox-timing';

export function getNotification(id: string, signal?: AbortSignal): Promise<Notification> {
  return apiClient.get<Notification>(`/notifications/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

/** One notification; a failure (missing, or someone else's) is not retried. */
export function useNotification(id: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getNotification(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: INBOX_STALE_MS,
    refetchOnMount: true,
    retry: false,
  });
}
