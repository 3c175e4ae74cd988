import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { NAV_ITEMS, type NavItem } from './nav-items';

/** Counts shown beside navigation items (e.g. unread notifications); zero shows nothing. */
export type NavBadges = Partial<Record<NavItem['label'], number>>;

/** The app's primary navigation; the current section is marked with `aria-current="page"`. */
export function MainNav({
  onNavigate,
  className,
  badges = {},
}: {
  onNavigate?: () => void;
  className?: string;
  badges?: NavBadges;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className={className}>
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isActive
                    ? 'bg-primary/10 text-primary'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              {t(label)}
              {badges[label] ? (
                <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  <span aria-hidden="true">{badges[label] > 99 ? '99+' : badges[label]}</span>
                  <span className="sr-only">{t('nav.unreadBadge', { count: badges[label] })}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
