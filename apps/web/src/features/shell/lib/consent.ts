import { useSyncExternalStore } from 'react';
import { isStandalone } from '@/lib/display-mode';
import { readStorage, writeStorage } from '@/lib/storage';

/** Local storage key of the cookie consent (spec §2 "Cookie consent bar"). */
export const CONSENT_STORAGE_KEY = 'cookieConsent';

/**
 * Session storage key of a decline (docs/decisions/197): it lasts as long as the browser session
 * (reloads included) and is gone with it; no consent is stored.
 */
export const CONSENT_DECLINED_SESSION_KEY = 'cookieConsentDeclined';

/**
 * The consent state: `accepted` (stored), `declined` (this session only: the bar is hidden
 * until the next session, no consent is stored) or `unset` (the bar shows).
 */
export type ConsentState = 'accepted' | 'declined' | 'unset';

/** Where session storage is unavailable (it can throw), a decline lasts the page only. */
let declinedInMemory = false;
function declinedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(CONSENT_DECLINED_SESSION_KEY) === '1';
  } catch {
    return declinedInMemory;
  }
}
function rememberDecline(declined: boolean): void {
  declinedInMemory = declined;
  try {
    if (declined) window.sessionStorage.setItem(CONSENT_DECLINED_SESSION_KEY, '1');
    else window.sessionStorage.removeItem(CONSENT_DECLINED_SESSION_KEY);
  } catch {
    // Kept in memory only (declinedInMemory): the bar comes back on the next load.
  }
}

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * The current consent. In installed (standalone) mode the consent is set to accepted
 * automatically (and stored), so the bar never shows there.
 */
export function readConsent(): ConsentState {
  if (readStorage(CONSENT_STORAGE_KEY) === 'accepted') return 'accepted';
  if (isStandalone()) {
    writeStorage(CONSENT_STORAGE_KEY, 'accepted');
    return 'accepted';
  }
  return declinedThisSession() ? 'declined' : 'unset';
}

export function acceptConsent(): void {
  writeStorage(CONSENT_STORAGE_KEY, 'accepted');
  emit();
}

/**
 * Decline hides the bar for this browser session only (spec §2): reloads keep it hidden, a new
 * session asks again. No consent is stored.
 */
export function declineConsent(): void {
  rememberDecline(true);
  emit();
}

/** For tests: a new browser session (the session's decline forgotten). */
export function resetConsentSession(): void {
  rememberDecline(false);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The consent, except while the prerendered landing hydrates: the prerender shows no bar (a
 * returning visitor, who accepted, would see it flash), so hydration renders none either and the
 * bar appears right after, as it did when the app replaced the page (decision 205).
 */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, readConsent, () => 'declined' as const);
}
