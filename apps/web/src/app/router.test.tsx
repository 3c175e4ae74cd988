import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRenderingOverHtml } from '@/lib/hydration';
import { type ApiCall, stubApi, testUser } from '../../test/api-stub';
import { pointerDownOptions, renderApp } from '../../test/test-utils';

const GREETING = 'Ciao, mario!';

describe('routing', () => {
  beforeEach(() => {
    stubApi({ 'GET /user': testUser({ username: 'mario' }) });
  });

  it('shows the full-screen spinner while the first screen loads', async () => {
    renderApp('/home');
    expect(screen.getByRole('status', { name: 'Caricamento…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: GREETING })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Caricamento…' })).toBeNull();
  });

  it('names the dashboard tab Home', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });
    await waitFor(() => expect(document.title).toBe('Home · Radar Tornei'));
  });

  it.each([
    ['/explore', 'Esplora i tornei'],
    ['/subscriptions', 'I miei tornei'],
    ['/filters', 'Filtri'],
    ['/settings', 'Impostazioni'],
    ['/whatsnew', 'Novità'],
    ['/communication', 'Notifiche'],
    ['/communication/42', 'Notifica'],
    ['/competition/abc-123', 'Torneo non trovato'],
    ['/privacy', 'Informativa sulla privacy'],
    ['/terms', 'Termini di servizio'],
    ['/contact', 'Contattaci'],
  ])('renders %s with its title', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} · Radar Tornei`));
  });

  it('says no notification is selected on the notifications list only', async () => {
    const { router } = renderApp('/communication');
    expect(await screen.findByText('Nessuna notifica selezionata')).toBeTruthy();

    await act(() => router.navigate('/communication/42'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifica' })).toBeTruthy();
    expect(screen.queryByText('Nessuna notifica selezionata')).toBeNull();
  });

  it('resets the scroll position to the top on every navigation', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });
    scrollTo.mockClear();

    await act(() => router.navigate('/filters'));
    await screen.findByRole('heading', { level: 1, name: 'Filtri' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: GREETING });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves a hydrated page where the visitor scrolled it, then starts new screens at the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    // The landing's hydration (main.tsx): its first render is over the prerendered HTML.
    setRenderingOverHtml(true);
    const { router } = renderApp('/privacy');
    try {
      await screen.findByRole('heading', { level: 1, name: 'Informativa sulla privacy' });
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      setRenderingOverHtml(false);
    }
    await act(() => router.navigate('/terms'));
    await screen.findByRole('heading', { level: 1, name: 'Termini di servizio' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('returns to where the user was when going back inside the app (a list after its detail)', async () => {
    let scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    const scrollTo = vi.fn((_x: number, y: number) => {
      scrollY = y;
    });
    vi.stubGlobal('scrollTo', scrollTo);
    try {
      const { router } = renderApp('/home');
      await screen.findByRole('heading', { level: 1, name: GREETING });
      // The user scrolls down the page, then opens another screen: it starts at the top.
      scrollY = 900;
      window.dispatchEvent(new Event('scroll'));
      await act(() => router.navigate('/filters'));
      await screen.findByRole('heading', { level: 1, name: 'Filtri' });
      expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

      await act(() => router.navigate(-1));
      await screen.findByRole('heading', { level: 1, name: GREETING });
      expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
      // Forward again: that screen was never scrolled, so its top.
      await act(() => router.navigate(1));
      await screen.findByRole('heading', { level: 1, name: 'Filtri' });
      expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    } finally {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0, writable: true });
    }
  });
});

describe('not-found page', () => {
  it('shows 404 for an unknown path and its back-home link returns to /', async () => {
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Torna alla home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Radar Tornei' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('signed-in layout', () => {
  beforeEach(() => {
    stubApi({ 'GET /user': testUser({ username: 'mario' }) });
  });

  const sections = ['Home', 'Esplora', 'I miei tornei', 'Filtri', 'Notifiche', 'Impostazioni', 'Novità'];

  it('has the logo, language and theme switchers and the navigation to every section', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Radar Tornei, home' }).getAttribute('href')).toBe(
      '/home',
    );
    expect(within(header).getByRole('button', { name: 'Lingua: IT' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Tema' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Account di mario' }).textContent).toContain('mario');

    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(sections);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/home',
      '/explore',
      '/subscriptions',
      '/filters',
      '/communication',
      '/settings',
      '/whatsnew',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it("the header's language switch, signed in, also saves the profile's language (the emails follow it)", async () => {
    const calls = stubApi({
      'GET /user': testUser({ username: 'mario' }),
      'PUT /profile': (call: ApiCall) => testUser({ username: 'mario', ...(call.body as object) }),
    });
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Lingua: IT' }), pointerDownOptions());
    const english = await screen.findByRole('menuitemradio', { name: 'English' });
    await act(async () => {
      fireEvent.click(english);
    });
    expect(await screen.findByRole('button', { name: 'Language: EN' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/profile', body: { language: 'en' } },
      ]),
    );
  });

  it('navigates between sections and marks the current one', async () => {
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });

    fireEvent.click(within(nav).getByRole('link', { name: 'Filtri' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Filtri' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/filters');
    expect(within(nav).getByRole('link', { name: 'Filtri' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens the mobile menu, navigates from it and closes it', async () => {
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });

    fireEvent.click(screen.getByRole('button', { name: 'Apri il menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Impostazioni' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Impostazioni' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows unread notifications on the phone header’s menu button, not only inside the menu', async () => {
    stubApi({
      'GET /user': testUser({ username: 'mario' }),
      'GET /notifications/unread-count': { unreadCount: 3 },
    });
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: GREETING });
    const menu = await screen.findByRole('button', { name: 'Apri il menu, notifiche non lette: 3' });
    expect(within(menu).getByTestId('menu-unread').textContent).toBe('3');
  });
});
