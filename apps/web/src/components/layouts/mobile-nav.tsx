import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { LogoMark } from '../logo';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../ui/dialog';
import { MainNav, type NavBadges, type NavDots } from './main-nav';

/** Below the 768 px breakpoint the navigation lives in a sheet opened from the header. */
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
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  // The sidebar's counts are out of sight on a phone: a dot on the menu button says so.
  const unread = badges?.['nav.communication'] ?? 0;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={unread > 0 ? t('nav.openMenuUnread', { count: unread }) : t('nav.openMenu')}
          className={cn('relative', className)}
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
      </DialogTrigger>
      <DialogContent placement="left" aria-describedby={undefined}>
        <DialogTitle className="flex items-center gap-2.5">
          <LogoMark className="size-7" />
          {t('nav.menu')}
        </DialogTitle>
        <MainNav
          onNavigate={() => setOpen(false)}
          {...(badges ? { badges } : {})}
          {...(dots ? { dots } : {})}
        />
      </DialogContent>
    </Dialog>
  );
}
