import { useTranslation } from 'react-i18next';
import { LogoMark } from '../logo';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../ui/dialog';
import { MainNav, type NavBadges, type NavDots } from './main-nav';
import { MobileNavButton } from './mobile-nav-button';

/**
 * The navigation sheet behind MobileNav, in its own chunk (Radix dialog): loaded on the first
 * hover, focus or press of the menu button, never for the first paint (decision 164).
 */
export default function MobileNavSheet({
  className,
  badges,
  dots,
  open,
  onOpenChange: setOpen,
}: {
  className?: string;
  badges?: NavBadges;
  dots?: NavDots;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <MobileNavButton className={className} {...(badges ? { badges } : {})} {...(dots ? { dots } : {})} />
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
