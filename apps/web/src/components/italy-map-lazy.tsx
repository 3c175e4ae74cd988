import { type ComponentProps, lazy, Suspense } from 'react';
import type ItalyMap from './italy-map';
import { NearView } from './near-view';

const ItalyMapChunk = lazy(() => import('./italy-map'));

/** The space the map takes while it loads. */
const PLACEHOLDER = 'aspect-[610/793] w-full max-w-md rounded-2xl bg-muted/50';

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
  const map = (
    <Suspense fallback={<div aria-hidden="true" className={PLACEHOLDER} />}>
      <ItalyMapChunk {...props} />
    </Suspense>
  );
  return eager ? map : <NearView placeholderClassName={PLACEHOLDER}>{map}</NearView>;
}
