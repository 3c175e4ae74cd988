import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  competitionDetailResponseSchema,
  competitionFileParamsSchema,
  competitionGuidSchema,
  degradedSchema,
  searchCompetitionsBodySchema,
  searchCompetitionsResponseSchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { errorResponses } from '../../http/error-responses';
import { trustedJson } from '../../http/serializers';
import { liveDeps, sendServed, serviceDownErrorSchema } from '../../http/served';
import { requireUser } from '../auth/auth.plugin';
import { getCompetitionDetail, getCompetitionFile, searchCompetitions } from './competitions.service';

/**
 * `Content-Disposition` with the file's name (ASCII fallback and RFC 5987 UTF-8 form). Shown in
 * the browser only when it is a PDF or an image; anything else the federation sends (it is served
 * from our origin) is a download, never a page of ours.
 */
export function contentDisposition(fileName: string, contentType: string): string {
  const inline = /^\s*(application\/pdf|image\/(png|jpeg|gif|webp))\s*(;|$)/i.test(contentType);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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

  app.get(
    '/api/competitions/:guid/files/:kind/:fileName',
    {
      schema: {
        tags: ['competitions'],
        summary: 'A document, rules or order-of-play file of a competition, relayed from the federation',
        description:
          'The federation blocks browsers by CORS: its files are streamed through our server, with their ' +
          'content type and a `Content-Disposition` filename. Only a file name stored for the competition ' +
          '(and kind) is served: 404 otherwise, or when the federation no longer has it; 503 flagged ' +
          '`serviceDown` when the federation is down. A signed-out browser navigating here (a link in an email) is sent to sign in, then to the tournament.',
        params: competitionFileParamsSchema,
        response: {
          200: z.unknown().describe('The file’s bytes'),
          ...errorResponses(400, 401, 404),
          503: serviceDownErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { guid, kind, fileName } = request.params;
      // A link followed from an email by a signed-out browser: sign in, then the tournament's page
      // (where its files are), rather than an error in JSON.
      if (!request.user && request.headers['sec-fetch-mode'] === 'navigate') {
        return reply.redirect(
          `/auth/login?redirect=${encodeURIComponent(`/competition/${encodeURIComponent(guid)}`)}`,
          303,
        );
      }
      requireUser(request);
      const answer = await getCompetitionFile(deps(), guid, kind, fileName);
      if (answer.kind === 'not-found') throw new AppError('NOT_FOUND', 404);
      if (answer.kind === 'unavailable') return sendServed(reply, request.language, answer);
      const { file } = answer;
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', contentDisposition(fileName, file.contentType));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'private, max-age=300');
      if (file.length !== null) reply.header('content-length', file.length);
      return reply.status(200).send(Readable.fromWeb(file.body as WebReadableStream<Uint8Array>));
    },
  );
};
