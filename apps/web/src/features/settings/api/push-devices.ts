import type { DeviceInfo, DeviceToken, DeviceTokenList, VapidPublicKey } from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { deviceTokensKey, notificationPreferencesKey } from '@/lib/query-keys';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

export function getVapidPublicKey(): Promise<VapidPublicKey> {
  return apiClient.get<VapidPublicKey>('/notifications/vapid-public-key');
}

/** Local storage key of the id the server gave this browser's registration (to find and forget it). */
export const DEVICE_TOKEN_ID_KEY = 'pushDeviceTokenId';

/** Registers this browser's subscription (or a token); the answer's id is kept as this device's. */
export async function registerDeviceToken(token: string, deviceInfo: DeviceInfo): Promise<DeviceToken> {
  const registered = await apiClient.post<DeviceToken>('/notifications/device-token', { token, deviceInfo });
  writeStorage(DEVICE_TOKEN_ID_KEY, registered.id);
  return registered;
}

/** The id of this browser's registration, when it registered. */
export function registeredDeviceTokenId(): string | null {
  return readStorage(DEVICE_TOKEN_ID_KEY);
}

/** Forgets one registered device (here: this browser, when its push switch is turned off). */
export async function removeDeviceToken(id: string): Promise<void> {
  await apiClient.delete<null>(`/notifications/device-token/${encodeURIComponent(id)}`);
  if (readStorage(DEVICE_TOKEN_ID_KEY) === id) removeStorage(DEVICE_TOKEN_ID_KEY);
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
  const { refreshUser } = useAuth();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceTokensKey }),
        queryClient.invalidateQueries({ queryKey: notificationPreferencesKey }),
        // The user carries the push switch too (PushStartup re-registers only while it is on).
        refreshUser({ force: true }).catch(() => null),
      ]),
    [queryClient, refreshUser],
  );
}

export function useDeactivateAllDevices() {
  const refresh = useRefreshPushState();
  return useMutation({ mutationFn: deactivateAllDeviceTokens, onSuccess: () => refresh() });
}
