import { ArrowRight, Compass, Funnel, type LucideIcon, Mail, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type QuickAction = {
  to: string;
  label:
    | 'home.quickActions.explore'
    | 'home.quickActions.createFilter'
    | 'home.quickActions.settings'
    | 'home.quickActions.contact';
  description:
    | 'home.quickActions.exploreDescription'
    | 'home.quickActions.createFilterDescription'
    | 'home.quickActions.settingsDescription'
    | 'home.quickActions.contactDescription';
  Icon: LucideIcon;
};

const ACTIONS: readonly QuickAction[] = [
  {
    to: paths.explore,
    label: 'home.quickActions.explore',
    description: 'home.quickActions.exploreDescription',
    Icon: Compass,
  },
  {
    to: `${paths.filters}?new=1`,
    label: 'home.quickActions.createFilter',
    description: 'home.quickActions.createFilterDescription',
    Icon: Funnel,
  },
  {
    to: paths.settings,
    label: 'home.quickActions.settings',
    description: 'home.quickActions.settingsDescription',
    Icon: Settings,
  },
  {
    to: paths.contact,
    label: 'home.quickActions.contact',
    description: 'home.quickActions.contactDescription',
    Icon: Mail,
  },
];

/** The dashboard's quick actions (spec §2): explore, create a filter, settings, contact. */
export function QuickActions() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quick-actions-title" className="flex flex-col gap-4">
      <h2 id="quick-actions-title" className="text-lg font-semibold tracking-tight">
        {t('home.quickActions.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {ACTIONS.map(({ to, label, description, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-4 rounded-2xl border border-border bg-surface p-4 shadow-sm transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold">{t(label)}</span>
                <span className="text-sm text-muted-foreground">{t(description)}</span>
              </span>
              <ArrowRight
                aria-hidden="true"
                className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
