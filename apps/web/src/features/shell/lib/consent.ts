import { useSyncExternalStore } from 'react';
import { isStandalone } from '@/lib/display-mode';
import { readStorage, writeStorage } from '@/lib/storage';

/** Local storage key of the cookie consent (spec §2 "Cookie consent bar"). */
export const CONSENT_STORAGE_KEY = 'cookieConsent';

/**
 * The consent state: `accepted` (stored), `declined` (this session only: the bar is hidden
 * until the next visit, nothing is stored) or `unset` (the bar shows).
 */
export type ConsentState = 'accepted' | 'declined' | 'unset';

let declinedThisSession = false;
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
  return declinedThisSession ? 'declined' : 'unset';
}

export function acceptConsent(): void {
  writeStorage(CONSENT_STORAGE_KEY, 'accepted');
  emit();
}

/** Decline hides the bar for this session (page lifetime) only; nothing is stored. */
export function declineConsent(): void {
  declinedThisSession = true;
  emit();
}

/** For tests: forget the session's decline. */
export function resetConsentSession(): void {
  declinedThisSession = false;
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

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, readConsent, () => 'unset' as const);
}
