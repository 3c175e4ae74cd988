import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { badgeText, NAV_ITEMS, type NavItem } from './nav-items';

/** Counts shown beside navigation items (e.g. unread notifications); zero shows nothing. */
export type NavBadges = Partial<Record<NavItem['label'], number>>;
/** Items marked with a dot (e.g. something unread in What's New). */
export type NavDots = Partial<Record<NavItem['label'], boolean>>;

/** The app's primary navigation; the current section is marked with `aria-current="page"`. */
export function MainNav({
  onNavigate,
  className,
  badges = {},
  dots = {},
}: {
  onNavigate?: () => void;
  className?: string;
  badges?: NavBadges;
  dots?: NavDots;
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
                  <span aria-hidden="true">{badgeText(badges[label])}</span>
                  <span className="sr-only">{t('nav.unreadBadge', { count: badges[label] })}</span>
                </span>
              ) : dots[label] ? (
                <span className="ml-auto flex items-center" data-nav-dot="">
                  <span aria-hidden="true" className="size-2.5 rounded-full bg-primary" />
                  <span className="sr-only">{t('nav.unreadDot')}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
