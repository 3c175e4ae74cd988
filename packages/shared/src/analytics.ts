import { z } from 'zod';

/** `POST /api/analytics/pageview`: the path of the screen shown (spec §2 page analytics). */
export const pageviewBodySchema = z
  .object({
    path: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .regex(/^\/(?!\/)/, 'must be an app path starting with /'),
  })
  .meta({ id: 'Pageview' });
export type PageviewBody = z.infer<typeof pageviewBodySchema>;

/** Routes with a parameter are counted as their pattern (spec §2 route table). */
const PATTERNS: readonly [RegExp, string][] = [
  [/^\/communication\/[^/]+$/, '/communication/:notificationId'],
  [/^\/competition\/[^/]+$/, '/competition/:guid'],
];

/** The routes of spec §2: any other path is counted as the not-found page. */
const KNOWN_ROUTES = new Set([
  '/',
  '/home',
  '/explore',
  '/subscriptions',
  '/filters',
  '/settings',
  '/whatsnew',
  '/communication',
  '/auth/login',
  '/auth/register',
  '/auth/verify',
  '/auth/reset-password',
  '/auth/reset-password/confirm',
  '/privacy',
  '/terms',
  '/contact',
  '/goodbye',
  '/unsubscribe',
  '/donate',
  '/ambassador',
]);

export const NOT_FOUND_ROUTE = '(not found)';

/**
 * The route a path is counted under: its pattern for parameterised routes (no ids kept), the
 * path for the known screens, `(not found)` for anything else, so the table stays small and
 * holds nothing personal. The query string and hash are dropped.
 */
export function pageRoute(path: string): string {
  const pathname = (path.split(/[?#]/, 1)[0] ?? '/').replace(/\/+$/, '') || '/';
  for (const [pattern, route] of PATTERNS) if (pattern.test(pathname)) return route;
  return KNOWN_ROUTES.has(pathname) ? pathname : NOT_FOUND_ROUTE;
}
