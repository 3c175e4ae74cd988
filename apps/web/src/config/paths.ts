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
} as const;
