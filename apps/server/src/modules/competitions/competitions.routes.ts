import {
  competitionDetailResponseSchema,
  competitionGuidSchema,
  degradedSchema,
  searchCompetitionsBodySchema,
  searchCompetitionsResponseSchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses';
import { AppError } from '../../http/errors';
import { trustedJson } from '../../http/serializers';
import { liveDeps, sendServed, serviceDownErrorSchema } from '../../http/served';
import { requireUser } from '../auth/auth.plugin';
import { getCompetitionDetail, searchCompetitions } from './competitions.service';

export const competitionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => liveDeps(app);

  app.post(
    '/api/competitions/search_competitions',
    {
      schema: {
        tags: ['competitions'],
        summary: 'Search the competitions (spec §3 Competition search request), for the signed-in user',
        description:
          'Every filter field of a saved filter, free text on name, club and city, the user’s tournaments ' +
          '(followed, lost), the new flag (48 hours) and the user’s matching filters with their reasons. ' +
          'Stable order: not concluded first, soonest first; then concluded, most recent first. ' +
          'With the federation down: 207 with the stored data, or 503 when nothing is stored.',
        body: searchCompetitionsBodySchema,
        response: {
          200: searchCompetitionsResponseSchema,
          207: degradedSchema(searchCompetitionsResponseSchema),
          ...errorResponses(400, 401, 403),
          503: serviceDownErrorSchema,
        },
      },
      // The service builds every field of the answer explicitly (decision 130).
      serializerCompiler: trustedJson(app.deps.config.isProduction),
    },
    async (request, reply) => {
      const user = requireUser(request);
      return sendServed(reply, request.language, await searchCompetitions(deps(), user, request.body));
    },
  );

  app.get(
    '/api/competitions/:guid',
    {
      schema: {
        tags: ['competitions'],
        summary:
          'A competition with its tournaments: participants and positions, documents, orders of play, draws',
        description:
          'Read from the federation when the stored detail is over a minute old. With the federation down: ' +
          '207 with the stored data, or 503 when nothing is stored.',
        params: z.object({ guid: competitionGuidSchema }),
        response: {
          200: competitionDetailResponseSchema,
          207: degradedSchema(competitionDetailResponseSchema),
          ...errorResponses(400, 401, 404),
          503: serviceDownErrorSchema,
        },
      },
      // The service builds every field of the answer through its DTO mappers (decision 136).
      serializerCompiler: trustedJson(app.deps.config.isProduction),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const served = await getCompetitionDetail(deps(), user, request.params.guid);
      if (served.kind === 'not-found') throw new AppError('TOURNAMENT_NOT_FOUND', 404);
      if (served.kind === 'unavailable') return sendServed(reply, request.language, served);
      return sendServed(reply, request.language, { kind: served.kind, data: { competition: served.data } });
    },
  );
};
