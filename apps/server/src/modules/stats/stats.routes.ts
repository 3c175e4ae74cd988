import { publicConfigSchema, STATS_CACHE_SECONDS, statsSchema } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses';
import { cachedStats } from './stats.service';

/** Public figures and configuration: no sign-in needed. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = cachedStats({ db: app.deps.database.db, now: () => app.now() });

  app.get(
    '/api/stats',
    {
      schema: {
        tags: ['public'],
        summary: "The landing's figures: active tournaments, active users, regions with an active tournament",
        description: `Counted at most once every ${STATS_CACHE_SECONDS} seconds; browsers and proxies may keep it as long.`,
        response: { 200: statsSchema, ...errorResponses(500) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${STATS_CACHE_SECONDS}`);
      return stats();
    },
  );

  app.get(
    '/api/config/public',
    {
      schema: {
        tags: ['public'],
        summary:
          'Links the client shows only when configured (donation, community, app stores) and the app address',
        description:
          'A null link means its element is hidden. The app promotion bar reads the store links here.',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { ...app.deps.config.links, appUrl: app.deps.config.publicUrl };
    },
  );
};
