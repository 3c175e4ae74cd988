import { STORAGE_KEYS } from '@radar/shared';
import { describe, expect, it, vi } from 'vitest';
import { stubColorScheme } from '../../test/test-utils';
import {
  applyTheme,
  getSystemTheme,
  readStoredTheme,
  resolveTheme,
  storeThemeChoice,
  subscribeToSystemTheme,
} from './theme';

function themeColor(): string | null {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null;
}

describe('stored choice', () => {
  it('reads light or dark and ignores anything else', () => {
    expect(readStoredTheme()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    expect(readStoredTheme()).toBe('dark');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    expect(readStoredTheme()).toBeNull();
  });

  it('stores light and dark, and "system" clears the stored choice', () => {
    storeThemeChoice('dark');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    storeThemeChoice('light');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    storeThemeChoice('system');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  });
});

describe('resolveTheme', () => {
  it('follows the system only when the choice is "system"', () => {
    expect(resolveTheme('system', 'dark')).toBe('dark');
    expect(resolveTheme('system', 'light')).toBe('light');
    expect(resolveTheme('light', 'dark')).toBe('light');
    expect(resolveTheme('dark', 'light')).toBe('dark');
  });
});

describe('system preference', () => {
  it('reads prefers-color-scheme and reports its changes until unsubscribed', () => {
    const scheme = stubColorScheme(true);
    expect(getSystemTheme()).toBe('dark');

    const listener = vi.fn();
    const unsubscribe = subscribeToSystemTheme(listener);
    scheme.setDark(false);
    expect(listener).toHaveBeenLastCalledWith('light');

    unsubscribe();
    scheme.setDark(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('applyTheme', () => {
  it('sets the dark class, colour scheme and browser theme colour', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(themeColor()).toBe('#111418');

    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(themeColor()).toBe('#E4E9F1');
  });

  it('switches with transitions off until the new theme has been drawn, and leaves them alone otherwise', async () => {
    applyTheme('light');
    const noTransitionRules = () =>
      [...document.querySelectorAll('style')].filter((style) =>
        style.textContent?.includes('transition:none'),
      );
    await vi.waitFor(() => expect(noTransitionRules()).toHaveLength(0));

    applyTheme('dark');
    expect(noTransitionRules()).toHaveLength(1);
    await vi.waitFor(() => expect(noTransitionRules()).toHaveLength(0));

    applyTheme('dark');
    expect(noTransitionRules()).toHaveLength(0);
  });

  it('creates the theme-color meta tag when the page has none', () => {
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
    applyTheme('dark');
    expect(document.querySelectorAll('meta[name="theme-color"]')).toHaveLength(1);
    expect(themeColor()).toBe('#111418');
  });
});
