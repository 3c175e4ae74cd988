import { whatsNewSchema } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses';
import { requireUser } from '../auth/auth.plugin';
import { getWhatsNew, markWhatsNewSeen } from './whats-new.service';

export const whatsNewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.deps.database.db, now: () => app.now() });

  app.get(
    '/api/whats-new',
    {
      schema: {
        tags: ['whats-new'],
        summary:
          "What's New: the product's changes, the platform updates received, and whether any is unread",
        response: { 200: whatsNewSchema, ...errorResponses(401) },
      },
    },
    async (request) => getWhatsNew(deps(), requireUser(request), request.language),
  );

  app.post(
    '/api/whats-new/seen',
    {
      schema: {
        tags: ['whats-new'],
        summary: "Records that the user opened What's New (clears the navigation's dot)",
        response: { 204: z.null().describe('Recorded.'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await markWhatsNewSeen(deps(), requireUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
