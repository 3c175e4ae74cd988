import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * First-party page analytics (spec §2): views counted per day (Europe/Rome) and route. No IP,
 * no user id, no cookie: nothing here identifies a visitor.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.route] })],
);
