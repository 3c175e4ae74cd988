import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../../test/api-stub';
import { savedFilter } from '../../../../test/fixtures/filters';
import { pointerDownOptions, renderApp } from '../../../../test/test-utils';

describe('dashboard', () => {
  it('greets the user by name and offers the quick actions of spec §2', async () => {
    stubApi({ 'GET /user': testUser({ username: 'giulia' }) });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, giulia!' })).toBeTruthy();
    const actions = within(screen.getByRole('region', { name: 'Azioni rapide' }));
    const links = actions.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/explore',
      '/filters?new=1',
      '/settings',
      '/contact',
    ]);
    expect(actions.getByRole('link', { name: /Esplora i tornei/ })).toBeTruthy();
    expect(actions.getByRole('link', { name: /Crea un filtro/ })).toBeTruthy();
    expect(actions.getByRole('link', { name: /Gestisci le impostazioni/ })).toBeTruthy();
    expect(actions.getByRole('link', { name: /Contattaci/ })).toBeTruthy();
  });
});

describe('dashboard active filters card', () => {
  it('counts the active filters out of all of them and links to the filters screen', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /filters': {
        items: [
          savedFilter({ name: 'A' }),
          savedFilter({ name: 'B' }),
          savedFilter({ name: 'C', notificationsEnabled: false }),
        ],
      },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Filtri attivi' }, { timeout: 5_000 }));
    expect((await card.findByText('2')).nextElementSibling?.textContent).toBe('su 3 filtri');
    expect(card.getByRole('link', { name: /Gestisci i filtri/ }).getAttribute('href')).toBe('/filters');
  });

  it('offers to create a filter when there is none, opening the wizard', async () => {
    stubApi({
      'GET /user': testUser(),
      'GET /filters': { items: [] },
      'GET /reference/geo': { regions: [], provinces: [] },
    });
    renderApp('/home');
    const card = within(await screen.findByRole('region', { name: 'Filtri attivi' }, { timeout: 5_000 }));
    expect(await card.findByText('Nessun filtro salvato')).toBeTruthy();
    await act(async () => {
      fireEvent.click(card.getByRole('link', { name: /Crea un filtro/ }));
    });
    expect(await screen.findByRole('dialog', { name: 'Nuovo filtro' }, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('account menu', () => {
  it('shows who is signed in and signs out to the login', async () => {
    const calls = stubApi({
      'GET /user': testUser({ username: 'giulia', email: 'g@example.it' }),
      'POST /logout': null,
    });
    const { router, queryClient } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Ciao, giulia!' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account di giulia' }), pointerDownOptions());
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('g@example.it');
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Esci' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/logout')).toBe(true);
    expect(queryClient.getQueryData(['user'])).toBeNull();
  });
});
