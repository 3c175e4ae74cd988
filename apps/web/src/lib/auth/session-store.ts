import { USER_REFETCH_THROTTLE_MS, type User } from '@radar/shared';
import { clearPersistedQueries, PERSISTED_CACHE_MAX_AGE_MS } from '../query-cache-storage';
import { retryDelay, shouldRetry } from '../retry';
import { readStorage, removeStorage, writeStorage } from '../storage';
import { fetchUser } from './user';

/**
 * The session of spec §4 as a small store of its own (decision 160): no query cache on the
 * first load of the landing and the sign-in screens. React reads it through `useAuth`
 * (useSyncExternalStore); the data layer, mounted later around the screens that fetch, listens
 * for a cleared session to clear its cache.
 */

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: AuthStatus;
  user: User | null;
  /**
   * True once the user signed out on this page (the header's logout, spec §4): the signed-in
   * routes then lead to the landing rather than to a login asking to come back.
   */
  signedOutByUser: boolean;
}

/**
 * Local storage key of the signed-in user, kept for two readers: the app opening offline
 * (spec §9, the user as last known, as the persisted query cache keeps the data) and the
 * prerendered landing's inline script, which leaves #root empty for a signed-in user
 * (apps/web/build/prerender-landing.ts, decision 164). Removed on sign-out and on any 401.
 */
export const SESSION_STORAGE_KEY = 'radar-session';

interface StoredSession {
  user: User;
  savedAt: number;
}

const INITIAL: SessionState = { status: 'loading', user: null, signedOutByUser: false };

let state: SessionState = INITIAL;
/** When the user was last fetched or given (login), for the 2-second throttle of spec §4. */
let updatedAt = 0;
let started = false;
let inFlight: Promise<User | null> | null = null;
/** Bumped by every reset, so an answer to an older probe is dropped. */
let generation = 0;
const listeners = new Set<() => void>();
const clearListeners = new Set<() => void>();
const absenceListeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function storeUser(user: User): void {
  writeStorage(SESSION_STORAGE_KEY, JSON.stringify({ user, savedAt: Date.now() } satisfies StoredSession));
}

/** The user kept by the last page load, if recent enough (the persisted cache's age limit). */
function storedUser(): User | null {
  try {
    const stored = JSON.parse(readStorage(SESSION_STORAGE_KEY) ?? 'null') as StoredSession | null;
    if (!stored?.user || Date.now() - stored.savedAt > PERSISTED_CACHE_MAX_AGE_MS) return null;
    return stored.user;
  } catch {
    return null;
  }
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function getSession(): SessionState {
  return state;
}

/**
 * The state the prerendered landing's hydration renders (decision 205). The landing was rendered
 * with nothing known (loading); a visitor's landing is the same page once the probe said signed
 * out, so that state is used as it is (no second render right after hydration). A user the probe
 * found signed in (a session cookie without the stored copy that keeps the prerender away) is
 * hydrated as loading, then moves on.
 */
export function getHydrationSession(): SessionState {
  return state.status === 'signedIn' ? INITIAL : state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * What else a sign-out or a 401 forgets (the query cache, the saved filters' browser copy):
 * registered by the layers that keep them, since this store imports none of them.
 */
export function onSessionCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => {
    clearListeners.delete(listener);
  };
}

/**
 * Back after more than 300 minutes away (spec §4): the user is fetched again, and the data
 * layer refetches what else may have changed elsewhere (the profile).
 */
export function onLongAbsence(listener: () => void): () => void {
  absenceListeners.add(listener);
  return () => {
    absenceListeners.delete(listener);
  };
}

export function notifyLongAbsence(): void {
  for (const listener of absenceListeners) listener();
}

/** The server's answer: the user (kept for offline and the landing's script) or nobody. */
function applyUser(user: User | null): void {
  updatedAt = Date.now();
  if (user) {
    storeUser(user);
    set({ status: 'signedIn', user });
  } else if (state.user || readStorage(SESSION_STORAGE_KEY) !== null) {
    // The session ended elsewhere (expired, signed out on another device): forget its data too.
    clearSession();
  } else {
    set({ status: 'signedOut', user: null });
  }
}

/** A failed probe is tried once more after a second when that can help (spec §9), as the queries are. */
function probe(retries: number): Promise<User | null> {
  const current = generation;
  return fetchUser().then(
    (user) => {
      if (current === generation) applyUser(user);
      return user;
    },
    async (error: unknown) => {
      if (current !== generation) throw error;
      if (retries > 0 && shouldRetry(0, error)) {
        await new Promise((resolve) => setTimeout(resolve, retryDelay(0)));
        return probe(retries - 1);
      }
      // The user stays as known (offline, a passing failure); unknown, it is a visitor.
      if (state.status === 'loading') set({ status: 'signedOut', user: null });
      throw error;
    },
  );
}

/**
 * Asks the server for the session once (GET /api/session, decision 150: a visitor is a 200,
 * no console error). Offline, the user last known on this browser is signed in at once, so the
 * app opens with the persisted data (spec §9); the probe still runs and settles it when it can.
 */
export function startSession(): void {
  if (started) return;
  started = true;
  if (isOffline()) {
    const user = storedUser();
    if (user) set({ status: 'signedIn', user });
  }
  const request = probe(1).finally(() => {
    if (inFlight === request) inFlight = null;
  });
  inFlight = request;
  request.catch(() => undefined);
}

/**
 * Fetches the user again: at most once every 2 seconds (a call within that time gets the known
 * user), and concurrent calls share one request (spec §4). `force` skips the throttle.
 */
export function refreshUser({ force = false }: { force?: boolean } = {}): Promise<User | null> {
  if (inFlight) return inFlight;
  const fresh = state.status !== 'loading' && Date.now() - updatedAt < USER_REFETCH_THROTTLE_MS;
  if (fresh && !force) return Promise.resolve(state.user);
  started = true;
  const request = probe(0).finally(() => {
    if (inFlight === request) inFlight = null;
  });
  inFlight = request;
  return request;
}

/** An answer given meanwhile (a login, a sign-out) is newer than the probe in flight: drop it. */
function forgetProbe(): void {
  generation += 1;
  inFlight = null;
}

/**
 * A call that signed the user in (login, verification) or changed them returned the user.
 * Answers whether this signed the user in on this browser (then the interface follows the
 * profile's language, decision 152).
 */
export function setUser(user: User): boolean {
  const signingIn = !state.user;
  forgetProbe();
  updatedAt = Date.now();
  storeUser(user);
  set({ status: 'signedIn', user, signedOutByUser: false });
  return signingIn;
}

/**
 * The session is gone (sign-out, a 401 from any call, the account deleted): forget the user,
 * the persisted query cache at once (a reload must not bring the old session back, decision
 * 051) and whatever the listeners keep.
 */
export function clearSession(): void {
  forgetProbe();
  removeStorage(SESSION_STORAGE_KEY);
  clearPersistedQueries();
  for (const listener of clearListeners) listener();
  updatedAt = Date.now();
  set({ status: 'signedOut', user: null });
}

/** The user signed out on this page (the header's logout): the signed-in routes lead to `/`. */
export function markSignedOutByUser(): void {
  set({ signedOutByUser: true });
}

/** Tests: back to a page just opened (listeners registered by layers stay). */
export function resetSessionStore(): void {
  forgetProbe();
  state = INITIAL;
  updatedAt = 0;
  started = false;
  for (const listener of listeners) listener();
}
