import { lazy, Suspense } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { NearView } from '@/components/near-view';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { Hero } from '@/features/landing/components/hero';
import { OnboardingSteps } from '@/features/landing/components/onboarding-steps';
import { SportsSupportTable } from '@/features/landing/components/sports-support-table';
import { StatsSection } from '@/features/landing/components/stats-section';

/** The FAQ (its Radix accordion) loads when the reader nears it: no part of the first load (decision 161). */
const FaqSection = lazy(() =>
  import('@/features/landing/components/faq-section').then((m) => ({ default: m.FaqSection })),
);
const FAQ_PLACEHOLDER = 'min-h-[36rem] border-t border-border bg-header/60';

/** The public landing page `/`. */
export function LandingRoute() {
  return (
    <>
      <DocumentTitle />
      <Hero />
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
