/**
 * Every screen of spec §2, the one list the screens check (tests/screens.spec.ts) walks: each
 * route signed out and signed in where it exists that way, at a phone and a desktop width, in
 * light and dark, Italian and English. A new screen is one more entry here.
 */

/** What the walk found before visiting: data the detail routes need (absent when there is none). */
export interface RouteContext {
  /** A competition the simulator published (searched through the API at the start). */
  competitionGuid: string | null;
  /** A notification of the signed-in user, when the inbox has one. */
  notificationId: string | null;
}

export interface ScreenRoute {
  /** File name of the screenshots, and the test's label. */
  name: string;
  /** The address to open, or null when the context has no data for it (the route is skipped). */
  path: string | ((context: RouteContext) => string | null);
  /** Visited signed out (public and signed-out-only routes). */
  signedOut: boolean;
  /** Visited signed in (public and signed-in routes). */
  signedIn: boolean;
}

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // Signed-out only: a signed-in user is sent on (spec §2).
  { name: 'landing', path: '/', signedOut: true, signedIn: false },
  { name: 'login', path: '/auth/login', signedOut: true, signedIn: false },
  { name: 'register', path: '/auth/register', signedOut: true, signedIn: false },
  { name: 'verify', path: '/auth/verify?email=anna%40example.it', signedOut: true, signedIn: false },
  { name: 'reset-password', path: '/auth/reset-password', signedOut: true, signedIn: false },
  {
    name: 'reset-password-confirm',
    path: '/auth/reset-password/confirm?email=anna%40example.it',
    signedOut: true,
    signedIn: false,
  },
  // Public: both ways (the header differs).
  { name: 'privacy', path: '/privacy', signedOut: true, signedIn: true },
  { name: 'terms', path: '/terms', signedOut: true, signedIn: true },
  { name: 'contact', path: '/contact', signedOut: true, signedIn: true },
  { name: 'goodbye', path: '/goodbye', signedOut: true, signedIn: true },
  { name: 'unsubscribe', path: '/unsubscribe', signedOut: true, signedIn: true },
  { name: 'not-found', path: '/no/such/page', signedOut: true, signedIn: true },
  { name: 'donate', path: '/donate', signedOut: true, signedIn: true },
  { name: 'ambassador', path: '/ambassador', signedOut: true, signedIn: true },
  // Signed in.
  { name: 'home', path: '/home', signedOut: false, signedIn: true },
  { name: 'explore', path: '/explore', signedOut: false, signedIn: true },
  { name: 'explore-overview', path: '/explore?tab=overview', signedOut: false, signedIn: true },
  { name: 'explore-schedule', path: '/explore?tab=schedule', signedOut: false, signedIn: true },
  { name: 'explore-documents', path: '/explore?tab=documents', signedOut: false, signedIn: true },
  { name: 'subscriptions', path: '/subscriptions', signedOut: false, signedIn: true },
  { name: 'filters', path: '/filters', signedOut: false, signedIn: true },
  { name: 'settings-profile', path: '/settings', signedOut: false, signedIn: true },
  { name: 'settings-fitp', path: '/settings?tab=fitp', signedOut: false, signedIn: true },
  { name: 'settings-notifications', path: '/settings?tab=notifications', signedOut: false, signedIn: true },
  { name: 'settings-account', path: '/settings?tab=account', signedOut: false, signedIn: true },
  { name: 'whatsnew', path: '/whatsnew', signedOut: false, signedIn: true },
  { name: 'communication', path: '/communication', signedOut: false, signedIn: true },
  {
    name: 'communication-detail',
    path: ({ notificationId }) => (notificationId ? `/communication/${notificationId}` : null),
    signedOut: false,
    signedIn: true,
  },
  {
    name: 'competition',
    path: ({ competitionGuid }) => (competitionGuid ? `/competition/${competitionGuid}` : null),
    signedOut: false,
    signedIn: true,
  },
  { name: 'competition-not-found', path: '/competition/not-a-guid', signedOut: false, signedIn: true },
];

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Where the screens test saves its screenshots (ignored by git): one per page, viewport, language and theme. */
export const SCREENSHOTS_DIR = '.e2e-screens';
