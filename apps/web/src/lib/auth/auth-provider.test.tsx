import { HIDDEN_REFETCH_MINUTES, STORAGE_KEYS } from '@radar/shared';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataProviders } from '@/app/data-layer';
import { AppProviders } from '@/app/providers';
import { apiClient } from '@/lib/api-client';
import { i18n, setLanguage } from '@/lib/i18n';
import { QUERY_CACHE_STORAGE_KEY } from '@/lib/query-cache-storage';
import { createQueryClient } from '@/lib/query-client';
import { type ApiCall, apiError, stubApi, testUser } from '../../../test/api-stub';
import { filterKeys, profileKey, subscriptionKeys } from '../query-keys';
import { type AuthContextValue, AuthProvider, useAuth } from './auth-provider';
import { getSession, SESSION_STORAGE_KEY } from './session-store';

/** The latest auth state the probe saw. */
const current: { auth: AuthContextValue | null } = { auth: null };

function Probe() {
  const auth = useAuth();
  current.auth = auth;
  return <p>{auth.status === 'signedIn' ? `signed in as ${auth.user?.username}` : auth.status}</p>;
}

function renderAuth() {
  const queryClient = createQueryClient();
  current.auth = null;
  render(
    <AppProviders queryClient={queryClient}>
      <DataProviders>
        <Probe />
      </DataProviders>
    </AppProviders>,
  );
  return {
    queryClient,
    get auth(): AuthContextValue {
      if (!current.auth) throw new Error('not rendered');
      return current.auth;
    },
  };
}

const userCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/user').length;

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The saved filters' browser copy (features/filters/api/local-cache.ts), cleared through AppProviders. */
const FILTERS_STORAGE_KEY = 'radar.filters';

const stored = (key: string) => window.localStorage.getItem(key);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('AuthProvider', () => {
  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
    // No query client needed: the session is a store of its own (decision 160).
    expect(() =>
      renderHook(() => useAuth(), { wrapper: ({ children }) => <AuthProvider>{children}</AuthProvider> }),
    ).not.toThrow();
  });

  it('loads, then is signed in with the user, or signed out on 401', async () => {
    stubApi({ 'GET /user': testUser({ username: 'giulia' }) });
    renderAuth();
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('signed in as giulia')).toBeTruthy();
  });

  it('is signed out for a visitor, with one session probe and no console error (decision 150)', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const calls = stubApi();
    renderAuth();
    expect(await screen.findByText('signedOut')).toBeTruthy();
    expect(userCalls(calls)).toBe(1);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    expect(stored(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the signed-in user for the landing’s script and an offline start', async () => {
    stubApi({ 'GET /user': testUser({ username: 'giulia' }) });
    renderAuth();
    await screen.findByText('signed in as giulia');
    expect(JSON.parse(stored(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ user: { username: 'giulia' } });
  });

  it('opens offline signed in as the user last known, and stays so while the server is out of reach', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ user: testUser({ username: 'sara' }), savedAt: Date.now() }),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderAuth();
    expect(screen.getByText('signed in as sara')).toBeTruthy();
    // The probe and its one retry fail: the user stays.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    expect(screen.getByText('signed in as sara')).toBeTruthy();
  });

  it('online, a stored user counts for nothing until the server says so', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ user: testUser({ username: 'sara' }), savedAt: Date.now() }),
    );
    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, '{}');
    stubApi();
    renderAuth();
    expect(screen.getByText('loading')).toBeTruthy();
    // The session ended meanwhile: its copies go too.
    expect(await screen.findByText('signedOut')).toBeTruthy();
    expect(stored(SESSION_STORAGE_KEY)).toBeNull();
    expect(stored(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });

  it('signs out when any call answers 401, clearing every cached answer', async () => {
    stubApi({ 'GET /user': testUser(), 'GET /filters': apiError('UNAUTHORIZED', 401) });
    const view = renderAuth();
    await screen.findByText('signed in as mario');
    view.queryClient.setQueryData(filterKeys.all, [{ id: 1 }]);
    await act(async () => {
      await expect(apiClient.get('/filters')).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByText('signedOut')).toBeTruthy();
    expect(view.queryClient.getQueryData(filterKeys.all)).toBeUndefined();
    expect(getSession().signedOutByUser).toBe(false);
  });

  it('on a 401 forgets the browser copies at once: the session, the persisted cache, the saved filters', async () => {
    stubApi({ 'GET /user': testUser(), 'GET /profile': apiError('UNAUTHORIZED', 401) });
    renderAuth();
    await screen.findByText('signed in as mario');
    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, '{"clientState":{"queries":[]}}');
    window.localStorage.setItem(FILTERS_STORAGE_KEY, '{}');
    expect(stored(SESSION_STORAGE_KEY)).not.toBeNull();
    await act(async () => {
      await expect(apiClient.get('/profile')).rejects.toMatchObject({ status: 401 });
    });
    expect(stored(SESSION_STORAGE_KEY)).toBeNull();
    expect(stored(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    expect(stored(FILTERS_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('signedOut')).toBeTruthy();
  });

  it('refetches the user at most every 2 seconds, sharing concurrent requests', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const calls = stubApi({ 'GET /user': testUser() });
    const view = renderAuth();
    await screen.findByText('signed in as mario');
    expect(userCalls(calls)).toBe(1);

    // Within 2 s of the last fetch: the cached user, no request.
    await act(() => view.auth.refreshUser());
    expect(userCalls(calls)).toBe(1);

    vi.setSystemTime(new Date('2026-11-22T10:00:03Z'));
    await act(async () => {
      const [a, b, c] = await Promise.all([
        view.auth.refreshUser(),
        view.auth.refreshUser(),
        view.auth.refreshUser(),
      ]);
      expect(a).toEqual(b);
      expect(b).toEqual(c);
    });
    expect(userCalls(calls)).toBe(2);
    await act(() => view.auth.refreshUser());
    expect(userCalls(calls)).toBe(2);
    await act(() => view.auth.refreshUser({ force: true }));
    expect(userCalls(calls)).toBe(3);
  });

  it('refetches user and profile after more than 300 minutes hidden, not after less', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const calls = stubApi({ 'GET /user': testUser(), 'GET /profile': testUser() });
    const view = renderAuth();
    await screen.findByText('signed in as mario');
    view.queryClient.setQueryData(profileKey, testUser());

    setVisibility('hidden');
    vi.setSystemTime(new Date(Date.now() + 60 * 60_000));
    act(() => setVisibility('visible'));
    expect(userCalls(calls)).toBe(1);
    expect(view.queryClient.getQueryState(profileKey)?.isInvalidated).toBe(false);

    setVisibility('hidden');
    vi.setSystemTime(new Date(Date.now() + (HIDDEN_REFETCH_MINUTES + 1) * 60_000));
    act(() => setVisibility('visible'));
    await waitFor(() => expect(userCalls(calls)).toBe(2));
    expect(view.queryClient.getQueryState(profileKey)?.isInvalidated).toBe(true);
  });

  it('signs out on the server and forgets every cached answer', async () => {
    const calls = stubApi({ 'GET /user': testUser(), 'POST /logout': null });
    const view = renderAuth();
    await screen.findByText('signed in as mario');
    view.queryClient.setQueryData(subscriptionKeys.all, ['x']);
    await act(() => view.auth.signOut());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/logout' });
    expect(await screen.findByText('signedOut')).toBeTruthy();
    expect(view.queryClient.getQueryData(subscriptionKeys.all)).toBeUndefined();
    expect(stored(SESSION_STORAGE_KEY)).toBeNull();
    // The signed-in routes now lead to the landing, not to the login.
    expect(view.auth.signedOutByUser).toBe(true);
  });

  it('takes the user a login answered (login reloads the user)', async () => {
    stubApi();
    const view = renderAuth();
    await screen.findByText('signedOut');
    act(() => view.auth.setUser(testUser({ username: 'luca' })));
    expect(await screen.findByText('signed in as luca')).toBeTruthy();
    expect(JSON.parse(stored(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ user: { username: 'luca' } });
  });

  describe('language after sign-in (spec §9: the stored choice first)', () => {
    afterEach(async () => {
      await setLanguage('it');
    });

    it('takes the profile’s language when the user signs in on this browser, and keeps it', async () => {
      await setLanguage('it');
      stubApi();
      const view = renderAuth();
      await screen.findByText('signedOut');
      act(() => view.auth.setUser(testUser({ username: 'emma', language: 'en' })));
      await screen.findByText('signed in as emma');
      await waitFor(() => expect(i18n.language).toBe('en'));
      expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    });

    it('follows the profile on a new device (nothing stored), not over a stored choice', async () => {
      window.localStorage.removeItem(STORAGE_KEYS.language);
      stubApi({ 'GET /user': testUser({ language: 'en' }) });
      renderAuth();
      await screen.findByText('signed in as mario');
      await waitFor(() => expect(i18n.language).toBe('en'));
    });

    it('keeps the language chosen on this device when a session is found at start', async () => {
      await setLanguage('it');
      stubApi({ 'GET /user': testUser({ language: 'en' }) });
      renderAuth();
      await screen.findByText('signed in as mario');
      expect(i18n.language).toBe('it');
    });
  });
});
