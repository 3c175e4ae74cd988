import { Outlet } from 'react-router';
import { useLastLocation } from '@/lib/last-location';
import { AuthLinkGate } from '../auth/auth-link-gate';
import { NavigationProgress } from '../navigation-progress';
import { ScrollToTop } from '../scroll-to-top';
import { SkipLink } from '../skip-link';

/**
 * Wraps every route: skip link, scroll reset, the loading bar between screens, the return to
 * the last location after the page was hidden, and auth callback links (spec §2, §4).
 */
export function RootLayout() {
  useLastLocation();
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <AuthLinkGate>
        <Outlet />
      </AuthLinkGate>
    </>
  );
}
