import type { BulkUpdateNotificationPreferencesBody, UnsubscribePreferences } from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { unsubscribeKey } from '@/lib/query-keys';

const base = (token: string) => `/notifications/unsubscribe/${encodeURIComponent(token)}`;

export function getUnsubscribePreferences(token: string, signal?: AbortSignal) {
  return apiClient.get<UnsubscribePreferences>(`${base(token)}/preferences`, signal ? { signal } : {});
}

export function updateUnsubscribePreferences(token: string, body: BulkUpdateNotificationPreferencesBody) {
  return body.preferences.length === 1
    ? apiClient.patch<UnsubscribePreferences>(`${base(token)}/preferences`, body.preferences[0])
    : apiClient.patch<UnsubscribePreferences>(`${base(token)}/preferences/bulk`, body);
}

export function deleteAccountByToken(token: string) {
  return apiClient.delete<Record<string, never>>(`${base(token)}/account`);
}

/** The link user's preferences; a bad link (tampered, expired, no user) is not retried. */
export function useUnsubscribePreferences(token: string) {
  return useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => getUnsubscribePreferences(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });
}

export function useUpdateUnsubscribePreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkUpdateNotificationPreferencesBody) => updateUnsubscribePreferences(token, body),
    onSuccess: (preferences) => queryClient.setQueryData(unsubscribeKey(token), preferences),
  });
}

export function useDeleteAccountByToken(token: string) {
  return useMutation({ mutationFn: () => deleteAccountByToken(token) });
}
