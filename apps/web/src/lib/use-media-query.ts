import { useCallback, useSyncExternalStore } from 'react';

/** Spec §9: under 768 px is a mobile width. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a CSS media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.('change', listener);
      return () => list?.removeEventListener?.('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches === true,
    () => false,
  );
}
