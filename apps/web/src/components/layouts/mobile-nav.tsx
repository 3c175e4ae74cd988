import { lazy, Suspense, useState } from 'react';
import type { NavBadges, NavDots } from './main-nav';
import { MobileNavButton } from './mobile-nav-button';

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
