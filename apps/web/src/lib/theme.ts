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

/**
 * Shows `theme`: the `dark` class on `<html>`, native control colours and the browser bar colour.
 * The switch is instant: for the one style recalculation it causes, transitions are off, so no
 * control fades through colours of neither theme (a button half-way from the light primary to
 * the dark one has too little contrast for its text).
 */
export function applyTheme(theme: ResolvedTheme, doc: Document = document): void {
  const root = doc.documentElement;
  const isDark = theme === 'dark';
  if (root.classList.contains('dark') !== isDark) {
    const noTransitions = doc.createElement('style');
    noTransitions.textContent = '*,*::before,*::after{transition:none!important}';
    doc.head.append(noTransitions);
    root.classList.toggle('dark', isDark);
    // Reading a computed style makes the browser apply the new colours now, with no transition;
    // the rule goes once a frame has been drawn in the new theme.
    const view = doc.defaultView;
    view?.getComputedStyle(doc.body ?? root).color;
    const drop = () => setTimeout(() => noTransitions.remove(), 0);
    if (view?.requestAnimationFrame) view.requestAnimationFrame(drop);
    else drop();
  }
  root.style.colorScheme = theme;

  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  meta.content = THEME_COLORS[theme];
}
