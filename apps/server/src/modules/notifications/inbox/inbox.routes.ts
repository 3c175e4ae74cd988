import {
  listNotificationsQuerySchema,
  notificationListSchema,
  notificationSchema,
  readAllResultSchema,
  unreadCountSchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../http/error-responses';
import { trustedJson } from '../../../http/serializers';
import { requireUser } from '../../auth/auth.plugin';
import type { NotificationsDeps } from '../deps';
import {
  countUnreadNotifications,
  getNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotification,
} from './inbox.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['notifications'];

/** The signed-in user's inbox (spec §7 notifications calls). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NotificationsDeps = { db: app.deps.database.db, now: () => app.now() };

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'A page of the inbox, newest first; pass nextCursor as cursor for the next one',
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
      // Every field built by `toNotificationJson` (decision 136).
      serializerCompiler: trustedJson(app.deps.config.isProduction),
    },
    async (request) => listNotifications(deps, requireUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many notifications are unread',
        response: { 200: unreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unreadCount: await countUnreadNotifications(deps, requireUser(request).id) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Marks every notification read',
        response: { 200: readAllResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => markAllNotificationsRead(deps, requireUser(request).id),
  );

  app.get(
    '/api/notifications/:id',
    {
      schema: {
        tags,
        summary: "One notification; another user's answers 404 like a missing one",
        params: idParams,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getNotification(deps, requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one notification read',
        params: idParams,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => markNotification(deps, requireUser(request).id, request.params.id, true),
  );

  app.post(
    '/api/notifications/:id/unread',
    {
      schema: {
        tags,
        summary: 'Marks one notification unread',
        params: idParams,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => markNotification(deps, requireUser(request).id, request.params.id, false),
  );
};
