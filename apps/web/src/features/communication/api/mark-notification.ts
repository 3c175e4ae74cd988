import type { Notification, ReadAllResult } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

export function markNotification(id: string, read: boolean): Promise<Notification> {
  return apiClient.post<Notification>(`/notifications/${encodeURIComponent(id)}/${read ? 'read' : 'unread'}`);
}

export function markAllNotificationsRead(): Promise<ReadAllResult> {
  return apiClient.post<ReadAllResult>('/notifications/read-all');
}

/** Marks one notification read or unread; the detail takes the answer, list and badge refresh. */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markNotification(id, read),
    onSuccess: (notification) => {
      queryClient.setQueryData(notificationKeys.detail(notification.id), notification);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount: result.unreadCount });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
