import { desc, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema';

/** Adds one view of `route` on `day` (one row per day and route). */
export async function incrementPageView(db: Db, day: string, route: string): Promise<void> {
  await db
    .insert(pageViews)
    .values({ day, route, views: 1 })
    .onConflictDoUpdate({
      target: [pageViews.day, pageViews.route],
      set: { views: sql`${pageViews.views} + 1` },
    });
}

export type TopPage = { route: string; views: number };

/** The routes most viewed since `fromDay` (inclusive), most viewed first. */
export async function topPages(db: Db, fromDay: string, limit: number): Promise<TopPage[]> {
  const total = sum(pageViews.views).mapWith(Number);
  const rows = await db
    .select({ route: pageViews.route, views: total })
    .from(pageViews)
    .where(gte(pageViews.day, fromDay))
    .groupBy(pageViews.route)
    .orderBy(desc(total), pageViews.route)
    .limit(limit);
  return rows.map((row) => ({ route: row.route, views: row.views ?? 0 }));
}
