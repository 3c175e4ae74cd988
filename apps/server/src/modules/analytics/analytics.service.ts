import { pageRoute } from '@radar/shared';
import type { Db } from '../../db/client';
import { incrementPageView, type TopPage, topPages } from './analytics.repository';

/** The report's window (`npm run analytics`): the last 30 days, today included. */
export const ANALYTICS_REPORT_DAYS = 30;

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) in Italy of an instant. */
export function dayInRome(instant: Date): string {
  return romeDay.format(instant);
}

/** The page analytics calls take these first (decision 086). */
export type AnalyticsDeps = { db: Db; now: () => Date };

/** Counts one view of the route a path belongs to, on today's date in Italy. */
export async function recordPageview(deps: AnalyticsDeps, path: string): Promise<{ route: string }> {
  const route = pageRoute(path);
  await incrementPageView(deps.db, dayInRome(deps.now()), route);
  return { route };
}

/** The top pages of the last `days` days (today included). */
export async function topPagesReport(
  deps: AnalyticsDeps,
  days = ANALYTICS_REPORT_DAYS,
  limit = 20,
): Promise<{ from: string; pages: TopPage[] }> {
  const from = dayInRome(new Date(deps.now().getTime() - (days - 1) * 24 * 60 * 60 * 1000));
  return { from, pages: await topPages(deps.db, from, limit) };
}
