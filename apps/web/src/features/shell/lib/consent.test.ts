import { afterEach, describe, expect, it, vi } from 'vitest';

/** The consent module as a new page load finds it: its code runs again, the browser's storage stays. */
const load = async () => {
  vi.resetModules();
  return import('./consent');
};

afterEach(() => {
  vi.resetModules();
});

describe('cookie consent across page loads', () => {
  it('a decline holds across a reload (same browser session), stores no consent, and a new session asks again', async () => {
    const page = await load();
    expect(page.readConsent()).toBe('unset');
    page.declineConsent();
    expect(page.readConsent()).toBe('declined');

    // A reload: the page's code starts again in the same browser session.
    const reloaded = await load();
    expect(reloaded.readConsent()).toBe('declined');
    expect(window.localStorage.getItem(reloaded.CONSENT_STORAGE_KEY)).toBeNull();

    // A new browser session starts with empty session storage: the bar asks again.
    window.sessionStorage.clear();
    const nextSession = await load();
    expect(nextSession.readConsent()).toBe('unset');
  });

  it('an accept holds in every later session', async () => {
    (await load()).acceptConsent();
    window.sessionStorage.clear();
    expect((await load()).readConsent()).toBe('accepted');
  });
});
