import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import type { NavBadges } from './main-nav';
import { badgeText, NAV_ITEMS, type NavItem } from './nav-items';

/** The four sections a player opens most, in the phone's tab bar (issue 31 point 7). */
export const BOTTOM_NAV_LABELS: readonly NavItem['label'][] = [
  'nav.home',
  'nav.explore',
  'nav.subscriptions',
  'nav.communication',
];
const TABS = BOTTOM_NAV_LABELS.map((label) => NAV_ITEMS.find((item) => item.label === label)).filter(
  (item): item is NavItem => item !== undefined,
);

/**
 * Below 768 px: a tab bar fixed at the bottom with Home, Explore, My tournaments and
 * Notifications (with the unread count); the header's menu keeps the other sections. It stands
 * above the home indicator (safe-area inset) and sets `--bottom-nav-height` (index.css), which
 * the page's bottom padding, the cookie bar and the toasts use to stay clear of it.
 */
export function BottomNav({ badges = {} }: { badges?: NavBadges }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.bottom')}
      data-bottom-nav=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-header/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-header/85 md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-4">
        {TABS.map(({ to, label, Icon }) => {
          const count = badges[label] ?? 0;
          return (
            <li key={to} className="flex">
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'group flex min-h-11 min-w-11 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-center text-[0.6875rem] leading-tight font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                <span className="relative flex h-7 w-12 items-center justify-center rounded-full group-aria-[current=page]:bg-primary/15">
                  <Icon aria-hidden="true" className="size-5" />
                  {count > 0 && (
                    <span
                      aria-hidden="true"
                      data-testid="bottom-nav-unread"
                      className="absolute -top-1 right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-primary px-1 text-[0.625rem] leading-none font-semibold text-primary-foreground ring-2 ring-header"
                    >
                      {badgeText(count)}
                    </span>
                  )}
                </span>
                <span className="max-w-full">{t(label)}</span>
                {/* Read after the name, as in the sidebar: "Notifiche, Hai notifiche non lette: 3". */}
                {count > 0 && <span className="sr-only">{t('nav.unreadBadge', { count })}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
