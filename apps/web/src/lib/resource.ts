import { useEffect, useSyncExternalStore } from 'react';
import { apiClient } from './api-client';
import { retryDelay, shouldRetry } from './retry';

/**
 * A GET answer shared by every screen that shows it, fetched with the API client once and kept
 * in memory for `maxAgeMs` (a failed call is tried once more, spec §9): what the signed-out
 * screens read (the public configuration, the landing's figures, the sign-in providers)
 * without the query cache (decision 160).
 */
export interface ResourceState<T> {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'success' | 'error';
  isPending: boolean;
  isError: boolean;
}

export interface Resource<T> {
  /** The answer, fetched when first needed and again once older than its age limit. */
  use(): ResourceState<T>;
  /** Sets the answer (tests, or a call that returned it). */
  set(data: T): void;
}

function flags(status: ResourceState<unknown>['status']) {
  return { status, isPending: status === 'pending', isError: status === 'error' };
}

const resets = new Set<() => void>();

/** Tests: every resource forgets its answer. */
export function resetResources(): void {
  for (const reset of resets) reset();
}

export function createResource<T>(path: string, maxAgeMs: number): Resource<T> {
  const pending: ResourceState<T> = { data: undefined, error: null, ...flags('pending') };
  let state = pending;
  let fetchedAt = 0;
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: ResourceState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const load = (attempt = 0): Promise<void> =>
    apiClient.get<T>(path).then(
      (data) => {
        fetchedAt = Date.now();
        set({ data, error: null, ...flags('success') });
      },
      async (error: unknown) => {
        if (shouldRetry(attempt, error)) {
          await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
          return load(attempt + 1);
        }
        // A failure keeps the last answer, as a query does.
        set({ ...state, error, ...flags(state.data === undefined ? 'error' : 'success') });
      },
    );

  const ensure = () => {
    if (inFlight) return;
    if (state.status === 'success' && Date.now() - fetchedAt < maxAgeMs) return;
    if (state.status === 'error') set({ ...state, ...flags('pending') });
    inFlight = load().finally(() => {
      inFlight = null;
    });
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => state;

  resets.add(() => {
    state = pending;
    fetchedAt = 0;
    inFlight = null;
  });

  function useResource(): ResourceState<T> {
    useEffect(ensure, []);
    // Hydrating the prerendered landing: pending, as the prerender rendered it (decision 205).
    return useSyncExternalStore(subscribe, snapshot, () => pending);
  }

  return {
    use: useResource,
    set(data) {
      fetchedAt = Date.now();
      set({ data, error: null, ...flags('success') });
    },
  };
}
