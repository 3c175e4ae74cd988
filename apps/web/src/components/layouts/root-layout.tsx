import { Outlet } from 'react-router';
import { useLastLocation } from '@/lib/last-location';
import { AuthLinkGate } from '../auth/auth-link-gate';
import { NavigationProgress } from '../navigation-progress';
import { ScrollToTop } from '../scroll-to-top';
import { ServiceWorkerNavigation } from '../service-worker-navigation';
import { SkipLink } from '../skip-link';

/**
 * Wraps every route: skip link, scroll reset, the loading bar between screens, the return to
 * the last location after the page was hidden, auth callback links (spec §2, §4) and
 * navigation asked by the service worker.
 */
export function RootLayout() {
  useLastLocation();
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <ServiceWorkerNavigation />
      <AuthLinkGate>
        <Outlet />
      </AuthLinkGate>
    </>
  );
}
