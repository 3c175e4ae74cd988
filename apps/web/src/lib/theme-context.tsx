import { STORAGE_KEYS, type Theme } from '@radar/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  applyTheme,
  getSystemTheme,
  type ResolvedTheme,
  readStoredTheme,
  resolveTheme,
  storeThemeChoice,
  subscribeToSystemTheme,
} from './theme';

interface ThemeContextValue {
  /** What the user chose: light, dark or system. */
  theme: Theme;
  /** What is shown. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme() ?? 'system');
  // An external store: React reads the preference again once subscribed, so a switch between
  // the first render and the subscription (a slow first load) is not missed.
  // Hydrating the prerendered landing, the preference is read as well (the prerender, without a
  // browser, reads light): the markup does not depend on the theme (the switcher's icon is CSS),
  // and the theme applied must not flip to light for a moment (decision 205).
  const systemTheme = useSyncExternalStore(subscribeToSystemTheme, getSystemTheme, getSystemTheme);

  // Another tab changed the choice: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.theme || event.key === null)
        setThemeState(readStoredTheme() ?? 'system');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const resolvedTheme = resolveTheme(theme, systemTheme);

  useLayoutEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    storeThemeChoice(next);
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
