import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { onLongAbsence, onSessionCleared } from '@/lib/auth/session-store';
import { profileQueryKey } from '@/lib/auth/user';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { persistOptions } from '@/lib/query-persistence';
import { GivenQueryClient } from './data-layer-context';

/** Bumped when cached payloads change shape: an older persisted cache is then dropped. */
const PERSISTED_CACHE_VERSION = '1';
const appPersistOptions = persistOptions(PERSISTED_CACHE_VERSION);

/**
 * Ties a query cache to the session (spec §4, decision 051): a sign-out or a 401 clears it, and
 * a return after a long absence refetches the profile with the user.
 */
function followSession(client: QueryClient): () => void {
  const stopClearing = onSessionCleared(() => client.clear());
  const stopRefetching = onLongAbsence(() => {
    void client.invalidateQueries({ queryKey: profileQueryKey });
  });
  return () => {
    stopClearing();
    stopRefetching();
  };
}

// The app's cache outlives the screens that mount it (navigating between them keeps it), so it
// follows the session from the moment this module loads.
followSession(appQueryClient);

/**
 * The data layer (decision 160): TanStack Query's cache, persisted in local storage for offline
 * use (spec §9), for the screens that fetch through it. The router mounts it as a lazy layout
 * around the signed-in area and the public screens that need it, so the landing and the
 * sign-in screens load none of it. A client given by a test (AppProviders' `queryClient`, or
 * the prop) is used instead, unpersisted.
 */
export function DataProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const given = useContext(GivenQueryClient);
  const client = queryClient ?? given;
  useEffect(() => (client ? followSession(client) : undefined), [client]);
  if (client) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider client={appQueryClient} persistOptions={appPersistOptions}>
      {children}
    </PersistQueryClientProvider>
  );
}

/** The data layer as a pathless route: its child routes render inside it. */
export function DataLayer() {
  return (
    <DataProviders>
      <Outlet />
    </DataProviders>
  );
}
