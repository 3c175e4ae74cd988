import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PICK_SHELL } from '../build/landing-shell-script';
import { SESSION_STORAGE_KEY } from '../src/lib/auth/session-store';

/** Runs index.html's inline script (decision 164) as the page would, at `pathname`. */
function runAt(pathname: string, search = '') {
  new Function('location', PICK_SHELL)({ pathname, search });
}

const root = () => document.getElementById('root') as HTMLElement;

/** The session store's copy of a signed-in user, as a page of the app left it. */
function keepSignedInUser() {
  window.localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ user: { id: 'u1' }, savedAt: Date.now() }),
  );
}

beforeEach(() => {
  document.body.innerHTML = `
    <div id="root"></div>
    <template id="landing-it"><h1>Trova i tornei</h1><button>Tema</button><a href="/auth/register">Registrati</a></template>
    <template id="landing-en"><h1>Find tournaments</h1></template>
    <template id="login-it"><h1>Accedi</h1><form><input name="email"></form></template>
    <template id="login-en"><h1>Log in</h1><form><input name="email"></form></template>
    <template id="explore-it"><div data-app-frame=""><button>Menu</button><a href="/home">Home</a><h1>Esplora i tornei</h1></div></template>
    <template id="explore-en"><div data-app-frame=""><h1>Explore tournaments</h1></div></template>`;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered landing’s inline script', () => {
  it('makes the prerendered buttons inert until the app’s replace them, leaving links live', () => {
    window.localStorage.setItem('app-language', 'it');
    runAt('/');
    expect(root().querySelector('button')?.inert).toBe(true);
    expect(root().querySelector('a')?.inert).toBe(false);
  });

  it('marks the landing (and only the landing) for hydration', () => {
    window.localStorage.setItem('app-language', 'it');
    window.history.scrollRestoration = 'auto';
    runAt('/');
    expect(root().dataset.hydrate).toBe('');
    // The browser restores no position over it: a scroll before the app starts is the visitor's.
    expect(window.history.scrollRestoration).toBe('manual');
    document.getElementById('root')?.replaceChildren();
    delete root().dataset.hydrate;
    runAt('/auth/login');
    expect(root().dataset.prerendered).toBe('it');
    expect(root().dataset.hydrate).toBeUndefined();
  });

  it('leaves #root empty on an auth callback link, whose spinner the app draws', () => {
    runAt('/', '?authLink=success');
    expect(root().dataset.prerendered).toBeUndefined();
    expect(root().childElementCount).toBe(0);
  });

  it('shows a visitor the landing in the stored language', () => {
    window.localStorage.setItem('app-language', 'en');
    runAt('/');
    expect(root().dataset.prerendered).toBe('en');
    expect(root().textContent).toBe('Find tournaments');
  });

  it('leaves #root empty for a signed-in user (the session store’s copy), who goes on to /home', () => {
    keepSignedInUser();
    runAt('/');
    expect(root().dataset.prerendered).toBeUndefined();
    expect(root().childElementCount).toBe(0);
  });

  it('shows a visitor the sign-in screen on /auth/login, its form inert until the app’s replaces it', () => {
    window.localStorage.setItem('app-language', 'it');
    runAt('/auth/login');
    expect(root().dataset.prerendered).toBe('it');
    expect(root().querySelector('h1')?.textContent).toBe('Accedi');
    expect(root().querySelector('form')?.inert).toBe(true);
  });

  it('leaves the sign-in screen to the app for a sign-in link’s error and for a signed-in user', () => {
    runAt('/auth/login', '?error=expired');
    expect(root().childElementCount).toBe(0);
    keepSignedInUser();
    runAt('/auth/login');
    expect(root().childElementCount).toBe(0);
  });

  it('leaves #root empty on any other path, and a visitor’s /explore to the app (who goes to sign in)', () => {
    runAt('/explore');
    runAt('/auth/register');
    expect(root().childElementCount).toBe(0);
  });

  it('paints a signed-in user’s /explore frame in the stored language, its buttons inert, its links live (decision 178)', () => {
    keepSignedInUser();
    window.localStorage.setItem('app-language', 'it');
    runAt('/explore', '?q=roma&tab=schedule');
    expect(root().dataset.prerendered).toBe('it');
    expect(root().querySelector('[data-app-frame] h1')?.textContent).toBe('Esplora i tornei');
    expect(root().querySelector('button')?.inert).toBe(true);
    expect(root().querySelector('a')?.inert).toBe(false);
    document.getElementById('root')?.replaceChildren();
    window.localStorage.setItem('app-language', 'en');
    runAt('/explore');
    expect(root().textContent).toBe('Explore tournaments');
  });

  it('paints no signed-in frame on the other signed-in paths', () => {
    keepSignedInUser();
    runAt('/home');
    runAt('/explore/elsewhere');
    expect(root().childElementCount).toBe(0);
  });
});
