import { Outlet } from 'react-router';
import { NavigationProgress } from '../navigation-progress';
import { ScrollToTop } from '../scroll-to-top';
import { SkipLink } from '../skip-link';

/** Wraps every route: skip link, scroll reset and the loading bar between screens. */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
