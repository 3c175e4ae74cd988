import { lazy, Suspense } from 'react';
import { NearView } from '@/components/near-view';
import { FeaturesSection } from './features-section';
import { OnboardingSteps } from './onboarding-steps';
import { SportsSupportTable } from './sports-support-table';
import { StatsSection } from './stats-section';

/** The FAQ (its Radix accordion) loads when the reader nears it: no part of the first load (decision 161). */
const FaqSection = lazy(() => import('./faq-section').then((m) => ({ default: m.FaqSection })));
const FAQ_PLACEHOLDER = 'min-h-[36rem] border-t border-border bg-header/60';

/**
 * The landing below its hero: the live figures, the features, the three steps, the sports table
 * and the FAQ. Its own chunk, rendered once the page has started (decision 205).
 */
export function LandingBelowTheFold() {
  return (
    <>
      <StatsSection />
      <FeaturesSection />
      <OnboardingSteps />
      <SportsSupportTable />
      <NearView placeholderClassName={FAQ_PLACEHOLDER}>
        <Suspense fallback={<div aria-hidden="true" className={FAQ_PLACEHOLDER} />}>
          <FaqSection />
        </Suspense>
      </NearView>
    </>
  );
}
