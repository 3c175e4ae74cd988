import { homeQuerySchema, homeSchema } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses';
import { trustedJson } from '../../http/serializers';
import { requireUser } from '../auth/auth.plugin';
import { getHome } from './home.service';

/** `GET /api/home` (spec §7): the whole dashboard in one answer. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home',
    {
      schema: {
        tags: ['home'],
        summary:
          'The dashboard: greeting, my tournaments, filters, federation card, near you, week, current and next',
        description:
          '`postal` (a CAP) or `lat`+`lng` (the browser position; the nearest comune is used) fill "tournaments near you". ' +
          'A CAP the postal-code dataset does not know answers 404 POSTAL_CODE_UNKNOWN.',
        querystring: homeQuerySchema,
        response: { 200: homeSchema, ...errorResponses(400, 401, 404) },
      },
      // Every field built by the service's mappers (decision 136).
      serializerCompiler: trustedJson(app.deps.config.isProduction),
    },
    async (request) =>
      getHome({ db: app.deps.database.db, now: () => app.now() }, requireUser(request), request.query),
  );
};
