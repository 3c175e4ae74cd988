import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { clearToasts } from '@/lib/toast';

beforeEach(async () => {
  await i18n.changeLanguage('it');
  // No test reaches a real server: every API call answers as to a signed-out visitor unless the
  // test stubs fetch itself (stubs are undone after each test).
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Unauthorized', status: 401 }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  clearToasts();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
