import { pageviewBodySchema } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses';
import { type AnalyticsDeps, recordPageview } from './analytics.service';

/**
 * First-party, cookieless page analytics (spec §2 "Page analytics is sent on each route
 * change"). The client sends a view only after the cookie consent; the server counts it per
 * day and route and keeps nothing else: no IP, no user id, no session.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AnalyticsDeps = { db: app.deps.database.db, now: () => app.now() };

  app.post(
    '/api/analytics/pageview',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Counts one view of a screen (per day and route; nothing about the visitor is kept)',
        description:
          'Paths of parameterised routes are counted as their pattern (/competition/:guid), unknown paths as (not found).',
        body: pageviewBodySchema,
        response: { 204: z.null().describe('Counted.'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await recordPageview(deps, request.body.path);
      return reply.status(204).send(null);
    },
  );
};
