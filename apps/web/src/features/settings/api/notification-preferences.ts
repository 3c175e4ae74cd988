import type {
  BulkUpdateNotificationPreferencesBody,
  NotificationPreferences,
  UpdateNotificationPreferenceBody,
} from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationPreferencesKey } from '@/lib/query-keys';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiClient.get<NotificationPreferences>('/notifications/preferences', signal ? { signal } : {});
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    refetchOnMount: true,
    staleTime: 0,
  });
}

export function updateNotificationPreference(body: UpdateNotificationPreferenceBody) {
  return apiClient.patch<NotificationPreferences>('/notifications/preferences', body);
}

export function updateNotificationPreferences(body: BulkUpdateNotificationPreferencesBody) {
  return apiClient.patch<NotificationPreferences>('/notifications/preferences/bulk', body);
}

/**
 * One switch (a single change) or the enable-all toggle (a bulk change). The switch moves at
 * once; on failure the cache goes back to what the server says.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkUpdateNotificationPreferencesBody) =>
      body.preferences.length === 1 && body.preferences[0]
        ? updateNotificationPreference(body.preferences[0])
        : updateNotificationPreferences(body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesKey);
      if (previous) {
        queryClient.setQueryData<NotificationPreferences>(notificationPreferencesKey, {
          ...previous,
          preferences: previous.preferences.map((preference) => {
            const next = { ...preference };
            for (const change of body.preferences) {
              if (change.group === preference.group) next[change.channel] = change.enabled;
            }
            return next;
          }),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferencesKey, context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesKey, preferences),
  });
}
