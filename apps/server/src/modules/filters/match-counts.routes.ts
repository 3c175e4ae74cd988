/**
 * `GET /api/filters/match-counts`: per saved filter, how many current tournaments (not
 * concluded: end date today or later, Rome) it matches now, with the matching engine's own
 * predicate (`filterMatchesCompetitionSql`), so the count is what explore shows with it applied.
 */
import { filterMatchCountsSchema, romeDate } from '@radar/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { competitions, filters } from '../../db/schema';
import { errorResponses } from '../../http/error-responses';
import { requireUser } from '../auth/auth.plugin';
import { filterMatchesCompetitionSql, matchInstant } from './filter-sql';
import type { FiltersDeps } from './filters.service';

export async function filterMatchCounts(deps: FiltersDeps, userId: string) {
  const now = deps.now();
  const at = matchInstant(now);
  const rows = await deps.db
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
    async (request) =>
      filterMatchCounts({ db: app.deps.database.db, now: () => app.now() }, requireUser(request).id),
  );
};
