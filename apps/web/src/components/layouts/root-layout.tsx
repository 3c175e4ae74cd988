import { Outlet } from 'react-router';
import { NavigationProgress } from '../navigation-progress';
import { ScrollToTop } from '../scroll-to-top';
import { ServiceWorkerNavigation } from '../service-worker-navigation';
import { SkipLink } from '../skip-link';

/** Wraps every route: skip link, scroll reset, the loading bar between screens, SW navigation. */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <ServiceWorkerNavigation />
      <Outlet />
    </>
  );
}
