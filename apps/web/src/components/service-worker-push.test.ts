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
  windows: {
    url: string;
    focus: () => Promise<void>;
    postMessage: (m: unknown) => void;
    visibilityState?: 'visible' | 'hidden';
  }[] = [],
  pushManager: { subscribe?: (options: unknown) => Promise<unknown> } = {},
) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: 'https://radartornei.it' },
    registration: { showNotification, pushManager },
    navigator: { language: 'it-IT' },
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

  it('posts a push to a visible window of the app instead of showing a system notification', async () => {
    const postMessage = vi.fn();
    const hiddenPost = vi.fn();
    const focus = vi.fn(async () => {});
    const { dispatch, showNotification } = loadHandler([
      { url: 'https://radartornei.it/explore', focus, postMessage, visibilityState: 'visible' },
      { url: 'https://radartornei.it/home', focus, postMessage: hiddenPost, visibilityState: 'hidden' },
    ]);
    await dispatch(
      'push',
      pushEvent({
        notification: { title: 'N', body: 'N body' },
        data: { title: 'Nuovo documento', body: 'Tabellone', url: '/communication/7', notificationId: '7' },
      }),
    );
    expect(showNotification).not.toHaveBeenCalled();
    expect(postMessage).toHaveBeenCalledWith({
      type: 'in-app-notification',
      title: 'Nuovo documento',
      body: 'Tabellone',
      url: '/communication/7',
    });
    expect(hiddenPost).not.toHaveBeenCalled();
    // The spec's fallbacks and defaults hold for the banner too.
    await dispatch('push', { data: undefined });
    expect(postMessage).toHaveBeenLastCalledWith({
      type: 'in-app-notification',
      title: 'New Notification',
      body: '',
      url: '',
    });
  });

  it('with only hidden windows, shows the system notification', async () => {
    const postMessage = vi.fn();
    const { dispatch, showNotification } = loadHandler([
      {
        url: 'https://radartornei.it/home',
        focus: vi.fn(async () => {}),
        postMessage,
        visibilityState: 'hidden',
      },
    ]);
    await dispatch('push', pushEvent({ data: { title: 'Promemoria', body: 'Chiude domani' } }));
    expect(postMessage).not.toHaveBeenCalled();
    expect(showNotification).toHaveBeenCalledWith(
      'Promemoria',
      expect.objectContaining({ body: 'Chiude domani' }),
    );
  });

  it('on pushsubscriptionchange, subscribes again with the same key and registers the new subscription', async () => {
    const key = new Uint8Array([4, 1, 2, 3]).buffer;
    const fresh = { endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'p', auth: 'a' } };
    const subscribe = vi.fn(async () => ({ toJSON: () => fresh }));
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { dispatch } = loadHandler([], { subscribe });
    await dispatch('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey: key } } });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/notifications/device-token',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, { body: string }];
    const body = JSON.parse(init.body) as { token: string; deviceInfo: { language: string } };
    expect(JSON.parse(body.token)).toEqual(fresh);
    expect(body.deviceInfo.language).toBe('it-IT');
    vi.unstubAllGlobals();
  });
});
