import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HANDOFF_PARAMS } from '@/features/settings/lib/native-handoff';
import { onboardingStorageKey } from '@/features/shell/lib/onboarding';
import { setUser } from '@/lib/auth/session-store';
import { apiError, stubApi, testUser } from '../../test/api-stub';
import { renderApp } from '../../test/test-utils';

/** The first screen loads its lazy route modules: slow on a busy machine. */

const key = (target: Element | Document, eventKey: string, code = '') => {
  fireEvent.keyDown(target, { key: eventKey, code });
  fireEvent.keyUp(target, { key: eventKey, code });
};

describe('onboarding guide', () => {
  it('opens once after a sign-in, walks the three steps, and the help icon reopens it', async () => {
    const user = testUser();
    let signedIn = false;
    stubApi({ 'GET /user': () => (signedIn ? user : apiError('UNAUTHORIZED', 401)) });
    const { router } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1 });
    // The login form's answer: the user is signed in and goes on to the app.
    signedIn = true;
    act(() => {
      setUser(user);
    });
    await act(() => router.navigate('/whatsnew'));

    const guide = await screen.findByRole('dialog', { name: 'Crea i tuoi filtri' });
    expect(within(guide).getByText('Passo 1 di 3')).not.toBeNull();
    fireEvent.click(within(guide).getByRole('button', { name: 'Avanti' }));
    expect(screen.getByRole('dialog', { name: 'Ricevi le notifiche' })).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Avanti' }));
    const last = screen.getByRole('dialog', { name: 'Segui i tornei' });
    // In tennis "iscriversi" is entering a tournament: step 3 says follow.
    expect(last.textContent).toContain('Segui i tornei che ti interessano');
    expect(last.textContent).not.toMatch(/iscriviti/i);
    fireEvent.click(within(last).getByRole('button', { name: 'Inizia' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(onboardingStorageKey(user.id))).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Guida introduttiva' }));
    expect(await screen.findByRole('dialog', { name: 'Crea i tuoi filtri' })).not.toBeNull();
  });

  it('does not open by itself for a session already in place', async () => {
    stubApi({ 'GET /user': testUser() });
    renderApp('/whatsnew');
    await screen.findByRole('button', { name: 'Guida introduttiva' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('keyboard shortcuts', () => {
  it('? lists them, g then a letter navigates, / goes to the search, m opens the menu', async () => {
    stubApi({ 'GET /user': testUser() });
    const { router } = renderApp('/whatsnew');
    await screen.findByRole('button', { name: 'Guida introduttiva' });

    key(document, '?', 'Slash');
    const help = await screen.findByRole('dialog', { name: 'Scorciatoie da tastiera' });
    for (const text of [
      'Cerca tornei',
      'Vai a Filtri',
      'Apri il menu',
      'Chiudi finestre e menu',
      'Mostra questo elenco',
    ])
      expect(within(help).getByText(text)).not.toBeNull();
    key(document.activeElement ?? document, 'Escape', 'Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    key(document, 'g', 'KeyG');
    key(document, 'f', 'KeyF');
    await waitFor(() => expect(router.state.location.pathname).toBe('/filters'));

    key(document, '/', 'Slash');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));

    key(document, 'm', 'KeyM');
    expect(await screen.findByRole('dialog', { name: 'Menu' })).not.toBeNull();
  });

  it('never fires while typing in a field', async () => {
    stubApi({ 'GET /user': testUser() });
    const { router } = renderApp('/whatsnew');
    await screen.findByRole('button', { name: 'Guida introduttiva' });
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    key(input, '?', 'Slash');
    key(input, 'g', 'KeyG');
    key(input, 'f', 'KeyF');
    key(input, 'm', 'KeyM');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/whatsnew');
    input.remove();
  });
});

describe('native-app hand-off', () => {
  const HANDOFF =
    '/whatsnew?tab=1&appInstanceId=inst-42&fcmToken=fcm-token-ABCDEFGHIJKLMNOPQRSTUV&appVersion=2.1.0&deviceModel=Pixel%209&osVersion=Android%2015&pushStatus=';
  const tokenCalls = (calls: { method: string; path: string }[]) =>
    calls.filter((call) => call.method === 'POST' && call.path === '/notifications/device-token');

  it('asks to connect the device, then stores the parameters and registers the token with its device info', async () => {
    const calls = stubApi({
      'GET /user': testUser(),
      'POST /notifications/device-token': { id: 't1', kind: 'fcm', active: true, deviceInfo: {} },
    });
    const { router } = renderApp(HANDOFF);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Collegare questo dispositivo: Pixel 9?' });
    // Nothing is stored or sent before the user confirms.
    expect(window.localStorage.getItem(HANDOFF_PARAMS.fcmToken)).toBeNull();
    expect(tokenCalls(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collega il dispositivo' }));
    expect(window.localStorage.getItem(HANDOFF_PARAMS.appInstanceId)).toBe('inst-42');
    expect(window.localStorage.getItem(HANDOFF_PARAMS.fcmToken)).toBe('fcm-token-ABCDEFGHIJKLMNOPQRSTUV');
    expect(window.localStorage.getItem(HANDOFF_PARAMS.osVersion)).toBe('Android 15');
    // Empty values are not stored.
    expect(window.localStorage.getItem(HANDOFF_PARAMS.pushStatus)).toBeNull();
    await waitFor(() =>
      expect(tokenCalls(calls)).toEqual([
        {
          method: 'POST',
          path: '/notifications/device-token',
          body: {
            token: 'fcm-token-ABCDEFGHIJKLMNOPQRSTUV',
            deviceInfo: {
              deviceId: 'inst-42',
              appVersion: '2.1.0',
              deviceModel: 'Pixel 9',
              os: 'Android 15',
            },
          },
        },
      ]),
    );
  });

  it('a link alone changes nothing: cancelled, the hand-off is dropped (issue 28)', async () => {
    const calls = stubApi({ 'GET /user': testUser() });
    const { router } = renderApp(
      '/home?appInstanceId=x&fcmToken=ATTACKER-token-ABCDEFGHIJKLMNOPQRSTUV&deviceModel=EvilPhone',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Collegare questo dispositivo: EvilPhone?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    for (const storageKey of Object.values(HANDOFF_PARAMS))
      expect(window.localStorage.getItem(storageKey), storageKey).toBeNull();
    expect(calls.some((call) => call.path === '/notifications/device-token')).toBe(false);
  });

  it('the app opening the web again with the stored token is not asked again', async () => {
    window.localStorage.setItem(HANDOFF_PARAMS.appInstanceId, 'inst-42');
    window.localStorage.setItem(HANDOFF_PARAMS.fcmToken, 'fcm-token-ABCDEFGHIJKLMNOPQRSTUV');
    const calls = stubApi({
      'GET /user': testUser(),
      'POST /notifications/device-token': { id: 't1', kind: 'fcm', active: true, deviceInfo: {} },
    });
    const { router } = renderApp(HANDOFF);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    await waitFor(() => expect(tokenCalls(calls)).toHaveLength(1));
    expect(window.localStorage.getItem(HANDOFF_PARAMS.appVersion)).toBe('2.1.0');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends nothing without appInstanceId', async () => {
    const calls = stubApi({ 'GET /user': testUser() });
    const { router } = renderApp('/whatsnew?fcmToken=fcm-token-ABCDEFGHIJKLMNOPQRSTUV');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Collegare questo dispositivo: dispositivo sconosciuto?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collega il dispositivo' }));
    expect(window.localStorage.getItem(HANDOFF_PARAMS.fcmToken)).toBe('fcm-token-ABCDEFGHIJKLMNOPQRSTUV');
    expect(calls.some((call) => call.path === '/notifications/device-token')).toBe(false);
  });
});

describe('links', () => {
  it('same-origin links in rendered content navigate in the app; marked, targeted or modified ones do not', async () => {
    stubApi({ 'GET /user': testUser() });
    const { router } = renderApp('/whatsnew');
    await screen.findByRole('button', { name: 'Guida introduttiva' });
    const content = document.createElement('div');
    content.innerHTML = [
      '<a href="/filters">in app</a>',
      '<a href="/explore" target="_blank">new tab</a>',
      '<a href="/explore" download>download</a>',
      '<a href="/explore" rel="external">external</a>',
      '<a href="/explore" data-no-spa>no spa</a>',
      '<a href="/api/calendar.ics">server path</a>',
      '<a href="https://example.org/x">other site</a>',
    ].join('');
    document.body.append(content);
    // After the app's document listener: note whether it took the click, then keep the test
    // browser from loading the page itself.
    let taken = false;
    const afterApp = (event: MouseEvent) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', afterApp);
    const click = (text: string, init: MouseEventInit = {}) => {
      const link = within(content).getByText(text);
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      return taken;
    };
    for (const text of ['new tab', 'download', 'external', 'no spa', 'server path', 'other site'])
      expect(click(text), text).toBe(false);
    expect(click('in app', { ctrlKey: true })).toBe(false);
    expect(click('in app', { button: 1 })).toBe(false);
    expect(router.state.location.pathname).toBe('/whatsnew');
    expect(click('in app')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/filters'));
    window.removeEventListener('click', afterApp);
    content.remove();
  });
});
