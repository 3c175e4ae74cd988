import { STORAGE_KEYS, THEME_COLORS, type Theme } from '@radar/shared';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Theme logic of spec §4. The user chooses light, dark or system; what is shown is always
 * light or dark. A light/dark choice is stored; "system" clears the stored choice, and only
 * then does the page follow the operating system's preference as it changes.
 *
 * index.html repeats `readStoredTheme` + `applyTheme` inline so the first paint is right.
 */
export type ResolvedTheme = keyof typeof THEME_COLORS;

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(): ResolvedTheme | null {
  const stored = readStorage(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

export function storeThemeChoice(choice: Theme): void {
  if (choice === 'system') removeStorage(STORAGE_KEYS.theme);
  else writeStorage(STORAGE_KEYS.theme, choice);
}

function darkSchemeQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_SCHEME_QUERY)
    : null;
}

export function getSystemTheme(): ResolvedTheme {
  return darkSchemeQuery()?.matches ? 'dark' : 'light';
}

/** Calls `listener` whenever the operating system switches between light and dark. */
export function subscribeToSystemTheme(listener: (theme: ResolvedTheme) => void): () => void {
  const query = darkSchemeQuery();
  if (!query) return () => {};
  const onChange = (event: MediaQueryListEvent) => listener(event.matches ? 'dark' : 'light');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function resolveTheme(choice: Theme, systemTheme: ResolvedTheme): ResolvedTheme {
  return choice === 'system' ? systemTheme : choice;
}

/** Shows `theme`: the `dark` class on `<html>`, native control colours and the browser bar colour. */
export function applyTheme(theme: ResolvedTheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;

  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  meta.content = THEME_COLORS[theme];
}
