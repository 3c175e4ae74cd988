import {
  bulkUpdateNotificationPreferencesBodySchema,
  notificationTypesSchema,
  unsubscribePreferencesSchema,
  unsubscribeTokenParamSchema,
  updateNotificationPreferenceBodySchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../http/error-responses';
import type { NotificationsDeps } from '../deps';
import { getNotificationKeys } from '../notification-keys';
import { notificationTypes } from '../preferences/preferences.service';
import {
  deleteUnsubscribeAccount,
  getUnsubscribePreferences,
  groupsFromQuery,
  resolveUnsubscribeUser,
  updateUnsubscribePreferences,
} from './unsubscribe.service';

const tags = ['unsubscribe'];

/**
 * The tokenised calls of spec §7: an email's signed link manages that user's email
 * preferences, or deletes the account, without logging in. Plus the RFC 8058 one-click
 * endpoint mail clients POST to (the List-Unsubscribe address of every notification email).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps: NotificationsDeps = { db, now: () => app.now() };
  const userOf = async (token: string) =>
    resolveUnsubscribeUser(deps, (await getNotificationKeys(db, app.deps.config)).unsubscribeSecret, token);

  app.get(
    '/api/notifications/unsubscribe/:token/preferences',
    {
      schema: {
        tags,
        summary: 'The email and push choices of the link’s user (no login)',
        params: unsubscribeTokenParamSchema,
        response: { 200: unsubscribePreferencesSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => getUnsubscribePreferences(deps, await userOf(request.params.token)),
  );

  app.get(
    '/api/notifications/unsubscribe/:token/types',
    {
      schema: {
        tags,
        summary: 'The preference groups and their defaults (no login)',
        params: unsubscribeTokenParamSchema,
        response: { 200: notificationTypesSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => {
      await userOf(request.params.token);
      return notificationTypes();
    },
  );

  app.patch(
    '/api/notifications/unsubscribe/:token/preferences',
    {
      schema: {
        tags,
        summary: 'Turns one channel of one group on or off (no login)',
        params: unsubscribeTokenParamSchema,
        body: updateNotificationPreferenceBodySchema,
        response: { 200: unsubscribePreferencesSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => updateUnsubscribePreferences(deps, await userOf(request.params.token), [request.body]),
  );

  app.patch(
    '/api/notifications/unsubscribe/:token/preferences/bulk',
    {
      schema: {
        tags,
        summary: 'Several preference changes at once (no login)',
        params: unsubscribeTokenParamSchema,
        body: bulkUpdateNotificationPreferencesBodySchema,
        response: { 200: unsubscribePreferencesSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) =>
      updateUnsubscribePreferences(deps, await userOf(request.params.token), request.body.preferences),
  );

  app.delete(
    '/api/notifications/unsubscribe/:token/account',
    {
      schema: {
        tags,
        summary: 'Deletes the link’s account and everything of it (no login)',
        params: unsubscribeTokenParamSchema,
        response: { 204: z.null().describe('Deleted.'), ...errorResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      await deleteUnsubscribeAccount(deps, await userOf(request.params.token));
      return reply.status(204).send(null);
    },
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe
  // address. The body carries nothing else, so it is read as text and not interpreted.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe',
      {
        // The token is the authority, not a session: mail clients and webmails POST here from
        // their own origin (record 033), so the foreign-Origin guard (013) does not apply.
        config: { allowForeignOrigin: true },
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058): email off for the groups of the link',
          querystring: z.object({
            token: z.string().min(1).max(300),
            groups: z.string().max(500).optional(),
          }),
          response: {
            200: z.object({ unsubscribed: z.array(z.string()) }),
            ...errorResponses(400, 404, 410),
          },
        },
      },
      async (request) => {
        const user = await userOf(request.query.token);
        const groups = groupsFromQuery(request.query.groups);
        await updateUnsubscribePreferences(
          deps,
          user,
          groups.map((group) => ({ group, channel: 'email' as const, enabled: false })),
        );
        return { unsubscribed: groups };
      },
    );
  });
};
