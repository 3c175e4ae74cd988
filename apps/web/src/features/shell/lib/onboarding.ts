import { readStorage, writeStorage } from '@/lib/storage';

/** The three onboarding steps of spec §1. */
export const ONBOARDING_STEPS = ['createFilters', 'getNotified', 'subscribe'] as const;

/** Local storage key noting that this user has seen the guide (one per account on a device). */
export const onboardingStorageKey = (userId: string) => `onboardingSeen:${userId}`;

export function hasSeenOnboarding(userId: string): boolean {
  return readStorage(onboardingStorageKey(userId)) === 'true';
}

export function markOnboardingSeen(userId: string): void {
  writeStorage(onboardingStorageKey(userId), 'true');
}

/** Session storage key: the user who just signed in on this page, whose guide is due. */
export const ONBOARDING_DUE_KEY = 'onboardingDue';

export function markOnboardingDue(userId: string): void {
  try {
    window.sessionStorage.setItem(ONBOARDING_DUE_KEY, userId);
  } catch {
    // Without session storage the guide stays reachable from the help icon.
  }
}

/** Whether the guide should open by itself for this user: just signed in, never seen here. */
export function isOnboardingDue(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(ONBOARDING_DUE_KEY) === userId && !hasSeenOnboarding(userId);
  } catch {
    return false;
  }
}
