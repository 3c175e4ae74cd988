import {
  cleanMembershipCard,
  degradedSchema,
  fitpCardStatusSchema,
  fitpDataResponseSchema,
  fitpSettingsBodySchema,
  fitpSyncApplyBodySchema,
  fitpSyncResponseSchema,
  fitpSyncResultSchema,
  membershipCardProblem,
  reportMismatchBodySchema,
  reportMismatchResponseSchema,
  translateShared,
  validateCardBodySchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { errorResponses } from '../../http/error-responses';
import { liveDeps, sendServed, serviceDownErrorSchema } from '../../http/served';
import { requireUser } from '../auth/auth.plugin';
import {
  applySync,
  computeSync,
  deferSync,
  disconnectCard,
  getCardStatus,
  getFitpData,
  reportMismatch,
  updateFitpSettings,
  validateCard,
} from './fitp.service';

/** The federation card: `/api/fitp/*` (spec §7; docs/decisions/100-102). */
export const fitpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => liveDeps(app);

  app.post(
    '/api/fitp/validate',
    {
      schema: {
        tags: ['fitp'],
        summary: 'Validate a membership card and connect it (spec §3 membership validation)',
        description:
          'Format first (spec §5: empty, non-digits, too short), then the federation’s card call. A known card is ' +
          'stored on the user with a snapshot of the player data. Unknown card: 404 FITP_CARD_NOT_FOUND; a card ' +
          'connected to another account: 409 FITP_CARD_IN_USE; federation down: 503 flagged `serviceDown`, nothing changes.',
        body: validateCardBodySchema,
        response: {
          200: fitpDataResponseSchema,
          ...errorResponses(400, 401, 404, 409),
          503: serviceDownErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const problem = membershipCardProblem(request.body.membershipCard);
      if (problem) {
        throw new AppError('VALIDATION_ERROR', 400, {
          fields: { membershipCard: [translateShared(request.language, `validation.${problem}`)] },
        });
      }
      const served = await validateCard(deps(), user, cleanMembershipCard(request.body.membershipCard));
      return sendServed(reply, request.language, served);
    },
  );

  app.get(
    '/api/fitp/data',
    {
      schema: {
        tags: ['fitp'],
        summary: 'The connected card and its last known player data (spec §3 Federation player data)',
        description:
          'Read again from the federation when over a minute old. With the federation down: 207 ' +
          '`{ serviceDown, data, message }` with the saved card and last known data (spec §4).',
        response: {
          200: fitpDataResponseSchema,
          207: degradedSchema(fitpDataResponseSchema),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return sendServed(reply, request.language, await getFitpData(deps(), user));
    },
  );

  app.delete(
    '/api/fitp/card',
    {
      schema: {
        tags: ['fitp'],
        summary: 'Disconnect the card (followed tournaments stay followed)',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await disconnectCard(deps(), user);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/fitp/status',
    {
      schema: {
        tags: ['fitp'],
        summary: 'The card status of the dashboard (connected or not, sync to review)',
        response: { 200: fitpCardStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => getCardStatus(deps(), requireUser(request).id),
  );

  app.patch(
    '/api/fitp/settings',
    {
      schema: {
        tags: ['fitp'],
        summary:
          'The card’s settings: the radar’s automatic follows, and the gender and birth year the card sheet does not say',
        description:
          'Each field is optional; null clears gender (`M`, `F`) or birth year (1900 to this year). They decide ' +
          'the entry verdict on gendered and age draws (decision 206); they are never guessed.',
        body: fitpSettingsBodySchema,
        response: { 200: fitpDataResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => updateFitpSettings(deps(), requireUser(request), request.body),
  );

  app.get(
    '/api/fitp/sync',
    {
      schema: {
        tags: ['fitp'],
        summary: 'The card’s entries against the followed tournaments (spec §4 sync dialog)',
        description:
          'The entries are the stored entry lists holding the card (ingestion reads every detail; the ' +
          'federation has no entries call). `toAdd`: tournaments the card is entered in that the user does ' +
          'not follow; `toRemove`: tournaments followed because of the card whose entry list no longer has it.',
        response: { 200: fitpSyncResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return sendServed(reply, request.language, await computeSync(deps(), user));
    },
  );

  app.post(
    '/api/fitp/sync',
    {
      schema: {
        tags: ['fitp'],
        summary: 'Apply the sync: follow `add`, unfollow `remove`; the outcome per item and overall',
        body: fitpSyncApplyBodySchema,
        response: { 200: fitpSyncResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => applySync(deps(), requireUser(request), request.body, request.language),
  );

  app.post(
    '/api/fitp/sync/defer',
    {
      schema: {
        tags: ['fitp'],
        summary: '“Review later”: keep the differences pending; the dashboard reminds the user',
        response: { 200: fitpCardStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => deferSync(deps(), requireUser(request)),
  );

  app.post(
    '/api/fitp/report-mismatch',
    {
      schema: {
        tags: ['fitp'],
        summary:
          'Report wrong player data (spec §7 FITP data-mismatch report): stored and emailed to the team',
        body: reportMismatchBodySchema,
        response: { 200: reportMismatchResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await reportMismatch(
        {
          db: app.deps.database.db,
          mailer: app.deps.mailer,
          logger: app.log,
          now: app.deps.now,
          teamEmail: app.deps.config.teamEmail,
        },
        user,
        request.body,
      );
      return {
        code: 'FITP_MISMATCH_REPORTED' as const,
        message: translateShared(request.language, 'success.FITP_MISMATCH_REPORTED'),
      };
    },
  );
};
