/**
 * Runs in the page before any module script (mirrors src/lib/i18n.ts and the head's boot
 * script): copies a prerendered first paint of the starting language into #root, so it needs no
 * JavaScript. For a visitor, the landing on `/` and the sign-in screen on `/auth/login`
 * (decision 164; the landing is hydrated, decision 205); for a signed-in user (the session store's copy, `radar-session`,
 * src/lib/auth/session-store.ts), the signed-in frame on `/explore` (decision 178), which the
 * app replaces when its first screen is ready (src/lib/prerendered-frame.ts). Elsewhere #root
 * stays empty for the app.
 */
export const PICK_SHELL = `(() => {
  const visitorShells = { '/': 'landing', '/auth/login': 'login' };
  const signedInShells = { '/explore': 'explore' };
  let stored = null;
  let signedIn = false;
  try {
    stored = localStorage.getItem('app-language');
    const session = JSON.parse(localStorage.getItem('radar-session') || 'null');
    signedIn = !!(session && session.user);
  } catch {
    // Storage unavailable or unreadable: a visitor.
  }
  // A signed-in user on the landing or the sign-in screen goes on to /home: the app draws that.
  const name = (signedIn ? signedInShells : visitorShells)[location.pathname];
  // A sign-in link's error shows above the form, an auth callback link (authLink) a spinner: the
  // app draws those screens.
  const search = new URLSearchParams(location.search);
  if (!name || search.has('error') || search.has('authLink')) return;
  const languages = ['it', 'en'];
  let language = languages.includes(stored) ? stored : null;
  for (const tag of language ? [] : navigator.languages || [navigator.language || '']) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (languages.includes(primary)) {
      language = primary;
      break;
    }
  }
  language = language || 'it';
  const shell = document.getElementById(name + '-' + language);
  const root = document.getElementById('root');
  if (!shell || !root) return;
  document.documentElement.lang = language;
  root.appendChild(shell.content.cloneNode(true));
  // A prerendered form waits for the app (inert: nothing typed there is lost when the app's
  // form replaces it, and nothing is sent without the app, never a password in a GET). So do
  // the buttons (the header's language and theme menus): they do nothing until the app's take
  // their place, and inert they say so instead of swallowing a press. Links work as they are.
  for (const element of root.querySelectorAll('form, button')) element.inert = true;
  root.dataset.prerendered = language;
  // The landing is the app's own first render: the app hydrates it (decision 205), and lifts the
  // inert as it does (a press then waits for hydration, it is not lost). The browser restores no
  // scroll position on it: a scroll before the app starts is the visitor's, and the app keeps it
  // (components/scroll-to-top.tsx).
  if (name === 'landing') {
    root.dataset.hydrate = '';
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }
})();`;
