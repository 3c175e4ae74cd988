/*
 * Web push for Radar Tornei, imported by the generated service worker (workbox importScripts).
 * A push message is JSON { notification: { title, body }, data: { title, body, url, notificationId } }
 * (spec §3 "Foreground push message": data first, then notification, then the defaults).
 */
const DEFAULT_TITLE = 'New Notification';

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { data: { body: event.data ? event.data.text() : '' } };
  }
  const data = message.data || {};
  const notification = message.notification || {};
  const title = data.title || notification.title || DEFAULT_TITLE;
  const body = data.body || notification.body || '';
  const url = data.url || '/communication';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: data.notificationId || undefined,
      data: { url },
    }),
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
