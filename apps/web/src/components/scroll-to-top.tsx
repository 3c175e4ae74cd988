import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isRenderingOverHtml } from '@/lib/hydration';

/** How long a restored position waits for its page to be tall enough (its data arriving). */
const RESTORE_FRAMES = 60;

/** The last scroll position of each history entry of this page load, by location key. */
const positions = new Map<string, number>();

/**
 * Scroll on navigation (spec §2). A page load starts at the top, whatever the browser would
 * restore (its own restoration is off). A new screen starts at the top; going back or forward
 * inside the app returns to where the user was on that entry (back from a tournament to the
 * same place in the search results), or to the top for an entry never scrolled.
 *
 * Over the prerendered landing (decision 205) the page was there before the app: the inline
 * script turned the browser's restoration off, so a scroll before hydration is the visitor's
 * own, and the app leaves it where it is (scrolling them back to the top would also move what
 * they were about to press from under the pointer).
 */
export function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(key);
  const hydrating = useRef(isRenderingOverHtml());

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // Every entry, a new search of the same screen too, keeps its own position.
  useLayoutEffect(() => {
    currentKey.current = key;
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, by design.
  useLayoutEffect(() => {
    if (hydrating.current) {
      hydrating.current = false;
      return;
    }
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (!saved) {
      window.scrollTo(0, 0);
      return;
    }
    // The page may still be growing (lazy screen, cached data rendering): try for a second.
    let frame = 0;
    let handle = 0;
    const restore = () => {
      window.scrollTo(0, saved);
      if (Math.abs(window.scrollY - saved) > 1 && ++frame < RESTORE_FRAMES) {
        handle = requestAnimationFrame(restore);
      }
    };
    restore();
    return () => cancelAnimationFrame(handle);
  }, [pathname]);

  return null;
}
