import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Button } from '../ui/button';
import type { NavBadges, NavDots } from './main-nav';
import { badgeText } from './nav-items';

/** The menu button, with the count of unread messages or a dot when the hidden navigation has news. */
export function MobileNavButton({
  badges,
  dots,
  className,
  ...props
}: { badges?: NavBadges; dots?: NavDots } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  // The sidebar's counts are out of sight on a phone: a dot on the menu button says so.
  const unread = badges?.['nav.communication'] ?? 0;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={unread > 0 ? t('nav.openMenuUnread', { count: unread }) : t('nav.openMenu')}
      className={cn('relative', className)}
      {...props}
    >
      <Menu aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="menu-unread"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.6875rem] leading-none font-semibold text-primary-foreground"
        >
          {badgeText(unread)}
        </span>
      )}
      {unread === 0 && dots && Object.values(dots).some(Boolean) && (
        <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-primary" />
      )}
    </Button>
  );
}
