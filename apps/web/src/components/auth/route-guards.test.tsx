import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { resetSessionStore, setUser } from '@/lib/auth/session-store';
import { holdFrame } from '@/lib/prerendered-frame';
import { apiError, stubApi, testUser } from '../../../test/api-stub';
import { renderApp } from '../../../test/test-utils';
import { RequireAuth } from './route-guards';

// The full-screen spinner holds the prerendered frame while it is mounted: a count of its mounts.
vi.mock('@/lib/prerendered-frame', async (original) => {
  const actual = await original<typeof import('@/lib/prerendered-frame')>();
  return { ...actual, holdFrame: vi.fn(actual.holdFrame) };
});

const signedIn = () => stubApi({ 'GET /user': testUser({ username: 'mario' }) });
const pathOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('routing rules of spec §2', () => {
  it.each(['/home', '/settings?tab=account', '/competition/abc-123', '/communication/7'])(
    'sends a visitor from %s to the login, to come back afterwards',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeTruthy();
      expect(pathOf(router)).toBe(`/auth/login?redirect=${encodeURIComponent(path)}`);
    },
  );

  it('shows the spinner while the user loads, then the signed-in screen', async () => {
    let answer: (value: Response) => void = () => {};
    stubApi({ 'GET /user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/home');
    expect(screen.getByRole('status', { name: 'Caricamento…' })).toBeTruthy();
    await act(async () => {
      answer(new Response(JSON.stringify(testUser({ username: 'anna' })), { status: 200 }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, anna!' })).toBeTruthy();
  });

  it('sends a signed-in user from the landing and the auth screens to /home', async () => {
    for (const path of ['/', '/auth/login', '/auth/register', '/auth/verify', '/auth/reset-password']) {
      signedIn();
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, mario!' })).toBeTruthy();
      expect(router.state.location.pathname, path).toBe('/home');
      unmount();
    }
  });

  it('follows the redirect value only when it starts with /', async () => {
    signedIn();
    const { router, unmount } = renderApp('/auth/login?redirect=%2Ffilters%3Fnew%3D1');
    // `?new=1` opens the filter wizard over the filters screen.
    expect(await screen.findByRole('dialog', { name: 'Nuovo filtro' })).toBeTruthy();
    expect(pathOf(router)).toBe('/filters?new=1');
    unmount();

    for (const unsafe of ['https://evil.example/home', '//evil.example', 'filters']) {
      signedIn();
      const view = renderApp(`/auth/login?redirect=${encodeURIComponent(unsafe)}`);
      await screen.findByRole('heading', { level: 1, name: 'Ciao, mario!' });
      expect(view.router.state.location.pathname, unsafe).toBe('/home');
      view.unmount();
    }
  });

  it('keeps public pages open to everybody', async () => {
    renderApp('/goodbye');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Il tuo account è stato eliminato' }),
    ).toBeTruthy();
  });

  it('returns to the location remembered when the page was hidden', async () => {
    signedIn();
    const { router } = renderApp('/filters');
    await screen.findByRole('heading', { level: 1, name: 'Filtri' });
    act(() => setVisibility('hidden'));
    expect(window.sessionStorage.getItem('lastLocation')).toBe('/filters');

    await act(() => router.navigate('/explore'));
    await act(async () => setVisibility('visible'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/filters'));
  });
});

describe('auth callback links handed to the app', () => {
  it('validates the session on success and goes home', async () => {
    const calls = signedIn();
    const link = encodeURIComponent('web+radartornei://auth/success?token=abc');
    const { router } = renderApp(`/?authLink=${link}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao, mario!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(calls.filter((call) => call.path === '/user').length).toBeGreaterThanOrEqual(2);
  });

  it('goes to the login with the error on failure', async () => {
    const link = encodeURIComponent('web+radartornei://auth/error?message=access_denied');
    const { router } = renderApp(`/?authLink=${link}`);
    expect(await screen.findByText('Accesso annullato: non hai dato il consenso.')).toBeTruthy();
    expect(pathOf(router)).toBe('/auth/login?error=access_denied');
  });

  it('shows unknown_error for an error it does not know', async () => {
    stubApi({ 'GET /user': apiError('UNAUTHORIZED', 401) });
    renderApp('/auth/login?error=something%20odd');
    expect(await screen.findByText('Accesso non riuscito. Riprova.')).toBeTruthy();
  });

  it('drops a link that is not an auth callback', async () => {
    const { router } = renderApp(`/?authLink=${encodeURIComponent('https://example.org')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Radar Tornei' })).toBeTruthy();
    expect(pathOf(router)).toBe('/');
  });
});

describe('RequireAuth', () => {
  afterEach(() => {
    resetSessionStore();
  });

  it('mounted with the session already known, shows the spinner first and renders the screen behind it (decision 178)', async () => {
    // The session is known before the guard mounts (the probe answered during the first render).
    stubApi({ 'GET /user': testUser() });
    setUser(testUser());
    vi.mocked(holdFrame).mockClear();
    const router = createMemoryRouter(
      [{ element: <RequireAuth />, children: [{ path: '/explore', element: <h1>Esplora i tornei</h1> }] }],
      { initialEntries: ['/explore'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Esplora i tornei' })).toBeTruthy();
    // The screen came in a render of its own: the spinner was committed before it.
    expect(vi.mocked(holdFrame)).toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
