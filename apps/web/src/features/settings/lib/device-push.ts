import type { DeviceToken } from '@radar/shared';
import { STORAGE_KEYS } from '@radar/shared';
import { useCallback, useEffect, useState } from 'react';
import { collectDeviceInfo } from '@/lib/device-info';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import {
  getVapidPublicKey,
  registerDeviceToken,
  registeredDeviceTokenId,
  removeDeviceToken,
  useDeviceTokens,
  useRefreshPushState,
} from '../api/push-devices';
import { currentPushSubscription, isPushSupported, PUSH_STORAGE_KEYS, subscribeToPush } from './web-push';

/**
 * Push on this device, as it really is (docs/decisions/175):
 * - `unsupported`: no service worker, Push API or notifications here;
 * - `denied`: the user blocked notifications for the site (only the browser can undo it);
 * - `checking`: the subscription or the device list is still being read;
 * - `on`: permission granted, a live subscription, and it is registered (active) on the server;
 * - `off`: anything else (permission not asked yet, no subscription, or not registered).
 */
export type DevicePushStatus = 'unsupported' | 'denied' | 'checking' | 'on' | 'off';

const permissionNow = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'default' : Notification.permission;

/** This browser's active registrations: the one it was given, or (registered earlier) its device id. */
export function thisDeviceTokens(tokens: readonly DeviceToken[]): DeviceToken[] {
  const id = registeredDeviceTokenId();
  const deviceId = readStorage(STORAGE_KEYS.deviceId);
  const mine = tokens.filter((token) => token.active && token.kind === 'webpush');
  const byId = mine.filter((token) => token.id === id);
  return byId.length > 0
    ? byId
    : mine.filter((token) => !!deviceId && token.deviceInfo.deviceId === deviceId);
}

export function useDevicePush(pushOn: boolean) {
  const supported = isPushSupported();
  const devices = useDeviceTokens();
  const refresh = useRefreshPushState();
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? permissionNow() : 'default',
  );
  // undefined while it is being read.
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(
    supported ? undefined : null,
  );
  const [working, setWorking] = useState(false);
  /** Which change failed last, for the message. */
  const [failed, setFailed] = useState<'on' | 'off' | null>(null);

  // The subscription and permission are read on mount and on every return to the page (the
  // user may have changed the permission in the browser meanwhile).
  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    const read = () => {
      setPermission(permissionNow());
      void currentPushSubscription()
        .catch(() => null)
        .then((current) => {
          if (!cancelled) setSubscription(current);
        });
    };
    read();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [supported]);

  // Spec §4: with permission already granted and push on, the subscription is registered
  // again (it may have changed, or been deactivated by the push service).
  const [reRegistered, setReRegistered] = useState(false);
  useEffect(() => {
    if (!pushOn || !subscription || reRegistered) return;
    setReRegistered(true);
    void registerDeviceToken(JSON.stringify(subscription), collectDeviceInfo())
      .then(() => refresh())
      .catch((error: unknown) => {
        writeStorage(PUSH_STORAGE_KEYS.debugError, `API Error on Startup: ${String(error)}`);
      });
  }, [pushOn, subscription, reRegistered, refresh]);

  const mine = thisDeviceTokens(devices.data?.tokens ?? []);
  let status: DevicePushStatus;
  if (!supported) status = 'unsupported';
  else if (permission === 'denied') status = 'denied';
  else if (subscription === undefined || devices.isPending) status = 'checking';
  else if (permission === 'granted' && subscription && mine.length > 0) status = 'on';
  else status = 'off';

  /** Asks for permission, subscribes and registers this browser. */
  const enable = useCallback(async () => {
    setWorking(true);
    setFailed(null);
    try {
      const { publicKey } = await getVapidPublicKey();
      const result = await subscribeToPush(publicKey);
      setPermission(permissionNow());
      if (result.status !== 'subscribed') {
        if (result.status !== 'denied') setFailed('on');
        return;
      }
      setSubscription(result.subscription);
      removeStorage(PUSH_STORAGE_KEYS.turnedOff);
      await registerDeviceToken(JSON.stringify(result.subscription), collectDeviceInfo());
      await refresh();
    } catch (error) {
      writeStorage(PUSH_STORAGE_KEYS.debugError, `API Error: ${String(error)}`);
      setFailed('on');
    } finally {
      setWorking(false);
    }
  }, [refresh]);

  /** Unsubscribes this browser and forgets its registration on the server. */
  const disable = useCallback(async () => {
    setWorking(true);
    setFailed(null);
    try {
      // First, so that no start-up path subscribes this device again by itself.
      writeStorage(PUSH_STORAGE_KEYS.turnedOff, 'true');
      for (const token of mine) await removeDeviceToken(token.id);
      await subscription?.unsubscribe().catch(() => false);
      setSubscription(null);
      await refresh();
    } catch {
      setFailed('off');
    } finally {
      setWorking(false);
    }
  }, [mine, subscription, refresh]);

  /** After "off on every device": this browser's subscription is dropped too. */
  const forget = useCallback(async () => {
    await subscription?.unsubscribe().catch(() => false);
    setSubscription(null);
  }, [subscription]);

  const activeDevices = devices.data?.tokens.filter((token) => token.active).length ?? 0;
  return { status, working, failed, enable, disable, forget, activeDevices };
}
