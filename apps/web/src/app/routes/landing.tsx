import { DocumentTitle } from '@/components/document-title';
import { FaqSection } from '@/features/landing/components/faq-section';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { Hero } from '@/features/landing/components/hero';
import { OnboardingSteps } from '@/features/landing/components/onboarding-steps';
import { SportsSupportTable } from '@/features/landing/components/sports-support-table';
import { StatsSection } from '@/features/landing/components/stats-section';

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
      <FaqSection />
    </>
  );
}
