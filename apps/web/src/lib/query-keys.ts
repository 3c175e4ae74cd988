import type { SearchCompetitionsBody } from '@radar/shared';

/**
 * Every TanStack Query key of the web client, in one place. A key starts with its resource, so
 * invalidating a prefix (`competitionKeys.all`) reaches every query under it. Keys live here, not
 * in their features, because several features read or invalidate the same data (the competition
 * detail and the search are refreshed by the follow controls and by the FITP card) and a feature
 * never imports another (decision 080): none of them writes a key by hand.
 */

/** The competition details and the search results: everything that shows a follow state or an entry. */
export const competitionKeys = {
  all: ['competitions'] as const,
  details: () => [...competitionKeys.all, 'detail'] as const,
  detail: (guid: string) => [...competitionKeys.details(), guid] as const,
  search: (body: SearchCompetitionsBody) => [...competitionKeys.all, 'search', body] as const,
};

/** The followed tournaments (My tournaments). */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  myTournaments: () => [...subscriptionKeys.all, 'my-tournaments'] as const,
};

/** The user's saved filters (shared by the filters screen, explore and the dashboard). */
export const filterKeys = {
  all: ['filters'] as const,
  list: () => [...filterKeys.all, 'list'] as const,
  /** Under the filters' key, so every filter change asks for the counts again. */
  matchCounts: () => [...filterKeys.all, 'match-counts'] as const,
};

/** The federation card. */
export const fitpKeys = {
  all: ['fitp'] as const,
  data: () => [...fitpKeys.all, 'data'] as const,
  status: () => [...fitpKeys.all, 'status'] as const,
  sync: () => [...fitpKeys.all, 'sync'] as const,
};

/** The inbox: everything under `notificationKeys.all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  detail: (id: string) => [...notificationKeys.all, 'detail', id] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** The dashboard, one entry per place it looks from (the home feature's `NearWhere`). */
export const homeKeys = {
  all: ['home'] as const,
  home: <Where>(where: Where) => [...homeKeys.all, where] as const,
};

/** What's New, per language. */
export const whatsNewKeys = {
  all: ['whats-new'] as const,
  list: (language: string) => [...whatsNewKeys.all, language] as const,
};

/** The settings' profile, refetched with the user after a long absence (spec §4). */
export const profileKey = ['profile'] as const;

/** The signed-in user's notification preferences (Settings › Notifications). */
export const notificationPreferencesKey = ['notification-preferences'] as const;

/** The user's push devices. */
export const deviceTokensKey = ['device-tokens'] as const;

/** The secret address of the user's calendar feed. */
export const calendarFeedKey = ['calendar-feed'] as const;

/** Regions and provinces (`GET /api/reference/geo`). */
export const geoKey = ['reference', 'geo'] as const;

/** The preferences an unsubscribe link opens. */
export const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;
