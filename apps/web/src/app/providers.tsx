import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { LazyToaster } from '@/components/ui/toaster-lazy';
import { clearLocalFilters } from '@/features/filters/api/local-cache';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { userQueryKey } from '@/lib/auth/user';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { clearPersistedQueries, persistOptions } from '@/lib/query-persistence';
import { ThemeProvider } from '@/lib/theme-context';

/** What a sign-out or a 401 forgets besides the cache: the saved filters' copy, the persisted cache. */
function clearBrowserCopies() {
  clearLocalFilters();
  clearPersistedQueries();
}

/** Bumped when cached payloads change shape: an older persisted cache is then dropped. */
const PERSISTED_CACHE_VERSION = '1';

/**
 * Everything the screens rely on: error safety net, query cache, authentication, theme and toasts.
 * i18n needs no provider: `@/lib/i18n` binds its instance to react-i18next on import.
 */
export function AppProviders({
  children,
  queryClient = appQueryClient,
  persist = queryClient === appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Keep the cache in local storage (spec §9 offline-first); the app's cache only, not tests'. */
  persist?: boolean;
}) {
  // Spec §4: a 401 from any call clears all cached data, and with it the signed-in user.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        queryClient.clear();
        clearBrowserCopies();
        queryClient.setQueryData(userQueryKey, null);
      }),
    [queryClient],
  );

  const content = (
    <AuthProvider onClearSession={clearBrowserCopies}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </AuthProvider>
  );
  return (
    <AppErrorBoundary>
      {persist ? (
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions(PERSISTED_CACHE_VERSION)}
          // A restored user is checked with the server once (no second call if one is running).
          onSuccess={() =>
            queryClient.invalidateQueries({ queryKey: userQueryKey }, { cancelRefetch: false })
          }
        >
          {content}
        </PersistQueryClientProvider>
      ) : (
        <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
      )}
    </AppErrorBoundary>
  );
}
