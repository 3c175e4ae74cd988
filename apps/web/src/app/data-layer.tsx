import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { type ReactNode, useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { onLongAbsence, onSessionCleared } from '@/lib/auth/session-store';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { profileKey } from '@/lib/query-keys';
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
    void client.invalidateQueries({ queryKey: profileKey });
  });
  return () => {
    stopClearing();
    stopRefetching();
  };
}

// The app's cache outlives the screens that mount it (navigating between them keeps it), so it
// follows the session from the moment this module loads.
followSession(appQueryClient);

let persistence: Promise<void> | null = null;

/**
 * The app's client as the persister's functions type it: the persist client package pins an
 * older query-core (5.104) than react-query's (5.108); the client is the same object either way,
 * as it was for PersistQueryClientProvider.
 */
const persistedClient = appQueryClient as unknown as Parameters<
  typeof persistQueryClientRestore
>[0]['queryClient'];

/**
 * Restores the app's cache from local storage (only when the app opens offline, see
 * lib/query-persistence) and from then on keeps it there; once per page. The router awaits it
 * before the data layer's first render (`dataLayer` in router.tsx), so no screen renders before
 * the restored data is there, and nothing changes under the screens once they have rendered.
 * (TanStack's PersistQueryClientProvider restored after the first render and then flipped its
 * "restoring" flag: a second, synchronous render of the whole screen on every page load,
 * decision 178.)
 */
export function startPersistence(): Promise<void> {
  persistence ??= persistQueryClientRestore({ queryClient: persistedClient, ...appPersistOptions })
    // An unreadable copy is dropped by the restore itself; the app starts from an empty cache.
    .catch(() => undefined)
    .then(() => {
      persistQueryClientSubscribe({ queryClient: persistedClient, ...appPersistOptions });
    });
  return persistence;
}

/**
 * The data layer (decision 160): TanStack Query's cache, persisted in local storage for offline
 * use (spec §9, {@link startPersistence}), for the screens that fetch through it. The router
 * mounts it as a lazy layout around the signed-in area and the public screens that need it, so
 * the landing and the sign-in screens load none of it. A client given by a test (AppProviders'
 * `queryClient`, or the prop) is used instead, unpersisted.
 */
export function DataProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const given = useContext(GivenQueryClient);
  const client = queryClient ?? given;
  useEffect(() => {
    if (client) return followSession(client);
    void startPersistence();
  }, [client]);
  return <QueryClientProvider client={client ?? appQueryClient}>{children}</QueryClientProvider>;
}

/** The data layer as a pathless route: its child routes render inside it. */
export function DataLayer() {
  return (
    <DataProviders>
      <Outlet />
    </DataProviders>
  );
}
