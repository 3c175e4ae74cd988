/**
 * The web catalogues (it.json, en.json) are loaded in parts (decision 162): the `public` part,
 * before the first render, holds what the landing, the sign-in screens and the shell say; the
 * `app` part, loaded with the routes that need it (signed-in screens, legal, support, contact,
 * unsubscribe: see app/router.tsx), holds the rest. One language at a time: the other one's
 * parts load when the user switches. The build cuts the parts (build/catalogue-parts.ts).
 */
export const CATALOGUE_PARTS = ['public', 'app'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** The top-level namespaces of the `app` part; every other namespace is `public`. */
export const APP_PART_NAMESPACES: readonly string[] = [
  'ambassador',
  'calendarFeed',
  'communication',
  'competition',
  'competitions',
  'contact',
  'contactForm',
  'dashboard',
  'donate',
  'explore',
  'filters',
  'fitp',
  'home',
  'legal',
  'notificationPreferences',
  'pages',
  'settings',
  'subscriptions',
  'unsubscribe',
  'whatsNew',
];

export function partOfNamespace(namespace: string): CataloguePart {
  return APP_PART_NAMESPACES.includes(namespace) ? 'app' : 'public';
}

/** The namespaces of `catalogue` that belong to `part`. */
export function pickPart<T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(([namespace]) => partOfNamespace(namespace) === part),
  ) as Partial<T>;
}
