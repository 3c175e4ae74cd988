import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/auth/session-store';
import { i18n } from '@/lib/i18n';
import { type ApiCall, apiError, stubApi, testUser } from '../../../../test/api-stub';
import { pointerDownOptions, renderApp } from '../../../../test/test-utils';

const lastCall = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).at(-1);
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const openTab = async (name: string) => {
  const tab = await screen.findByRole('tab', { name });
  await act(async () => {
    fireEvent.mouseDown(tab, pointerDownOptions());
  });
};

describe('settings', () => {
  it('has the tabs Profile, FITP, Notifications and Account, and opens one from ?tab=', async () => {
    const user = testUser();
    stubApi({ 'GET /user': user, 'GET /profile': user });
    const { router } = renderApp('/settings');
    const tabs = within(await screen.findByRole('tablist', { name: 'Sezioni delle impostazioni' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profilo',
      'FITP',
      'Notifiche',
      'Account',
    ]);
    expect(tabs.getByRole('tab', { name: 'Profilo' }).getAttribute('aria-selected')).toBe('true');

    await openTab('Account');
    expect(router.state.location.search).toBe('?tab=account');
    expect(await screen.findByRole('heading', { name: 'Elimina l’account' })).toBeTruthy();
  });

  it('shows the profile with a read-only username and saves language and email notifications', async () => {
    const user = testUser({ username: 'mario', email: 'mario@example.it' });
    const calls = stubApi({
      'GET /user': user,
      'GET /profile': user,
      'PUT /profile': (call: ApiCall) => ({ ...user, ...(call.body as object) }),
    });
    renderApp('/settings');
    const username = (await screen.findByLabelText('Nome utente')) as HTMLInputElement;
    expect(username.value).toBe('mario');
    expect(username.readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('mario@example.it');

    fireEvent.change(screen.getByLabelText('Lingua preferita'), { target: { value: 'en' } });
    await click(screen.getByRole('switch', { name: 'Notifiche via email' }));
    await click(screen.getByRole('button', { name: 'Salva le modifiche' }));

    await waitFor(() =>
      expect(lastCall(calls, 'PUT', '/profile')?.body).toEqual({ language: 'en', emailNotifications: false }),
    );
    // The interface follows the preferred language.
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(await screen.findByText('Profile updated')).toBeTruthy();
  });

  it('changes the password and shows a wrong current password on its field', async () => {
    let answer: unknown = apiError('WRONG_PASSWORD', 400);
    const calls = stubApi({ 'GET /user': testUser(), 'POST /profile/change-password': () => answer });
    renderApp('/settings?tab=account');
    await screen.findByRole('heading', { name: 'Cambia password' });
    fireEvent.change(screen.getByLabelText('Password attuale'), { target: { value: 'Vecchia123' } });
    fireEvent.change(screen.getByLabelText('Nuova password'), { target: { value: 'corta' } });
    fireEvent.change(screen.getByLabelText('Conferma la password'), { target: { value: 'corta' } });
    await click(screen.getByRole('button', { name: 'Aggiorna la password' }));
    expect(
      await screen.findByText('Usa almeno 8 caratteri, con una lettera maiuscola, una minuscola e un numero'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Nuova password'), { target: { value: 'Nuova2024' } });
    fireEvent.change(screen.getByLabelText('Conferma la password'), { target: { value: 'Nuova2024' } });
    await click(screen.getByRole('button', { name: 'Aggiorna la password' }));
    expect(await screen.findByText('Password errata.')).toBeTruthy();
    expect(screen.getByLabelText('Password attuale').getAttribute('aria-invalid')).toBe('true');

    answer = null;
    await click(screen.getByRole('button', { name: 'Aggiorna la password' }));
    expect(
      await screen.findByText('Password aggiornata. Gli altri dispositivi sono stati disconnessi.'),
    ).toBeTruthy();
    expect(lastCall(calls, 'POST', '/profile/change-password')?.body).toEqual({
      currentPassword: 'Vecchia123',
      newPassword: 'Nuova2024',
      confirmPassword: 'Nuova2024',
    });
  });

  it('does not ask an account without a password for the current one', async () => {
    stubApi({ 'GET /user': testUser({ hasPassword: false }) });
    renderApp('/settings?tab=account');
    await screen.findByRole('heading', { name: 'Cambia password' });
    expect(screen.queryByLabelText('Password attuale')).toBeNull();
    expect(screen.getByText(/Hai creato l’account con Google o Apple/)).toBeTruthy();
  });

  it('signs out on every device after a confirmation, then shows the login', async () => {
    const calls = stubApi({ 'GET /user': testUser(), 'POST /profile/logout-all': null });
    const { router } = renderApp('/settings?tab=account');
    await click(await screen.findByRole('button', { name: 'Esci da tutti i dispositivi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uscire da tutti i dispositivi?' });
    await click(within(dialog).getByRole('button', { name: 'Esci ovunque' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(lastCall(calls, 'POST', '/profile/logout-all')).toBeTruthy();
  });

  it('deletes the account only once the confirmation word is typed, then says goodbye', async () => {
    const calls = stubApi({ 'GET /user': testUser(), 'DELETE /profile': null });
    const { router } = renderApp('/settings?tab=account');
    const field = await screen.findByLabelText('Scrivi ELIMINA per confermare');
    const button = screen.getByRole('button', { name: 'Elimina definitivamente' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'elimin' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: 'ELIMINA' } });
    expect(button.hasAttribute('disabled')).toBe(false);
    await click(button);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Il tuo account è stato eliminato' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/goodbye');
    expect(lastCall(calls, 'DELETE', '/profile')?.body).toEqual({ confirmation: 'ELIMINA' });
    await waitFor(() => expect(getSession().user).toBeNull());
    expect(router.state.location.pathname).toBe('/goodbye');
  });

  it('shows an error when the deletion fails, and stays', async () => {
    stubApi({ 'GET /user': testUser(), 'DELETE /profile': apiError('SERVER_ERROR', 500) });
    const { router } = renderApp('/settings?tab=account');
    fireEvent.change(await screen.findByLabelText('Scrivi ELIMINA per confermare'), {
      target: { value: 'ELIMINA' },
    });
    await click(screen.getByRole('button', { name: 'Elimina definitivamente' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Errore del server. Riprova più tardi.');
    expect(router.state.location.pathname).toBe('/settings');
  });
});
