/**
 * Runs in the page before any module script (mirrors src/lib/i18n.ts and the head's boot
 * script): on `/` and `/auth/login` for a visitor, copies the prerendered landing or sign-in
 * screen of the starting language into #root, so the first paint needs no JavaScript.
 * Elsewhere, or when the session store kept a signed-in user (`radar-session`,
 * src/lib/auth/session-store.ts; who goes on to /home), #root stays empty for the app.
 */
export const PICK_SHELL = `(() => {
  const shells = { '/': 'landing', '/auth/login': 'login' };
  const name = shells[location.pathname];
  // A sign-in link's error shows above the form: the app draws that screen.
  if (!name || new URLSearchParams(location.search).has('error')) return;
  let stored = null;
  try {
    stored = localStorage.getItem('app-language');
    const session = JSON.parse(localStorage.getItem('radar-session') || 'null');
    if (session && session.user) return;
  } catch {
    // Storage unavailable or unreadable: a visitor.
  }
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
})();`;
