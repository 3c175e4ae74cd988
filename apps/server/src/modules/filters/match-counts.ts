/**
 * `GET /api/filters/match-counts`: per saved filter, how many current tournaments (not
 * concluded: end date today or later, Rome) it matches now, with the matching engine's own
 * predicate (`filterMatchesCompetitionSql`), so the count is what explore shows with it applied.
 */
import { filterMatchCountsSchema, romeDate } from '@radar/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { competitions, filters } from '../../db/schema';
import { errorResponses } from '../../http/error-responses';
import { requireUser } from '../auth/auth.plugin';
import { filterMatchesCompetitionSql, matchInstant } from './filter-sql';

export async function filterMatchCounts(db: Db, userId: string, now: Date) {
  const at = matchInstant(now);
  const rows = await db
    .select({ filterId: filters.id, count: sql<number>`count(${competitions.guid})`.mapWith(Number) })
    .from(filters)
    .leftJoin(
      competitions,
      and(sql`${competitions.endDate} >= ${romeDate(now)}::date`, filterMatchesCompetitionSql(filters, at)),
    )
    .where(eq(filters.userId, userId))
    .groupBy(filters.id)
    .orderBy(asc(filters.id));
  return { items: rows };
}

export const filterMatchCountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/filters/match-counts',
    {
      schema: {
        tags: ['filters'],
        summary: 'How many current tournaments each of the user’s filters matches now',
        response: { 200: filterMatchCountsSchema, ...errorResponses(401) },
      },
    },
    async (request) => filterMatchCounts(app.deps.database.db, requireUser(request).id, app.now()),
  );
};
