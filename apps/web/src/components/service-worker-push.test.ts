import { describe, expect, it, vi } from 'vitest';
import source from '../../public/push-handler.js?raw';
import { isAppPath } from './service-worker-navigation';

type Listener = (event: {
  data?: unknown;
  notification?: unknown;
  waitUntil: (p: Promise<unknown>) => void;
}) => void;

/** Runs public/push-handler.js against a stand-in for the service worker global. */
function loadHandler(
  windows: { url: string; focus: () => Promise<void>; postMessage: (m: unknown) => void }[] = [],
) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: 'https://radartornei.it' },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p) => pending.push(p) });
    await Promise.all(pending);
  };
  return { dispatch, showNotification, openWindow };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});

describe('the service worker push handler', () => {
  it('shows data.title and data.body, falling back to notification and then the defaults', async () => {
    const { dispatch, showNotification } = loadHandler();
    await dispatch(
      'push',
      pushEvent({
        notification: { title: 'N title', body: 'N body' },
        data: {
          title: 'Nuovo torneo: Open di Roma',
          body: 'Corrisponde ai tuoi filtri',
          url: '/communication/1',
          notificationId: '1',
        },
      }),
    );
    expect(showNotification).toHaveBeenLastCalledWith('Nuovo torneo: Open di Roma', {
      body: 'Corrisponde ai tuoi filtri',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: '1',
      data: { url: '/communication/1' },
    });
    await dispatch('push', pushEvent({ notification: { title: 'Solo notification', body: 'Testo' } }));
    expect(showNotification).toHaveBeenLastCalledWith(
      'Solo notification',
      expect.objectContaining({ body: 'Testo' }),
    );
    await dispatch('push', { data: undefined });
    expect(showNotification).toHaveBeenLastCalledWith(
      'New Notification',
      expect.objectContaining({ body: '', data: { url: '/communication' } }),
    );
  });

  it('on click, brings an open app to the notification, or opens one', async () => {
    const focus = vi.fn(async () => {});
    const postMessage = vi.fn();
    const open = loadHandler([{ url: 'https://radartornei.it/home', focus, postMessage }]);
    const close = vi.fn();
    await open.dispatch('notificationclick', { notification: { close, data: { url: '/communication/1' } } });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(postMessage).toHaveBeenCalledWith({ type: 'navigate', url: '/communication/1' });

    const none = loadHandler([]);
    await none.dispatch('notificationclick', { notification: { close, data: { url: '/communication/2' } } });
    expect(none.openWindow).toHaveBeenCalledWith('https://radartornei.it/communication/2');
  });

  it('navigates the app only to its own paths', () => {
    expect(isAppPath('/communication/1')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath(42)).toBe(false);
  });
});
