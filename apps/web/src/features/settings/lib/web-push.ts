import { writeStorage } from '@/lib/storage';

/** Local storage keys of spec §3 the push flow writes. */
export const PUSH_STORAGE_KEYS = {
  permissionRequested: 'notificationPermissionRequested',
  debugError: 'fcmDebugError',
} as const;

/** Push needs a service worker, the Push API and notifications (spec §5). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    typeof fetch === 'function'
  );
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
    writeStorage(
      PUSH_STORAGE_KEYS.debugError,
      `Service Worker not ready. Retrying... (${attempt + 1}/${retries})`,
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
async function subscriptionFor(vapidPublicKey: string, retries: number): Promise<PushSubscription> {
  const registration = await activeRegistration(retries);
  const key = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  return (
    subscription ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
  );
}

/**
 * The startup path of spec §4: with permission already granted, the subscription is fetched
 * again (made anew if the browser dropped it); the service worker is waited for once. Null
 * when push is unsupported or permission is not granted.
 */
export async function refreshPushSubscription(
  vapidPublicKey: () => Promise<string>,
): Promise<PushSubscription | null> {
  if (!isPushSupported() || Notification.permission !== 'granted') return null;
  return subscriptionFor(await vapidPublicKey(), 1);
}

/** An installed (standalone) PWA on Android: the only place the app asks for push by itself (spec §4, §6). */
export function isInstalledAndroidApp(): boolean {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone && /Android/i.test(navigator.userAgent);
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
  if (!isPushSupported()) return { status: 'unsupported' };
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
