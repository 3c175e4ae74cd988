import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferencesRoutes } from '../../../test/fixtures/preferences';
import { stubRoutes } from '../../../test/route-stub';
import { renderApp } from '../../../test/test-utils';

const TOKEN = 'v1.token';
const base = `/api/notifications/unsubscribe/${TOKEN}`;

function linkServer() {
  return preferencesRoutes(
    base,
    { account: { username: 'giulia', email: 'gi•••@example.it' } },
    { [`DELETE ${base}/account`]: () => ({ status: 204 }) },
  );
}

describe('unsubscribe page', () => {
  it('manages the link user’s emails without logging in', async () => {
    const calls = linkServer();
    renderApp(`/unsubscribe?token=${TOKEN}&groups=new_tournaments`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Preferenze email' })).toBeTruthy();
    expect(await screen.findByText('Account: giulia (gi•••@example.it)')).toBeTruthy();
    // Email switches only: push is not managed from an email link.
    expect(screen.queryByRole('switch', { name: /^Push:/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Non ricevere più email per: Nuovi tornei' }));
    expect(await screen.findByText('Fatto: non riceverai più email per Nuovi tornei.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `${base}/preferences`,
      body: { group: 'new_tournaments', channel: 'email', enabled: false },
    });
    expect(screen.getByRole('switch', { name: 'Email: Nuovi tornei' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Email: Novità della piattaforma' }));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Email: Novità della piattaforma' }).getAttribute('aria-checked'),
      ).toBe('false'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Disattiva tutte le email' }));
    expect(await screen.findByText('Fatto: non riceverai più email di notifica.')).toBeTruthy();
    expect(screen.getAllByRole('switch').every((s) => s.getAttribute('aria-checked') === 'false')).toBe(true);
  });

  it.each([
    [400, 'UNSUBSCRIBE_TOKEN_INVALID', 'Questo link non è valido o è stato modificato.'],
    [410, 'UNSUBSCRIBE_TOKEN_EXPIRED', 'Questo link è scaduto.'],
    [404, 'UNSUBSCRIBE_USER_NOT_FOUND', 'L’account di questo link non esiste più.'],
  ])('explains a %s %s link', async (status, code, text) => {
    stubRoutes({ [`GET ${base}/preferences`]: () => ({ status, body: { code, message: code, status } }) });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('treats a link without a token as invalid', async () => {
    renderApp('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toContain('Questo link non è valido');
  });

  it('deletes the account after the confirmation word, then shows the goodbye screen', async () => {
    const calls = linkServer();
    const { router } = renderApp(`/unsubscribe?token=${TOKEN}`);
    const input = await screen.findByLabelText('Per confermare scrivi ELIMINA');
    const button = screen.getByRole('button', { name: 'Elimina l’account' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'elimin' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'elimina' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    // The goodbye screen, as after a deletion from Settings.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Il tuo account è stato eliminato' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/goodbye');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${base}/account`]);
  });

  it('says deletion failed and to try later', async () => {
    stubRoutes({
      [`GET ${base}/preferences`]: () => ({
        body: {
          emailNotifications: true,
          pushNotifications: false,
          preferences: [],
          account: { username: 'giulia', email: 'gi•••@example.it' },
        },
      }),
      [`DELETE ${base}/account`]: () => ({
        status: 500,
        body: { code: 'SERVER_ERROR', message: 'x', status: 500 },
      }),
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText('Per confermare scrivi ELIMINA'), {
      target: { value: 'ELIMINA' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Elimina l’account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Eliminazione non riuscita. Riprova più tardi.',
    );
  });
});
