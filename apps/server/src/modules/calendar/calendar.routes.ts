import { calendarFeedSchema, calendarTokenParamSchema } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../domain/errors';
import { errorResponses } from '../../http/error-responses';
import { requireUser } from '../auth/auth.plugin';
import { type CalendarDeps, getFeed, renderFeed, resetFeed } from './calendar.service';

/** The personal calendar feed: its address (signed in) and the feed itself (by its secret address). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CalendarDeps => ({
    db: app.deps.database.db,
    now: () => app.now(),
    publicUrl: app.deps.config.publicUrl,
  });

  app.get(
    '/api/calendar',
    {
      schema: {
        tags: ['calendar'],
        summary: "The secret address of the user's calendar feed (created on first ask)",
        response: { 200: calendarFeedSchema, ...errorResponses(401) },
      },
    },
    async (request) => getFeed(deps(), requireUser(request).id),
  );

  app.post(
    '/api/calendar/reset',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Replaces the feed token: the old address stops answering',
        response: { 200: calendarFeedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => resetFeed(deps(), requireUser(request).id),
  );

  app.get(
    '/api/calendar/feed/:token',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The feed (text/calendar, RFC 5545): followed tournaments and registration deadlines',
        description: 'No sign-in: the address is the credential. An unknown or reset token answers 404.',
        params: calendarTokenParamSchema,
        response: { 200: z.string().describe('text/calendar'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const body = await renderFeed(deps(), request.params.token.replace(/\.ics$/, ''));
      if (body === null) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=900')
        .header('content-disposition', 'inline; filename="radar-tornei.ics"')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );
};
