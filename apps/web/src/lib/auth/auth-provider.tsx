import { HIDDEN_REFETCH_MINUTES, STORAGE_KEYS, type User } from '@radar/shared';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { apiClient } from '../api-client';
import { setLanguage } from '../i18n';
import { readStorage } from '../storage';
import {
  type AuthStatus,
  clearSession,
  getHydrationSession,
  getSession,
  markSignedOutByUser,
  notifyLongAbsence,
  onSessionCleared,
  refreshUser,
  setUser as setSessionUser,
  startSession,
  subscribeSession,
} from './session-store';

export type { AuthStatus } from './session-store';

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
   * known user), and concurrent calls share one request (spec §4). `force` skips the throttle.
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

function setUser(user: User): void {
  // Signing in on this browser: the interface follows the profile's language (and keeps it).
  if (setSessionUser(user)) void setLanguage(user.language);
}

async function signOut(): Promise<void> {
  try {
    await apiClient.post('/logout');
  } finally {
    markSignedOutByUser();
    clearSession();
  }
}

/**
 * The authentication state of spec §4: loading, then signed in or signed out. The state lives in
 * the session store (`session-store.ts`, no query cache: decision 160); a 401 from any call
 * clears it (see AppProviders) and this provider re-renders as signed out.
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
  const session = useSyncExternalStore(subscribeSession, getSession, getHydrationSession);

  useEffect(() => startSession(), []);
  useEffect(() => (onClearSession ? onSessionCleared(onClearSession) : undefined), [onClearSession]);

  // A session found at start on a browser with no language chosen yet (a new device after a
  // social sign-in): the profile's language, spec §9's stored choice, rather than the browser's.
  const startUser = session.user;
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
        notifyLongAbsence();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...session, refreshUser, setUser, signOut, clearSession }),
    [session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The authentication state; only inside an AuthProvider. */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
