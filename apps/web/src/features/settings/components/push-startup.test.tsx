import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '../../../../test/api-stub';
import { browserWithPush, VAPID_KEY } from '../../../../test/fixtures/web-push';
import { stubRoutes } from '../../../../test/route-stub';
import { renderApp } from '../../../../test/test-utils';

function pushServer(pushNotifications: boolean) {
  // One user: registering turns push on, and the app reads the user again.
  const user = testUser({ pushNotifications });
  return stubRoutes({
    'GET /api/user': () => ({ body: user }),
    'GET /api/home': () => ({ body: {} }),
    'GET /api/notifications/unread-count': () => ({ body: { unreadCount: 0 } }),
    'GET /api/notifications/vapid-public-key': () => ({ body: { publicKey: VAPID_KEY } }),
    'POST /api/notifications/device-token': () => ({
      status: 201,
      body: {
        id: '11111111-1111-4111-8111-111111111111',
        kind: 'webpush',
        active: true,
        deviceInfo: {},
        createdAt: '2026-11-01T10:00:00.000Z',
        lastSeenAt: '2026-11-01T10:00:00.000Z',
        deactivatedAt: null,
      },
    }),
  });
}

const registrations = (calls: ReturnType<typeof stubRoutes>) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/notifications/device-token');

afterEach(() => {
  // Back to happy-dom's own navigator.
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

describe('web push on start and on return (spec §4)', () => {
  it('registers this browser again on start and on every return, when permission is granted', async () => {
    const browser = browserWithPush({ permission: 'granted', existing: true });
    const calls = pushServer(true);
    renderApp('/whatsnew');
    await waitFor(() => expect(registrations(calls)).toHaveLength(1));
    const [first] = registrations(calls);
    const body = first?.body as { token: string; deviceInfo: Record<string, unknown> };
    expect(JSON.parse(body.token)).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-0',
    });
    // Device info (spec §3) without empty fields.
    expect(body.deviceInfo).toMatchObject({ deviceId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(Object.values(body.deviceInfo).some((value) => value === '' || value === null)).toBe(false);
    expect(browser.subscribes).toBe(0);

    // The page is hidden, then visible again: registered once more.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(registrations(calls)).toHaveLength(2));
    Reflect.deleteProperty(document, 'visibilityState');
    // Never asked for permission: it was granted already.
    expect(browser.prompts).toBe(0);
  });

  it('subscribes anew when the browser dropped its subscription, in the installed Android app only', async () => {
    const app = browserWithPush({ permission: 'granted', existing: false, android: true, standalone: true });
    const calls = pushServer(true);
    const first = renderApp('/whatsnew');
    await waitFor(() => expect(registrations(calls)).toHaveLength(1));
    expect(app.subscribes).toBe(1);
    first.unmount();

    // A browser tab: nothing is made by itself (the user turns push on in Settings).
    const tab = browserWithPush({ permission: 'granted', existing: false });
    const tabCalls = pushServer(true);
    renderApp('/whatsnew');
    // The start-up path ran (it read the server key), and then found nothing to refresh.
    await waitFor(() =>
      expect(tabCalls.some((call) => call.path === '/api/notifications/vapid-public-key')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tab.subscribes).toBe(0);
    expect(registrations(tabCalls)).toEqual([]);
  });

  it('leaves this device alone once push was turned off for it in Settings', async () => {
    window.localStorage.setItem('pushTurnedOffHere', 'true');
    const app = browserWithPush({ permission: 'granted', existing: false, android: true, standalone: true });
    const calls = pushServer(true);
    renderApp('/whatsnew');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/notifications/unread-count')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.subscribes).toBe(0);
    expect(calls.some((call) => call.path === '/api/notifications/vapid-public-key')).toBe(false);
    expect(registrations(calls)).toEqual([]);
  });

  it('leaves push alone while the user turned it off, or without permission', async () => {
    browserWithPush({ permission: 'granted', existing: true });
    const off = pushServer(false);
    const first = renderApp('/whatsnew');
    await waitFor(() =>
      expect(off.some((call) => call.path === '/api/notifications/unread-count')).toBe(true),
    );
    expect(registrations(off)).toEqual([]);
    first.unmount();

    browserWithPush({ permission: 'denied', existing: true });
    const denied = pushServer(true);
    renderApp('/whatsnew');
    await waitFor(() =>
      expect(denied.some((call) => call.path === '/api/notifications/unread-count')).toBe(true),
    );
    expect(registrations(denied)).toEqual([]);
  });

  it('asks once, 2 s after sign-in, in the installed Android app, and registers when allowed', async () => {
    const browser = browserWithPush({
      permission: 'default',
      answer: 'granted',
      android: true,
      standalone: true,
    });
    const calls = pushServer(false);
    renderApp('/whatsnew');
    await waitFor(() => expect(browser.prompts).toBe(1), { timeout: 5000 });
    await waitFor(() => expect(registrations(calls)).toHaveLength(1));
    expect(window.localStorage.getItem('notificationPermissionRequested')).toBe('true');
  });

  // These wait past the 2 s prompt delay to see that no prompt comes.
  it('remembers a refusal and never asks again', { timeout: 15_000 }, async () => {
    const browser = browserWithPush({
      permission: 'default',
      answer: 'denied',
      android: true,
      standalone: true,
    });
    const calls = pushServer(false);
    const first = renderApp('/whatsnew');
    await waitFor(() => expect(browser.prompts).toBe(1), { timeout: 5000 });
    expect(window.localStorage.getItem('fcmDebugError')).toBe('Notification permission denied');
    first.unmount();

    // Next start: permission is back to "default" (the browser's quiet UI), but we asked already.
    browser.permission = 'default';
    const second = renderApp('/whatsnew');
    expect(await second.findByRole('heading', { level: 1 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(browser.prompts).toBe(1);
    expect(registrations(calls)).toEqual([]);
  });

  it('never asks by itself in a browser tab, or on a desktop install', { timeout: 15_000 }, async () => {
    const tab = browserWithPush({
      permission: 'default',
      answer: 'granted',
      android: true,
      standalone: false,
    });
    pushServer(false);
    const view = renderApp('/whatsnew');
    expect(await view.findByRole('heading', { level: 1 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(tab.prompts).toBe(0);
    view.unmount();

    const desktop = browserWithPush({ permission: 'default', answer: 'granted', standalone: true });
    pushServer(false);
    const desktopView = renderApp('/whatsnew');
    expect(await desktopView.findByRole('heading', { level: 1 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(desktop.prompts).toBe(0);
  });
});
