import { safeRedirectPath } from '@radar/shared';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { FullScreenSpinner } from '../ui/full-screen-spinner';

/** Where a visitor goes to sign in first, coming back to `location` afterwards (spec §2). */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  return `${paths.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)}`;
}

/**
 * Signed-in routes: a spinner while the user loads; a visitor is sent to the login, and a user
 * who just signed out to the landing page.
 */
export function RequireAuth() {
  const { status: current, signedOutByUser } = useAuth();
  // Once the session is known, the signed-in layout and screen render in the background, in
  // slices that leave the main thread free, while the spinner stays (decision 164). Any other
  // change (a sign-out) applies at once. Mounted when the session is already known, the guard
  // starts from "loading" too (the initial value): otherwise the whole screen would render in
  // the mounting render, which is synchronous when a store's change started it (decision 178).
  const deferred = useDeferredValue(current, 'loading');
  const status = current === 'signedIn' && deferred === 'loading' ? 'loading' : current;
  const location = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signedOut')
    return <Navigate to={signedOutByUser ? paths.landing : loginPathFor(location)} replace />;
  return <Outlet />;
}

/**
 * Signed-out routes (the landing and the auth screens): a signed-in user goes to the
 * `redirect` query value when it is a path of this site, else to /home. While the session is
 * being checked a spinner shows, or with `showWhileLoading` the page itself (the landing: its
 * prerendered first paint stays on screen, decision 164; a signed-in user moves on once known).
 */
export function RequireSignedOut({ showWhileLoading = false }: { showWhileLoading?: boolean }) {
  const { status } = useAuth();
  const [searchParams] = useSearchParams();
  if (status === 'loading') return showWhileLoading ? <Outlet /> : <FullScreenSpinner />;
  if (status === 'signedIn')
    return <Navigate to={safeRedirectPath(searchParams.get('redirect'), paths.home)} replace />;
  return <Outlet />;
}
