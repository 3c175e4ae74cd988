import { type ComponentProps, lazy, Suspense } from 'react';
import type ItalyMap from './italy-map';

const ItalyMapChunk = lazy(() => import('./italy-map'));

/** The regions map, loaded on first render in its own chunk (its paths are about 50 kB). */
export function LazyItalyMap(props: ComponentProps<typeof ItalyMap>) {
  return (
    <Suspense
      fallback={
        <div aria-hidden="true" className="aspect-[610/793] w-full max-w-md rounded-2xl bg-muted/50" />
      }
    >
      <ItalyMapChunk {...props} />
    </Suspense>
  );
}
