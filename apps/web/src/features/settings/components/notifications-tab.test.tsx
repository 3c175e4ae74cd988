import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_GROUPS,
  type NotificationPreferences,
} from '@radar/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferencesRoutes } from '../../../../test/fixtures/preferences';
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
    expect((await switchNamed('Push: Promemoria 5 ore prima')).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_GROUPS.length * 2 + 1);
    expect(screen.getByText('Promemoria di chiusura iscrizioni')).toBeTruthy();
    // happy-dom has no Push API: the tab says so instead of offering the button.
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
    await waitFor(() =>
      expect(screen.getAllByRole('switch').every((s) => s.getAttribute('aria-checked') === 'true')).toBe(
        true,
      ),
    );
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
    const push = await switchNamed('Push: Documenti');
    fireEvent.click(push);
    expect(await screen.findByText('Salvataggio delle preferenze non riuscito.')).toBeTruthy();
    await waitFor(() => expect(push.getAttribute('aria-checked')).toBe('true'));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});
