import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { LazyToaster } from '@/components/ui/toaster-lazy';
import { clearLocalFilters } from '@/features/filters/api/local-cache';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { clearSession } from '@/lib/auth/session-store';
import { ThemeProvider } from '@/lib/theme-context';
import { GivenQueryClient } from './data-layer-context';

/**
 * Everything every screen relies on: error safety net, authentication (the session store),
 * theme and toasts. i18n needs no provider: `@/lib/i18n` binds its instance to react-i18next on
 * import. The query cache is no part of it: the data layer (data-layer.tsx) is mounted by the
 * router around the screens that fetch (decision 160).
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests: the query client the data layer uses (unpersisted) instead of the app's. */
  queryClient?: QueryClient;
}) {
  // Spec §4: a 401 from any call clears all cached data, and with it the signed-in user.
  useEffect(() => setUnauthorizedHandler(clearSession), []);

  return (
    <AppErrorBoundary>
      <GivenQueryClient.Provider value={queryClient}>
        {/* A sign-out or a 401 also forgets the saved filters' browser copy. */}
        <AuthProvider onClearSession={clearLocalFilters}>
          <ThemeProvider>
            {children}
            <LazyToaster />
          </ThemeProvider>
        </AuthProvider>
      </GivenQueryClient.Provider>
    </AppErrorBoundary>
  );
}
