import { BellRing, Bookmark, CreditCard, Hourglass, type LucideIcon, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LandingSection } from './section-heading';

const FEATURES = [
  { id: 'filters', Icon: SlidersHorizontal },
  { id: 'notifications', Icon: BellRing },
  { id: 'reminders', Icon: Hourglass },
  { id: 'follow', Icon: Bookmark },
  { id: 'fitpCard', Icon: CreditCard },
] as const satisfies readonly { id: string; Icon: LucideIcon }[];

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="features-title"
      title={t('landing.features.title')}
      subtitle={t('landing.features.subtitle')}
      className="max-w-6xl"
    >
      {/* Three cards, then two wider ones, so the last row is not left half-empty. */}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
        {FEATURES.map(({ id, Icon }) => (
          <li
            key={id}
            className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:last:col-span-2 lg:col-span-2 lg:nth-4:col-span-3 lg:last:col-span-3"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-lg font-semibold">{t(`landing.features.${id}.title`)}</h3>
            <p className="text-pretty text-muted-foreground">{t(`landing.features.${id}.description`)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
