/*
 * Web push for Radar Tornei, imported by the generated service worker (workbox importScripts).
 * A push message is JSON { notification: { title, body }, data: { title, body, url, notificationId } }
 * (spec §3 "Foreground push message": data first, then notification, then the defaults).
 */
const DEFAULT_TITLE = 'New Notification';

/** The message posted to a visible window instead of a system notification (in-app banner). */
const IN_APP_MESSAGE = 'in-app-notification';

/** Spec §3 "Foreground push message": data first, then notification, then the defaults. */
function readPushMessage(event) {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { data: { body: event.data ? event.data.text() : '' } };
  }
  const data = message.data || {};
  const notification = message.notification || {};
  return {
    title: data.title || notification.title || DEFAULT_TITLE,
    body: data.body || notification.body || '',
    url: data.url || '',
    tag: data.notificationId || undefined,
  };
}

self.addEventListener('push', (event) => {
  const message = readPushMessage(event);
  event.waitUntil(
    (async () => {
      // A window of the app the user is looking at gets an in-app banner instead (spec §2, §4).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const visible = windows.filter(
        (client) =>
          client.visibilityState === 'visible' && new URL(client.url).origin === self.location.origin,
      );
      if (visible.length > 0) {
        for (const client of visible) {
          client.postMessage({
            type: IN_APP_MESSAGE,
            title: message.title,
            body: message.body,
            url: message.url,
          });
        }
        return;
      }
      await self.registration.showNotification(message.title, {
        body: message.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: message.tag,
        data: { url: message.url || '/communication' },
      });
    })(),
  );
});

/**
 * The push service replaced or expired the subscription: subscribe again with the same server
 * key and register the new one for the signed-in user (the session cookie goes with it).
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const key =
        event.oldSubscription?.options?.applicationServerKey ||
        (await fetch('/api/notifications/vapid-public-key', { credentials: 'same-origin' })
          .then((response) => (response.ok ? response.json() : null))
          .then((answer) => answer?.publicKey || null)
          .catch(() => null));
      if (!key) return;
      const subscription =
        event.newSubscription ||
        (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      await fetch('/api/notifications/device-token', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: JSON.stringify(subscription),
          deviceInfo: { language: self.navigator.language, timestamp: Date.now() },
        }),
      }).catch(() => undefined);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/communication', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // The app navigates in place (spec §2: a service-worker message of type navigate).
        open.postMessage({ type: 'navigate', url: target.pathname + target.search });
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
