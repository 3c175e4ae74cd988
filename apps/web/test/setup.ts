import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { clearToasts } from '@/lib/toast';

beforeEach(async () => {
  await i18n.changeLanguage('it');
  // No server runs in these tests: a screen that calls the API without a stub gets a network
  // error at once (tests that need answers stub fetch themselves).
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('fetch failed: no API server in unit tests'))),
  );
});

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
