import { isStandalone } from '@/lib/display-mode';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/** Local storage keys of spec §3 the push flow writes. */
export const PUSH_STORAGE_KEYS = {
  permissionRequested: 'notificationPermissionRequested',
  debugError: 'fcmDebugError',
  /** The registered subscription (the web push "token"), for debugging (spec §3, §8). */
  debugToken: 'fcmDebugToken',
  /** When this browser's subscription was made (epoch ms): refreshed after 7 days (spec §4, §9). */
  subscribedAt: 'pushSubscribedAt',
  /** Set when the user turned push off for this device in Settings: nothing re-subscribes it by itself. */
  turnedOff: 'pushTurnedOffHere',
} as const;

/** Spec §9: the push token (here the subscription) is refreshed when older than 7 days. */
export const TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** Spec §5: logged once when push cannot work in this browser. */
export const UNSUPPORTED_MESSAGE = 'Firebase Messaging is not supported in this environment';

/** Push needs a service worker, the Push API, notifications and fetch (spec §5). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    typeof fetch === 'function'
  );
}

/** Whether IndexedDB works here (private modes may have the object but refuse to open a database). */
export function isIndexedDbWorking(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || !indexedDB) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const name = 'radar-push-support-check';
      const request = indexedDB.open(name);
      request.onsuccess = () => {
        request.result.close();
        try {
          indexedDB.deleteDatabase(name);
        } catch {
          // The probe database stays; it is empty.
        }
        resolve(true);
      };
      request.onerror = () => resolve(false);
      request.onblocked = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

let unsupportedLogged = false;

/**
 * Spec §5 support detection: service worker, push manager, notifications, fetch and a working
 * IndexedDB. When any is missing the spec's message is logged (once) and push stays off.
 */
export async function checkPushSupport(): Promise<boolean> {
  const supported = isPushSupported() && (await isIndexedDbWorking());
  if (!supported && !unsupportedLogged) {
    unsupportedLogged = true;
    console.warn(UNSUPPORTED_MESSAGE);
  }
  return supported;
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The active service worker registration, retrying up to `retries` times, 500 ms apart (spec §4/§9). */
async function activeRegistration(retries: number): Promise<ServiceWorkerRegistration> {
  for (let attempt = 0; ; attempt += 1) {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration?.active) return registration;
    if (attempt >= retries) throw new ServiceWorkerNotReadyError();
    // Spec §8's texts: the permission path counts its 3 tries, the startup path retries once.
    writeStorage(
      PUSH_STORAGE_KEYS.debugError,
      retries === 1
        ? 'Service worker activation/subscription delay. Retrying...'
        : `Service Worker not ready. Retrying... (${attempt + 1}/${retries})`,
    );
    await delay(500);
  }
}

export class ServiceWorkerNotReadyError extends Error {
  override readonly name = 'ServiceWorkerNotReadyError';
  constructor() {
    super('Service Worker not ready');
  }
}

/**
 * This browser's subscription made with the server's VAPID key: the existing one, or a new
 * one (an existing subscription made with another key is replaced). Permission must be granted.
 */
async function subscriptionFor(
  vapidPublicKey: string,
  retries: number,
  now: number = Date.now(),
): Promise<PushSubscription> {
  const subscription = await subscriptionIfAny(vapidPublicKey, retries, true, now);
  if (!subscription) throw new Error('No registration token available');
  return subscription;
}

/** {@link subscriptionFor}, or (with `create` false) null when this browser has no subscription. */
async function subscriptionIfAny(
  vapidPublicKey: string,
  retries: number,
  create: boolean,
  now: number = Date.now(),
): Promise<PushSubscription | null> {
  const registration = await activeRegistration(retries);
  const key = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription && !create) return null;
  const madeAt = Number(readStorage(PUSH_STORAGE_KEYS.subscribedAt));
  // A subscription of unknown age (made before its time was kept) counts from now.
  if (subscription && !(madeAt > 0)) writeStorage(PUSH_STORAGE_KEYS.subscribedAt, String(now));
  const tooOld = madeAt > 0 && now - madeAt > TOKEN_REFRESH_MS;
  // Another server key, or older than 7 days: replaced by a fresh subscription.
  if (subscription && (!sameKey(subscription.options.applicationServerKey, key) || tooOld)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    writeStorage(PUSH_STORAGE_KEYS.subscribedAt, String(now));
  }
  if (!subscription) {
    removeStorage(PUSH_STORAGE_KEYS.debugToken);
    writeStorage(PUSH_STORAGE_KEYS.debugError, 'No registration token available');
    throw new Error('No registration token available');
  }
  writeStorage(PUSH_STORAGE_KEYS.debugToken, JSON.stringify(subscription));
  return subscription;
}

/**
 * The startup path of spec §4: with permission already granted, the subscription is fetched
 * again (an old one, or one made with another key, replaced); the service worker is waited for
 * once. Only the installed Android app (`create`) makes a new one when the browser has none
 * (spec §6: automatic registration there only; elsewhere the user turns push on in Settings).
 * Null when push is unsupported, permission is not granted, or there is nothing to refresh.
 */
export async function refreshPushSubscription(
  vapidPublicKey: () => Promise<string>,
  { create }: { create: boolean },
): Promise<PushSubscription | null> {
  if (!(await checkPushSupport()) || Notification.permission !== 'granted') return null;
  return subscriptionIfAny(await vapidPublicKey(), 1, create);
}

/** An installed (standalone) PWA on Android: the only place the app asks for push by itself (spec §4, §6). */
export function isInstalledAndroidApp(): boolean {
  return isStandalone() && /Android/i.test(navigator.userAgent);
}

export type PushSubscribeResult =
  | { status: 'subscribed'; subscription: PushSubscription }
  | { status: 'denied' }
  | { status: 'unsupported' };

/**
 * Asks for permission (once the user clicks), then subscribes this browser with the server's
 * VAPID key; an existing subscription made with another key is replaced.
 */
export async function subscribeToPush(vapidPublicKey: string): Promise<PushSubscribeResult> {
  if (!(await checkPushSupport())) return { status: 'unsupported' };
  const permission = await Notification.requestPermission();
  writeStorage(PUSH_STORAGE_KEYS.permissionRequested, 'true');
  if (permission !== 'granted') {
    writeStorage(PUSH_STORAGE_KEYS.debugError, 'Notification permission denied');
    return { status: 'denied' };
  }
  const subscription = await subscriptionFor(vapidPublicKey, 3);
  return { status: 'subscribed', subscription };
}

/** This browser's current subscription, when permission is already granted (for re-registration). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Forgets this browser's subscription (after "deactivate on every device"). */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
