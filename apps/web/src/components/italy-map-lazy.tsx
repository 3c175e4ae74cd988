import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type ItalyMap from './italy-map';

const ItalyMapChunk = lazy(() => import('./italy-map'));

/** Starts loading a little before the map scrolls into view. */
const NEAR_VIEW_MARGIN = '300px';

/**
 * The regions map in its own chunk (its paths are about 50 kB), loaded when its place comes near
 * the viewport: below the fold (the landing on a phone) it is no part of the first load
 * (decision 161). Without IntersectionObserver it loads at once.
 */
export function LazyItalyMap({
  eager = false,
  ...props
}: ComponentProps<typeof ItalyMap> & {
  /** Load at once (the map is the screen's main content), not when near the viewport. */
  eager?: boolean;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const fallback = (
    <div
      ref={placeholder}
      aria-hidden="true"
      className="aspect-[610/793] w-full max-w-md rounded-2xl bg-muted/50"
    />
  );
  if (!near) return fallback;
  return (
    <Suspense fallback={fallback}>
      <ItalyMapChunk {...props} />
    </Suspense>
  );
}
