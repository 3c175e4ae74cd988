import { useEffect, useRef } from 'react';
import { isApiClientError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { collectDeviceInfo } from '@/lib/device-info';
import { readStorage, writeStorage } from '@/lib/storage';
import { getVapidPublicKey, registerDeviceToken, useRefreshPushState } from '../api/push-devices';
import {
  isInstalledAndroidApp,
  isPushSupported,
  PUSH_STORAGE_KEYS,
  refreshPushSubscription,
  ServiceWorkerNotReadyError,
  subscribeToPush,
} from '../lib/web-push';

/** Spec §4/§9: the installed Android app asks for push permission 2 s after a user is signed in. */
export const PUSH_PROMPT_DELAY_MS = 2000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The start-up work under way (a re-registration, the permission prompt): see {@link pushStartupIdle}. */
const pending = new Set<Promise<void>>();

function track(work: Promise<void>): void {
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

/**
 * Resolves once the push start-up work begun so far has finished. For tests, which wait for it
 * to see that a run did nothing, instead of waiting "long enough".
 */
export async function pushStartupIdle(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/**
 * Web push in the signed-in app shell (spec §4 "Push permission"), rendering nothing:
 * - on start and on every return to the page, if permission is already granted, the
 *   user's push switch is on and push was not turned off for this device in Settings, this
 *   browser's subscription is fetched again and registered (the push service may have
 *   replaced it, or the server deactivated it after a 404/410); only the installed Android
 *   app makes a new one when the browser has none (spec §6);
 * - in the installed Android app only, the permission is asked once, 2 s after sign-in
 *   (`notificationPermissionRequested` is set after the attempt); granted registers the device.
 * Failures are only written to local storage (`fcmDebugError`), never shown (spec §8).
 */
export function PushStartup() {
  const { user } = useAuth();
  const refresh = useRefreshPushState();
  const running = useRef(false);
  const userId = user?.id;
  const pushOn = user?.pushNotifications ?? false;

  useEffect(() => {
    if (!userId || !isPushSupported()) return;
    let cancelled = false;
    let publicKey: Promise<string> | undefined;
    const vapidKey = () => {
      publicKey ??= getVapidPublicKey().then((answer) => answer.publicKey);
      return publicKey;
    };

    const reRegister = async () => {
      if (running.current || cancelled || !pushOn || readStorage(PUSH_STORAGE_KEYS.turnedOff)) return;
      running.current = true;
      try {
        const subscription = await refreshPushSubscription(vapidKey, { create: isInstalledAndroidApp() });
        if (!subscription || cancelled) return;
        try {
          await registerDeviceToken(JSON.stringify(subscription), collectDeviceInfo());
        } catch (error) {
          writeStorage(
            PUSH_STORAGE_KEYS.debugError,
            `API Error on Startup: ${isApiClientError(error) ? error.message : message(error)}`,
          );
          return;
        }
        await refresh();
      } catch (error) {
        writeStorage(
          PUSH_STORAGE_KEYS.debugError,
          error instanceof ServiceWorkerNotReadyError
            ? `Retry Failed: ${message(error)}`
            : `Startup Error: ${message(error)}`,
        );
      } finally {
        running.current = false;
      }
    };

    track(reRegister());
    const onVisibility = () => {
      if (document.visibilityState === 'visible') track(reRegister());
    };
    document.addEventListener('visibilitychange', onVisibility);

    // The one automatic prompt: installed Android app, never asked before, not decided yet.
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (
      isInstalledAndroidApp() &&
      Notification.permission === 'default' &&
      !readStorage(PUSH_STORAGE_KEYS.permissionRequested)
    ) {
      timer = setTimeout(() => {
        track(
          (async () => {
            try {
              const result = await subscribeToPush(await vapidKey());
              if (result.status !== 'subscribed' || cancelled) return;
              await registerDeviceToken(JSON.stringify(result.subscription), collectDeviceInfo());
              await refresh();
            } catch (error) {
              writeStorage(PUSH_STORAGE_KEYS.permissionRequested, 'true');
              writeStorage(
                PUSH_STORAGE_KEYS.debugError,
                `API Error: ${isApiClientError(error) ? error.message : message(error)}`,
              );
            }
          })(),
        );
      }, PUSH_PROMPT_DELAY_MS);
    }

    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId, pushOn, refresh]);

  return null;
}
