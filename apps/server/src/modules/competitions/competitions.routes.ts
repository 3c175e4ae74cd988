import {
  apiErrorSchema,
  competitionDetailResponseSchema,
  competitionGuidSchema,
  degradedSchema,
  type Language,
  searchCompetitionsBodySchema,
  searchCompetitionsResponseSchema,
  translateShared,
} from '@radar/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../http/error-handler';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth/auth.plugin';
import {
  type CompetitionsDeps,
  getCompetitionDetail,
  type Served,
  searchCompetitions,
} from './competitions.service';

/** Spec §4 Degraded service: 503 flagged `serviceDown` when nothing is stored. */
const serviceDownErrorSchema = apiErrorSchema
  .extend({ serviceDown: z.literal(true) })
  .meta({ id: 'ServiceDownError' });

/** A federation call made while the user waits gives up sooner than ingestion's. */
const LIVE_TIMEOUT_MS = 5_000;

function answer<T>(reply: FastifyReply, language: Language, served: Served<T>) {
  switch (served.kind) {
    case 'ok':
      return reply.status(200).send(served.data as never);
    case 'degraded':
      return reply.status(207).send({
        serviceDown: true,
        data: served.data,
        message: translateShared(language, 'errors.FEDERATION_UNAVAILABLE'),
      } as never);
    case 'unavailable':
      return reply
        .status(503)
        .send({ ...errorBody(language, 'FEDERATION_UNAVAILABLE', 503), serviceDown: true } as never);
  }
}

export const competitionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CompetitionsDeps => ({
    db: app.deps.database.db,
    federation: app.deps.federation,
    logger: app.log,
    now: app.deps.now,
    liveTimeoutMs: Math.min(app.deps.config.fitp.timeoutMs, LIVE_TIMEOUT_MS),
  });

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
          401: apiErrorSchema,
          503: serviceDownErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return answer(reply, request.language, await searchCompetitions(deps(), user, request.body));
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
          401: apiErrorSchema,
          404: apiErrorSchema,
          503: serviceDownErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const served = await getCompetitionDetail(deps(), user, request.params.guid);
      if (served.kind === 'not-found') throw new AppError('TOURNAMENT_NOT_FOUND', 404);
      if (served.kind === 'unavailable') return answer(reply, request.language, served);
      return answer(reply, request.language, { kind: served.kind, data: { competition: served.data } });
    },
  );
};
