import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every navigation, including back and forward, starts at the top of the page (spec §2).
 * The browser's own restoration is turned off so it does not fight this on history moves.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, by design.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
