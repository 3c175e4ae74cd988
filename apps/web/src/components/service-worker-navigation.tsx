import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** A same-origin path, never a full URL or a protocol-relative one. */
export function isAppPath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

/**
 * Spec §2: a service-worker message `{ type: 'navigate', url }` makes the app navigate there
 * (a click on a push notification while the app is open).
 */
export function ServiceWorkerNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'navigate' && isAppPath(data.url)) void navigate(data.url);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
  return null;
}
