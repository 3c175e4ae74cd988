import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSessionStore } from '@/lib/auth/session-store';
import { i18n } from '@/lib/i18n';
import { installAllCatalogues } from '@/lib/i18n-resources';
import { resetResources } from '@/lib/resource';
import { clearToasts } from '@/lib/toast';
import { stubApi } from './api-stub';

// Screens load parts of themselves on demand (lazy routes, menus, the toaster, decision 161):
// on a busy machine a chunk can take seconds to arrive. A query waits for what it looks for; its
// bound only stops a hung test (decision 184), so no test passes a shorter one. Waiting longer
// makes no test pass that should fail; it only keeps a slow import from failing one that should pass.
configure({ asyncUtilTimeout: 30_000 });

// The app loads its catalogues in parts; the tests have them all from the start.
installAllCatalogues();

beforeEach(async () => {
  await i18n.changeLanguage('it');
  // happy-dom's IntersectionObserver never reports anything: without it, what loads near the
  // viewport (the regions map) loads at once, as in a browser without it.
  vi.stubGlobal('IntersectionObserver', undefined);
  // No test reaches a real server: a visitor unless the test stubs the API otherwise.
  stubApi();
});

afterEach(() => {
  cleanup();
  clearToasts();
  // The session and the answers kept in memory are the page's: every test opens a new page.
  resetSessionStore();
  resetResources();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
