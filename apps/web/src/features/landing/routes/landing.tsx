import { DocumentTitle } from '@/components/document-title';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { Hero } from '../components/hero';
import { OnboardingSteps } from '../components/onboarding-steps';
import { SportsSupportTable } from '../components/sports-support-table';

/** The public landing page `/`. */
export function LandingRoute() {
  return (
    <>
      <DocumentTitle />
      <Hero />
      <FeaturesSection />
      <OnboardingSteps />
      <SportsSupportTable />
      <FaqSection />
    </>
  );
}
