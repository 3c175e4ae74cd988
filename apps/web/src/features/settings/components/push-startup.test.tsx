import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../test/api-stub';
import { browserWithPush, VAPID_KEY } from '../../../../test/fixtures/web-push';
import { stubRoutes } from '../../../../test/route-stub';
import { renderApp } from '../../../../test/test-utils';
import { PUSH_PROMPT_DELAY_MS, pushStartupIdle } from './push-startup';

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

const keyReads = (calls: ReturnType<typeof stubRoutes>) =>
  calls.filter((call) => call.path === '/api/notifications/vapid-public-key');

/**
 * The prompt's delay on a fake clock (it still moves with real time, so the rest of the app
 * runs as usual): the tests jump past it instead of waiting for it.
 */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

/** Moves the fake clock by `ms`, then waits for the start-up work that began to finish. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await pushStartupIdle();
  });

/** Waits until the start-up work of the signed-in shell (PushStartup's effect) ran. */
const signedIn = async (calls: ReturnType<typeof stubRoutes>) => {
  await waitFor(() =>
    expect(calls.some((call) => call.path === '/api/notifications/unread-count')).toBe(true),
  );
  await act(() => pushStartupIdle());
};

afterEach(() => {
  vi.useRealTimers();
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
    await waitFor(() => expect(keyReads(tabCalls)).toHaveLength(1));
    await act(() => pushStartupIdle());
    expect(tab.subscribes).toBe(0);
    expect(registrations(tabCalls)).toEqual([]);
  });

  it('leaves this device alone once push was turned off for it in Settings', async () => {
    window.localStorage.setItem('pushTurnedOffHere', 'true');
    const app = browserWithPush({ permission: 'granted', existing: false, android: true, standalone: true });
    const calls = pushServer(true);
    renderApp('/whatsnew');
    await signedIn(calls);
    expect(app.subscribes).toBe(0);
    expect(keyReads(calls)).toEqual([]);
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
    fakeClock();
    const calls = pushServer(false);
    renderApp('/whatsnew');
    await signedIn(calls);
    await advance(PUSH_PROMPT_DELAY_MS);
    expect(browser.prompts).toBe(1);
    expect(registrations(calls)).toHaveLength(1);
    expect(window.localStorage.getItem('notificationPermissionRequested')).toBe('true');
  });

  // These move the fake clock past the 2 s prompt delay to see that no prompt comes.
  it('remembers a refusal and never asks again', async () => {
    const browser = browserWithPush({
      permission: 'default',
      answer: 'denied',
      android: true,
      standalone: true,
    });
    fakeClock();
    const calls = pushServer(false);
    const first = renderApp('/whatsnew');
    await signedIn(calls);
    await advance(PUSH_PROMPT_DELAY_MS);
    expect(browser.prompts).toBe(1);
    expect(window.localStorage.getItem('fcmDebugError')).toBe('Notification permission denied');
    first.unmount();

    // Next start: permission is back to "default" (the browser's quiet UI), but we asked already.
    browser.permission = 'default';
    const again = pushServer(false);
    const second = renderApp('/whatsnew');
    expect(await second.findByRole('heading', { level: 1 })).toBeTruthy();
    await signedIn(again);
    await advance(PUSH_PROMPT_DELAY_MS);
    expect(browser.prompts).toBe(1);
    expect(keyReads(again)).toEqual([]);
    expect(registrations(again)).toEqual([]);
  });

  it('never asks by itself in a browser tab, or on a desktop install', async () => {
    fakeClock();
    const tab = browserWithPush({
      permission: 'default',
      answer: 'granted',
      android: true,
      standalone: false,
    });
    const tabCalls = pushServer(false);
    const view = renderApp('/whatsnew');
    expect(await view.findByRole('heading', { level: 1 })).toBeTruthy();
    await signedIn(tabCalls);
    await advance(PUSH_PROMPT_DELAY_MS);
    expect(tab.prompts).toBe(0);
    expect(keyReads(tabCalls)).toEqual([]);
    view.unmount();

    const desktop = browserWithPush({ permission: 'default', answer: 'granted', standalone: true });
    const desktopCalls = pushServer(false);
    const desktopView = renderApp('/whatsnew');
    expect(await desktopView.findByRole('heading', { level: 1 })).toBeTruthy();
    await signedIn(desktopCalls);
    await advance(PUSH_PROMPT_DELAY_MS);
    expect(desktop.prompts).toBe(0);
    expect(keyReads(desktopCalls)).toEqual([]);
  });
});
