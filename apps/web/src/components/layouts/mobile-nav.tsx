import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../logo';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../ui/dialog';
import { MainNav, type NavBadges } from './main-nav';

/** Below the 768 px breakpoint the navigation lives in a sheet opened from the header. */
export function MobileNav({ className, badges }: { className?: string; badges?: NavBadges }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} className={className}>
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DialogTrigger>
      <DialogContent placement="left" aria-describedby={undefined}>
        <DialogTitle className="flex items-center gap-2.5">
          <LogoMark className="size-7" />
          {t('nav.menu')}
        </DialogTitle>
        <MainNav onNavigate={() => setOpen(false)} {...(badges ? { badges } : {})} />
      </DialogContent>
    </Dialog>
  );
}
