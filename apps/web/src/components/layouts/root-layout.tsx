import { Outlet } from 'react-router';
import { useLastLocation } from '@/lib/last-location';
import { AuthLinkGate } from '../auth/auth-link-gate';
import { NavigationProgress } from '../navigation-progress';
import { ScrollToTop } from '../scroll-to-top';
import { ServiceWorkerNavigation } from '../service-worker-navigation';
import { SkipLink } from '../skip-link';
import { SpaLinks } from '../spa-links';

/**
 * Wraps every route: skip link, scroll reset, the loading bar between screens, the return to
 * the last location after the page was hidden, auth callback links (spec §2, §4),
 * navigation asked by the service worker and in-app navigation of same-origin links.
 */
export function RootLayout() {
  useLastLocation();
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <ServiceWorkerNavigation />
      <SpaLinks />
      <AuthLinkGate>
        <Outlet />
      </AuthLinkGate>
    </>
  );
}
