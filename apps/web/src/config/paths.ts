/** Every route path of spec §2, in one place. */
export const paths = {
  landing: '/',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  donate: '/donate',
  ambassador: '/ambassador',
  unsubscribe: '/unsubscribe',
  home: '/home',
  explore: '/explore',
  subscriptions: '/subscriptions',
  filters: '/filters',
  settings: '/settings',
  whatsnew: '/whatsnew',
  communication: '/communication',
  notification: (notificationId: string) => `/communication/${encodeURIComponent(notificationId)}`,
  competition: (guid: string) => `/competition/${encodeURIComponent(guid)}`,
  login: '/auth/login',
  register: '/auth/register',
  verify: '/auth/verify',
  resetPassword: '/auth/reset-password',
  resetPasswordConfirm: '/auth/reset-password/confirm',
  goodbye: '/goodbye',
} as const;

/** A path with its query string, leaving out empty values. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Explore with a filter's criteria applied (its address form, as explore reads it): only the
 * criteria set ("all" and empty ones are left out).
 */
export function exploreWithCriteria(
  criteria: Partial<Record<string, string | number | null | undefined>>,
): string {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (value === null || value === undefined || value === '' || value === 0 || value === 'all') continue;
    query[key] = String(value);
  }
  return withQuery(paths.explore, query);
}
