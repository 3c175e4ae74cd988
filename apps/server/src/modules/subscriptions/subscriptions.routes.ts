import {
  checkSubscriptionsSchema,
  myTournamentsSchema,
  subscribeBodySchema,
  subscriptionIdParamSchema,
  subscriptionLostBodySchema,
  subscriptionNotificationsBodySchema,
  subscriptionSchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses';
import { trustedJson } from '../../http/serializers';
import { requireUser } from '../auth/auth.plugin';
import {
  checkSubscriptions,
  myTournaments,
  type SubscriptionsDeps,
  setLost,
  setNotifications,
  subscribe,
  unsubscribe,
} from './subscriptions.service';

const tags = ['subscriptions'];

/** The signed-in user's followed tournaments (spec §7 subscriptions calls). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SubscriptionsDeps => ({ db: app.deps.database.db, now: app.deps.now });

  app.get(
    '/api/subscriptions/my-tournaments',
    {
      schema: {
        tags,
        summary: 'Every followed tournament with its section (spec §2 My tournaments)',
        description:
          'Sections: lost ones in `lost` whatever their status, else by the competition’s status now ' +
          '(open registration, upcoming, ongoing, concluded). Within a section: open registration by the ' +
          'soonest deadline, upcoming and ongoing by the soonest start, concluded and lost most recent first. ' +
          '`competition`/`tournament` are null when our data no longer holds them.',
        response: { 200: myTournamentsSchema, ...errorResponses(401) },
      },
      // Every field built by the service's mappers (decision 136).
      serializerCompiler: trustedJson(app.deps.config.isProduction),
    },
    async (request) => myTournaments(deps(), requireUser(request)),
  );

  app.get(
    '/api/subscriptions/check_subscriptions',
    {
      schema: {
        tags,
        summary: 'The light list of followed tournaments',
        response: { 200: checkSubscriptionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => checkSubscriptions(app.deps.database.db, requireUser(request).id),
  );

  app.post(
    '/api/subscriptions/tournaments/subscribe',
    {
      schema: {
        tags,
        summary: 'Follows a tournament of a competition',
        description:
          '404 TOURNAMENT_NOT_FOUND when the tournament is not in that competition; 409 ALREADY_SUBSCRIBED.',
        body: subscribeBodySchema,
        response: { 201: subscriptionSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await subscribe(deps(), user.id, request.body));
    },
  );

  app.delete(
    '/api/subscriptions/tournaments/unsubscribe/:id',
    {
      schema: {
        tags,
        summary: 'Unfollows a tournament (by subscription id)',
        params: subscriptionIdParamSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await unsubscribe(deps(), user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/subscriptions/tournaments/subscribe/:id/notifications',
    {
      schema: {
        tags,
        summary: 'Turns a followed tournament’s notifications on or off',
        description:
          'While the tournament is lost its notifications stay off: the request sets what removing the lost ' +
          'mark restores.',
        params: subscriptionIdParamSchema,
        body: subscriptionNotificationsBodySchema,
        response: { 200: subscriptionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      setNotifications(deps(), requireUser(request).id, request.params.id, request.body.enabled),
  );

  app.patch(
    '/api/subscriptions/tournaments/subscribe/:id/lost',
    {
      schema: {
        tags,
        summary: 'Marks or unmarks a followed tournament as lost',
        description:
          'Marking turns its notifications off and keeps the previous setting; unmarking restores it. ' +
          'Idempotent.',
        params: subscriptionIdParamSchema,
        body: subscriptionLostBodySchema,
        response: { 200: subscriptionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => setLost(deps(), requireUser(request).id, request.params.id, request.body.lost),
  );
};
