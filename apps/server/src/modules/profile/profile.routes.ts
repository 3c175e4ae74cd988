import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  updateProfileBodySchema,
  userSchema,
} from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses';
import { clearSessionCookie, requireUser } from '../auth/auth.plugin';
import { toUserDto } from '../auth/user-dto';
import {
  changePassword,
  deleteAccount,
  logoutEverywhere,
  type ProfileDeps,
  updateProfile,
} from './profile.service';

/** The settings' Profile and Account tabs: preferences, password, sessions, deletion. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ProfileDeps => ({ db: app.deps.database.db, now: app.deps.now });
  const signedOut = z.null().describe('Done; the session cookie is cleared.');
  // Every call here is about the signed-in user: a visitor gets 401 before anything else.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => toUserDto(requireUser(request)),
  );

  app.put(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Changes the preferred language and the email notifications (the username cannot change)',
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await updateProfile(deps(), requireUser(request), request.body);
      request.language = user.language;
      return toUserDto(user);
    },
  );

  app.post(
    '/api/profile/change-password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Changes the password (the current one is checked) and ends the other sessions',
        body: changePasswordBodySchema,
        response: { 204: z.null().describe('Password changed.'), ...errorResponses(400, 401, 403, 429) },
      },
      ...app.limitAttempts({
        name: 'change-password',
        account: (request) => request.user?.id,
        byId: true,
        failure: (status) => status === 400,
      }),
    },
    async (request, reply) => {
      const user = requireUser(request);
      await changePassword(deps(), user, request.body, request.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/profile/logout-all',
    {
      schema: {
        tags: ['profile'],
        summary: 'Signs out on every device, this one included',
        response: { 204: signedOut, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await logoutEverywhere(deps(), requireUser(request));
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Deletes the account and everything that belongs to it (type the confirmation word)',
        body: deleteAccountBodySchema,
        response: { 204: signedOut, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps(), requireUser(request));
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );
};
