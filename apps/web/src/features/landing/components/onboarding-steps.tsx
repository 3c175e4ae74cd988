import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

/** The three onboarding steps of spec §1. */
const STEPS = ['createFilters', 'getNotified', 'subscribe'] as const;

export function OnboardingSteps() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="steps-title" className="border-y border-border bg-header/60">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="steps-title"
          title={t('landing.steps.title')}
          subtitle={t('landing.steps.subtitle')}
        />
        <ol className="grid gap-8 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex flex-col items-center gap-3 text-center">
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{t(`landing.steps.${step}.title`)}</h3>
              <p className="max-w-xs text-pretty text-muted-foreground">
                {t(`landing.steps.${step}.description`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
