import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_GROUPS,
  type NotificationPreferences,
} from '@radar/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { preferencesRoutes } from '../../../../test/fixtures/preferences';
import { browserWithPush, VAPID_KEY } from '../../../../test/fixtures/web-push';
import { stubRoutes } from '../../../../test/route-stub';
import { renderApp } from '../../../../test/test-utils';

function preferencesServer(initial: Partial<NotificationPreferences> = {}) {
  return preferencesRoutes('/api/notifications', initial, {
    'GET /api/notifications/device-tokens': () => ({ body: { tokens: [] } }),
  });
}

const switchNamed = async (name: string) =>
  (await screen.findByRole('switch', { name })) as HTMLButtonElement;

describe('Settings → Notifications', () => {
  it('shows an email and a push switch for every group, from the saved preferences', async () => {
    preferencesServer();
    renderApp('/settings?tab=notifications');
    expect(await screen.findByRole('tab', { name: 'Notifiche', selected: true })).toBeTruthy();
    expect((await switchNamed('Email: Nuovi tornei')).getAttribute('aria-checked')).toBe('true');
    expect((await switchNamed('Email: Tabelloni')).getAttribute('aria-checked')).toBe('false');
    // happy-dom has no Push API: the push column is off and disabled, and the tab says why.
    const push = await switchNamed('Push: Promemoria 5 ore prima');
    expect(push.getAttribute('aria-checked')).toBe('false');
    expect(push.disabled).toBe(true);
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_GROUPS.length * 2 + 2);
    expect(screen.getByText('Promemoria di chiusura iscrizioni')).toBeTruthy();
    expect(screen.getByText(/Questo browser non supporta le notifiche push/)).toBeTruthy();
  });

  it('saves one switch with one call, and the enable-all toggle with a bulk call', async () => {
    const calls = preferencesServer();
    renderApp('/settings?tab=notifications');
    const email = await switchNamed('Email: Nuovi tornei');
    fireEvent.click(email);
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/notifications/preferences',
      body: { group: 'new_tournaments', channel: 'email', enabled: false },
    });

    const all = await switchNamed('Attiva tutte le notifiche');
    expect(all.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(all);
    await waitFor(() => expect(all.getAttribute('aria-checked')).toBe('true'));
    const bulk = calls.find((c) => c.path === '/api/notifications/preferences/bulk');
    expect((bulk?.body as { preferences: unknown[] } | undefined)?.preferences).toHaveLength(
      NOTIFICATION_GROUPS.length * 2,
    );
    // Every email switch on; the push ones stay off (no push on this device).
    const emails = () => screen.getAllByRole('switch', { name: /^Email:/ });
    await waitFor(() => expect(emails().every((s) => s.getAttribute('aria-checked') === 'true')).toBe(true));
  });

  it('says no email goes out while the profile switch is off', async () => {
    preferencesServer({ emailNotifications: false });
    renderApp('/settings?tab=notifications');
    expect(await screen.findByText(/Le email sono disattivate nel tuo profilo/)).toBeTruthy();
  });

  it('goes back to the saved value when saving fails', async () => {
    const calls = stubRoutes({
      'GET /api/notifications/preferences': () => ({
        body: {
          emailNotifications: true,
          pushNotifications: false,
          preferences: NOTIFICATION_GROUPS.map((group) => ({
            group,
            ...DEFAULT_NOTIFICATION_PREFERENCES[group],
          })),
        },
      }),
      'PATCH /api/notifications/preferences': () => ({
        status: 500,
        body: { code: 'SERVER_ERROR', message: 'x', status: 500 },
      }),
      'GET /api/notifications/device-tokens': () => ({ body: { tokens: [] } }),
    });
    renderApp('/settings?tab=notifications');
    const push = await switchNamed('Email: Nuovi tornei');
    fireEvent.click(push);
    expect(await screen.findByText('Salvataggio delle preferenze non riuscito.')).toBeTruthy();
    await waitFor(() => expect(push.getAttribute('aria-checked')).toBe('true'));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});

describe('Settings → Notifications: push on this device, as it really is', () => {
  const TOKEN_ID = '22222222-2222-4222-8222-222222222222';
  const deviceSwitch = () => switchNamed('Notifiche push su questo dispositivo');

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(navigator, 'userAgent');
  });

  /** The push endpoints over one device list: registering adds this browser, deleting forgets it. */
  function pushServer(options: { registered?: boolean; pushNotifications?: boolean } = {}) {
    let tokens = options.registered
      ? [
          {
            id: TOKEN_ID,
            kind: 'webpush',
            active: true,
            deviceInfo: {},
            createdAt: '2026-11-01T10:00:00.000Z',
            lastSeenAt: '2026-11-01T10:00:00.000Z',
            deactivatedAt: null,
          },
        ]
      : [];
    if (options.registered) window.localStorage.setItem('pushDeviceTokenId', TOKEN_ID);
    const token = tokens[0] ?? {
      id: TOKEN_ID,
      kind: 'webpush',
      active: true,
      deviceInfo: {},
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-01T10:00:00.000Z',
      deactivatedAt: null,
    };
    return preferencesRoutes(
      '/api/notifications',
      { pushNotifications: options.pushNotifications ?? !!options.registered },
      {
        'GET /api/notifications/device-tokens': () => ({ body: { tokens } }),
        'GET /api/notifications/vapid-public-key': () => ({ body: { publicKey: VAPID_KEY } }),
        'POST /api/notifications/device-token': () => {
          tokens = [token];
          return { status: 201, body: token };
        },
        [`DELETE /api/notifications/device-token/${TOKEN_ID}`]: () => {
          tokens = [];
          return { status: 204 };
        },
      },
    );
  }

  it('permission not asked yet: off; turning it on asks, subscribes and registers, then the push column is live', async () => {
    const browser = browserWithPush({ permission: 'default', answer: 'granted' });
    const calls = pushServer();
    renderApp('/settings?tab=notifications');
    const device = await deviceSwitch();
    await waitFor(() => expect(device.disabled).toBe(false));
    expect(device.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Disattivate su questo dispositivo/)).toBeTruthy();
    expect((await switchNamed('Push: Promemoria 5 ore prima')).disabled).toBe(true);

    fireEvent.click(device);
    await waitFor(() => expect(device.getAttribute('aria-checked')).toBe('true'));
    expect(browser.prompts).toBe(1);
    expect(browser.hasSubscription()).toBe(true);
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/notifications/device-token'),
    ).toHaveLength(1);
    // The note follows the switch in a render of its own.
    expect(await screen.findByText('Le notifiche push sono attive su questo dispositivo.')).toBeTruthy();
    const push = await switchNamed('Push: Promemoria 5 ore prima');
    expect(push.disabled).toBe(false);
    expect(push.getAttribute('aria-checked')).toBe('true');
  });

  it('permission denied: off and disabled, saying how to allow it', async () => {
    browserWithPush({ permission: 'denied' });
    pushServer({ registered: true });
    renderApp('/settings?tab=notifications');
    const device = await deviceSwitch();
    expect(device.getAttribute('aria-checked')).toBe('false');
    expect(device.disabled).toBe(true);
    expect(screen.getByText(/Hai bloccato le notifiche per questo sito/)).toBeTruthy();
    expect((await switchNamed('Push: Promemoria 5 ore prima')).getAttribute('aria-checked')).toBe('false');
  });

  it('permission granted but no subscription: off, even if the account has push on', async () => {
    browserWithPush({ permission: 'granted' });
    const calls = pushServer({ registered: true });
    renderApp('/settings?tab=notifications');
    const device = await deviceSwitch();
    await waitFor(() => expect(device.disabled).toBe(false));
    expect(device.getAttribute('aria-checked')).toBe('false');
    expect((await switchNamed('Push: Promemoria 5 ore prima')).disabled).toBe(true);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/device-token')).toBe(
      false,
    );
  });

  it('a subscription the server does not know (push off for the account): off', async () => {
    browserWithPush({ permission: 'granted', existing: true });
    pushServer({ pushNotifications: false });
    renderApp('/settings?tab=notifications');
    const device = await deviceSwitch();
    await waitFor(() => expect(device.disabled).toBe(false));
    expect(device.getAttribute('aria-checked')).toBe('false');
  });

  it('a subscription the server lost while push is on for the account: registered again, then on', async () => {
    browserWithPush({ permission: 'granted', existing: true });
    const calls = pushServer({ pushNotifications: true });
    renderApp('/settings?tab=notifications');
    const device = await deviceSwitch();
    await waitFor(() => expect(device.getAttribute('aria-checked')).toBe('true'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/device-token')).toBe(true);
  });

  it('granted, subscribed and registered: on; turning it off unsubscribes and forgets this device', async () => {
    const browser = browserWithPush({ permission: 'granted', existing: true });
    const calls = pushServer({ registered: true });
    renderApp('/settings?tab=notifications');
    const device = await deviceSwitch();
    await waitFor(() => expect(device.getAttribute('aria-checked')).toBe('true'));
    expect((await switchNamed('Push: Promemoria 5 ore prima')).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(device);
    await waitFor(() => expect(device.getAttribute('aria-checked')).toBe('false'));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === `/api/notifications/device-token/${TOKEN_ID}`),
    ).toBe(true);
    expect(browser.hasSubscription()).toBe(false);
    expect(window.localStorage.getItem('pushDeviceTokenId')).toBeNull();
    // No start-up path subscribes this device again by itself.
    expect(window.localStorage.getItem('pushTurnedOffHere')).toBe('true');
    const push = await switchNamed('Push: Promemoria 5 ore prima');
    expect(push.getAttribute('aria-checked')).toBe('false');
    expect(push.disabled).toBe(true);
  });
});
