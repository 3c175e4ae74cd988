/** Every route path of spec §2, in one place. */
export const paths = {
  landing: '/',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
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
