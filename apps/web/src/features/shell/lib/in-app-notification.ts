/** Spec §4/§9 "In-app banner": hidden again 5000 ms after it shows… */
export const BANNER_HIDE_MS = 5000;
/** …with a 300 ms fade. */
export const BANNER_FADE_MS = 300;

/** The message the service worker posts to a visible window instead of a system notification. */
export const IN_APP_NOTIFICATION_MESSAGE = 'in-app-notification';

/** Spec §3 "in-app notification": isVisible, title, body, url. */
export interface InAppNotification {
  title: string;
  body: string;
  url?: string | undefined;
}

/** Reads a service-worker message; null when it is not an in-app notification. */
export function readInAppNotification(data: unknown): InAppNotification | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as { type?: unknown; title?: unknown; body?: unknown; url?: unknown };
  if (message.type !== IN_APP_NOTIFICATION_MESSAGE || typeof message.title !== 'string') return null;
  return {
    title: message.title,
    body: typeof message.body === 'string' ? message.body : '',
    url: typeof message.url === 'string' && message.url ? message.url : undefined,
  };
}
