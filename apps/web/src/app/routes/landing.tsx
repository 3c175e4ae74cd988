import { lazy, Suspense } from 'react';
import { AfterStart } from '@/components/after-start';
import { DocumentTitle } from '@/components/document-title';
import { Hero } from '@/features/landing/components/hero';

/** Everything below the hero, in a chunk of its own (decision 205). */
const LandingBelowTheFold = lazy(() =>
  import('@/features/landing/components/below-the-fold').then((m) => ({ default: m.LandingBelowTheFold })),
);

/**
 * The space below the hero until its sections render: a screen's height, so the footer stays
 * out of the first screen and nothing in it moves when they come.
 */
const BELOW_THE_FOLD_PLACEHOLDER = <div aria-hidden="true" className="min-h-dvh" />;

/**
 * The public landing page `/`. Its header, hero and footer are prerendered into index.html and
 * hydrated; the sections below the hero render once the page has started, when the browser is
 * idle (decision 205).
 */
export function LandingRoute() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <AfterStart fallback={BELOW_THE_FOLD_PLACEHOLDER}>
        <Suspense fallback={BELOW_THE_FOLD_PLACEHOLDER}>
          <LandingBelowTheFold />
        </Suspense>
      </AfterStart>
    </>
  );
}
