import {
  bulkUpdateNotificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationTypesSchema,
  updateNotificationPreferenceBodySchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../http/error-responses';
import { requireUser } from '../../auth/auth.plugin';
import type { NotificationsDeps } from '../deps';
import { getUserPreferences, notificationTypes, updateUserPreferences } from './preferences.service';

const tags = ['notifications'];

/** The signed-in user's notification preferences (spec §7 notifications calls). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NotificationsDeps = { db: app.deps.database.db, now: () => app.now() };

  app.get(
    '/api/notifications/types',
    {
      schema: {
        tags,
        summary: 'The preference groups, their notification types, channels and defaults',
        response: { 200: notificationTypesSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      requireUser(request);
      return notificationTypes();
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Email and push choice of every preference group',
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => getUserPreferences(deps, requireUser(request)),
  );

  app.patch(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Turns one channel of one group on or off',
        body: updateNotificationPreferenceBodySchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await updateUserPreferences(deps, user.id, [request.body]);
      return getUserPreferences(deps, user);
    },
  );

  app.patch(
    '/api/notifications/preferences/bulk',
    {
      schema: {
        tags,
        summary: 'Several changes at once (the enable-all toggle sends every channel of every group)',
        body: bulkUpdateNotificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await updateUserPreferences(deps, user.id, request.body.preferences);
      return getUserPreferences(deps, user);
    },
  );
};
