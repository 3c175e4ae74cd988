import { STORAGE_KEYS } from '@radar/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { stubColorScheme } from '../../test/test-utils';

/** The inline script of index.html that sets theme and language before the first paint. */
const bootScript = (() => {
  const match = /<script>([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!match?.[1]) throw new Error('index.html has no inline boot script');
  return match[1];
})();

function runBootScript() {
  // Runs the page's own inline script in the global scope, as the browser does.
  new Function(bootScript)();
}

const html = document.documentElement;
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = '#E4E9F1';
  document.head.append(meta);
  html.lang = 'it';
});

describe('index.html boot script', () => {
  it('applies a stored dark choice even when the system is light', () => {
    stubColorScheme(false);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    runBootScript();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
    expect(themeColor()).toBe('#111418');
  });

  it('applies a stored light choice even when the system is dark', () => {
    stubColorScheme(true);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    runBootScript();
    expect(html.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#E4E9F1');
  });

  it('follows the system preference when nothing is stored', () => {
    stubColorScheme(true);
    runBootScript();
    expect(html.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#111418');
  });

  it('sets the stored language on <html>, ignoring unsupported values', () => {
    stubColorScheme(false);
    window.localStorage.setItem(STORAGE_KEYS.language, 'en');
    runBootScript();
    expect(html.lang).toBe('en');

    html.lang = 'it';
    window.localStorage.setItem(STORAGE_KEYS.language, 'fr');
    runBootScript();
    expect(html.lang).toBe('it');
  });
});
