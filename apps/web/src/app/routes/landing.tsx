import { lazy, Suspense } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { Hero } from '@/features/landing/components/hero';

/**
 * Everything below the hero, in a chunk of its own (decision 205): prerendered with the rest of
 * the page, and hydrated once its chunk has arrived, after the header, hero and footer.
 */
const LandingBelowTheFold = lazy(() =>
  import('@/features/landing/components/below-the-fold').then((m) => ({ default: m.LandingBelowTheFold })),
);

/** The public landing page `/`, prerendered into index.html and hydrated (decision 205). */
export function LandingRoute() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <Suspense fallback={<div aria-hidden="true" className="min-h-dvh" />}>
        <LandingBelowTheFold />
      </Suspense>
    </>
  );
}
