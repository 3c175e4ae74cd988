import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from './error-fallback';

/** A screen's code failed to download, typically because a new version was deployed. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/**
 * The router's error element. Try Again navigates to the same location, which clears the
 * route error and renders the screen again; a failed code download reloads the page instead
 * so the browser fetches the current version.
 */
export function RouteErrorBoundary({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  };

  return <ErrorFallback onRetry={retry} fullScreen={fullScreen} />;
}

/** The boundary of the root route: nothing of the page chrome is left, so it fills the screen. */
export function RootErrorBoundary() {
  return <RouteErrorBoundary fullScreen />;
}
