import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { Toaster } from '@/components/ui/toaster';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { userQueryKey } from '@/lib/auth/user';
import { clearLocalFilters } from '@/lib/filters/local-cache';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme-context';

/**
 * Everything the screens rely on: error safety net, query cache, authentication, theme and toasts.
 * i18n needs no provider: `@/lib/i18n` binds its instance to react-i18next on import.
 */
export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  // Spec §4: a 401 from any call clears all cached data, and with it the signed-in user.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        queryClient.clear();
        clearLocalFilters();
        queryClient.setQueryData(userQueryKey, null);
      }),
    [queryClient],
  );

  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ThemeProvider>
            {children}
            <Toaster />
          </ThemeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
