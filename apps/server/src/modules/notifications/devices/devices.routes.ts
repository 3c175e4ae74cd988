import {
  deactivateAllResultSchema,
  deviceTokenListSchema,
  deviceTokenSchema,
  registerDeviceTokenBodySchema,
  vapidPublicKeySchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../http/error-responses';
import { requireUser } from '../../auth/auth.plugin';
import type { NotificationsDeps } from '../deps';
import { getNotificationKeys } from '../notification-keys';
import {
  cleanDeviceInfo,
  deactivateAllDeviceTokens,
  listDeviceTokens,
  parseDeviceToken,
  registerDeviceToken,
  removeDeviceToken,
} from './devices.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['notifications'];

/** The signed-in user's devices (spec §7 notifications calls). */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps: NotificationsDeps = { db, now: () => app.now() };

  app.get(
    '/api/notifications/vapid-public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        response: { 200: vapidPublicKeySchema, ...errorResponses(401) },
      },
    },
    async () => ({ publicKey: (await getNotificationKeys(db, app.deps.config)).vapid.publicKey }),
  );

  app.post(
    '/api/notifications/device-token',
    {
      schema: {
        tags,
        summary: 'Registers this device for push: a web push subscription (JSON) or an FCM token',
        body: registerDeviceTokenBodySchema,
        response: { 200: deviceTokenSchema, 201: deviceTokenSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const token = parseDeviceToken(
        request.body.token,
        app.deps.config.webPushEndpointHosts,
        request.language,
      );
      const result = await registerDeviceToken(
        deps,
        user.id,
        token,
        cleanDeviceInfo(request.body.deviceInfo),
      );
      return reply.status(result.created ? 201 : 200).send(result.token);
    },
  );

  app.get(
    '/api/notifications/device-tokens',
    {
      schema: {
        tags,
        summary: 'The devices registered for push',
        response: { 200: deviceTokenListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ tokens: await listDeviceTokens(deps, requireUser(request).id) }),
  );

  app.delete(
    '/api/notifications/device-token/:id',
    {
      schema: {
        tags,
        summary: 'Forgets one device',
        params: idParams,
        response: { 204: z.null().describe('Forgotten.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeDeviceToken(deps, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notifications/device-tokens/deactivate-all',
    {
      schema: {
        tags,
        summary: 'Stops push on every device and turns the push switch off',
        response: { 200: deactivateAllResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => deactivateAllDeviceTokens(deps, requireUser(request).id),
  );
};
