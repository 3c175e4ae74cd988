import type { DeviceInfo, DeviceToken, DeviceTokenList, VapidPublicKey } from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth/user';
import { notificationPreferencesKey } from './notification-preferences';

export const deviceTokensKey = ['device-tokens'] as const;

export function getVapidPublicKey(): Promise<VapidPublicKey> {
  return apiClient.get<VapidPublicKey>('/notifications/vapid-public-key');
}

export function registerDeviceToken(token: string, deviceInfo: DeviceInfo): Promise<DeviceToken> {
  return apiClient.post<DeviceToken>('/notifications/device-token', { token, deviceInfo });
}

export function getDeviceTokens(signal?: AbortSignal): Promise<DeviceTokenList> {
  return apiClient.get<DeviceTokenList>('/notifications/device-tokens', signal ? { signal } : {});
}

export function deactivateAllDeviceTokens(): Promise<{ deactivated: number }> {
  return apiClient.post<{ deactivated: number }>('/notifications/device-tokens/deactivate-all');
}

export function useDeviceTokens() {
  return useQuery({
    queryKey: deviceTokensKey,
    queryFn: ({ signal }) => getDeviceTokens(signal),
    refetchOnMount: true,
    staleTime: 0,
  });
}

/** After registering or deactivating devices, the push switch (preferences and user) and the device list change. */
export function useRefreshPushState() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceTokensKey }),
        queryClient.invalidateQueries({ queryKey: notificationPreferencesKey }),
        // The user carries the push switch too (PushStartup re-registers only while it is on).
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]),
    [queryClient],
  );
}

export function useDeactivateAllDevices() {
  const refresh = useRefreshPushState();
  return useMutation({ mutationFn: deactivateAllDeviceTokens, onSuccess: () => refresh() });
}
