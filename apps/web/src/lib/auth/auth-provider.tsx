import { HIDDEN_REFETCH_MINUTES, STORAGE_KEYS, USER_REFETCH_THROTTLE_MS, type User } from '@radar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import { apiClient } from '../api-client';
import { setLanguage } from '../i18n';
import { readStorage } from '../storage';
import { fetchUser, profileQueryKey, userQueryKey } from './user';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /**
   * True once the user signed out on this page (the header's logout, spec §4): the signed-in
   * routes then lead to the landing rather than to a login asking to come back.
   */
  signedOutByUser: boolean;
  /**
   * Fetches the user again: at most once every 2 seconds (a call within that time gets the
   * cached user), and concurrent calls share one request (spec §4). `force` skips the throttle.
   */
  refreshUser(options?: { force?: boolean }): Promise<User | null>;
  /** A call that signed the user in (login, verification) or changed them returned the user. */
  setUser(user: User): void;
  /** Signs out on the server, then forgets the user and every cached answer. */
  signOut(): Promise<void>;
  /** The session is gone already (signed out everywhere, account deleted): forget everything. */
  clearSession(): void;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

const HIDDEN_REFETCH_MS = HIDDEN_REFETCH_MINUTES * 60_000;

/**
 * The authentication state of spec §4: loading, then signed in or signed out. The user is the
 * cached `['user']` query; a 401 from any call clears the cache and with it the user (see
 * AppProviders), and this provider notices and re-renders as signed out.
 */
export function AuthProvider({
  children,
  onClearSession,
}: {
  children: ReactNode;
  /**
   * Forgets what features keep outside the query cache (the browser copy of the saved filters);
   * given by the app layer, since state in `lib/` never imports a feature.
   */
  onClearSession?: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => fetchUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  // Clearing the cache removes the user query; observers are not told, so look again.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (
          (event.type === 'removed' || event.type === 'added') &&
          event.query.queryKey[0] === userQueryKey[0]
        ) {
          rerender();
        }
      }),
    [queryClient],
  );

  const [signedOutByUser, setSignedOutByUser] = useReducer((_: boolean, next: boolean) => next, false);

  const inFlight = useRef<Promise<User | null> | null>(null);
  const refreshUser = useCallback(
    ({ force = false }: { force?: boolean } = {}) => {
      if (inFlight.current) return inFlight.current;
      const state = queryClient.getQueryState<User | null>(userQueryKey);
      const fresh =
        state?.status === 'success' && Date.now() - state.dataUpdatedAt < USER_REFETCH_THROTTLE_MS;
      if (fresh && !force) return Promise.resolve(state.data ?? null);
      const request = queryClient
        .fetchQuery({ queryKey: userQueryKey, queryFn: ({ signal }) => fetchUser(signal), staleTime: 0 })
        .finally(() => {
          inFlight.current = null;
        });
      inFlight.current = request;
      return request;
    },
    [queryClient],
  );

  const clearSession = useCallback(() => {
    queryClient.clear();
    // Spec §4: logout clears all cached data, the filters kept in the browser too.
    onClearSession?.();
    queryClient.setQueryData(userQueryKey, null);
  }, [queryClient, onClearSession]);

  const setUser = useCallback(
    (user: User) => {
      const signingIn = !queryClient.getQueryData<User | null>(userQueryKey);
      setSignedOutByUser(false);
      queryClient.setQueryData(userQueryKey, user);
      // Signing in on this browser: the interface follows the profile's language (and keeps it).
      if (signingIn) void setLanguage(user.language);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await apiClient.post('/logout');
    } finally {
      setSignedOutByUser(true);
      clearSession();
    }
  }, [clearSession]);

  // A session found at start on a browser with no language chosen yet (a new device after a
  // social sign-in): the profile's language, spec §9's stored choice, rather than the browser's.
  const startUser = query.data;
  useEffect(() => {
    if (startUser && readStorage(STORAGE_KEYS.language) === null) void setLanguage(startUser.language);
  }, [startUser]);

  // Back after more than 300 minutes away: the user and the profile may have changed elsewhere.
  useEffect(() => {
    let hiddenAt: number | null = null;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt === null) return;
      const away = Date.now() - hiddenAt;
      hiddenAt = null;
      if (away > HIDDEN_REFETCH_MS) {
        void refreshUser({ force: true }).catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient, refreshUser]);

  // The cache is the truth: it may already hold null (signed out) before the query observer follows.
  const state = queryClient.getQueryState<User | null>(userQueryKey);
  const data = state ? state.data : query.data;
  const pending = (state?.status ?? query.status) === 'pending';
  const status: AuthStatus = data ? 'signedIn' : pending && data === undefined ? 'loading' : 'signedOut';
  const user = data ?? null;

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, signedOutByUser, refreshUser, setUser, signOut, clearSession }),
    [status, user, signedOutByUser, refreshUser, setUser, signOut, clearSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The authentication state; only inside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
