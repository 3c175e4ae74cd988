import { Menu } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { Button } from '../ui/button';
import type { NavBadges, NavDots } from './main-nav';

const loadSheet = () => import('./mobile-nav-sheet');
const MobileNavSheet = lazy(loadSheet);

/**
 * Below the 768 px breakpoint the navigation lives in a sheet opened from the header. The first
 * paint shows the button alone; the sheet (Radix dialog) loads when it is first wanted.
 */
export function MobileNav({
  className,
  badges,
  dots,
  open: controlledOpen,
  onOpenChange,
}: {
  className?: string;
  badges?: NavBadges;
  dots?: NavDots;
  /** Controlled from outside (the 'open menu' shortcut); uncontrolled otherwise. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  // The sheet's code loads with the first open (or hover, focus, touch) and stays.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  const button = (
    <MobileNavButton
      className={className}
      {...(badges ? { badges } : {})}
      {...(dots ? { dots } : {})}
      aria-haspopup="dialog"
      aria-expanded={open ? 'true' : 'false'}
      onPointerEnter={() => void loadSheet()}
      onFocus={() => void loadSheet()}
      onTouchStart={() => void loadSheet()}
      onClick={() => setOpen(true)}
    />
  );
  if (!loaded) return button;
  return (
    <Suspense fallback={button}>
      <MobileNavSheet
        open={open}
        onOpenChange={setOpen}
        {...(className ? { className } : {})}
        {...(badges ? { badges } : {})}
        {...(dots ? { dots } : {})}
      />
    </Suspense>
  );
}

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
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      {unread === 0 && dots && Object.values(dots).some(Boolean) && (
        <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-primary" />
      )}
    </Button>
  );
}
