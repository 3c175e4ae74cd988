import {
  emailBodySchema,
  loginBodySchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  type SuccessCode,
  sessionResponseSchema,
  successMessageSchema,
  translateShared,
  userSchema,
  verifyEmailBodySchema,
} from '@radar/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { errorResponses } from '../../http/error-responses';
import { clientKey, refuseOverIpLimit } from '../../http/rate-limit';
import { ACCOUNT_EMAIL_QUEUE } from './account-mail';
import { clearSessionCookie, requireUser, startSession } from './auth.plugin';
import {
  type AuthDeps,
  login,
  register,
  requestReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service';
import { deleteSession } from './sessions';
import { toUserDto } from './user-dto';

/** The account a request is about (the email or username field), for the per-account limits. */
const accountOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : undefined;
};

/** The account calls' deps: the app's database, mailer, clock, background runner and queue. */
export function authDeps(app: FastifyInstance): AuthDeps {
  const { queue } = app.deps;
  return {
    db: app.deps.database.db,
    mailer: app.deps.mailer,
    publicUrl: app.deps.config.publicUrl,
    now: () => app.now(),
    log: app.log,
    sendLater: (name, task) => app.background.run(name, task),
    retryAccountEmail: queue
      ? async (job) => {
          await queue.send(ACCOUNT_EMAIL_QUEUE, job);
        }
      : null,
  };
}

/** The deps of one call whose emails wait until its answer has gone out (issue 28). */
const afterReply = (app: FastifyInstance, deps: AuthDeps, reply: FastifyReply): AuthDeps => ({
  ...deps,
  sendLater: (name, task) => app.background.afterReply(reply, name, task),
});

/** Registration, verification, sign-in, sign-out, the current user and password reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = authDeps(app);
  const success = (request: FastifyRequest, code: SuccessCode) => ({
    code,
    message: translateShared(request.language, `success.${code}`),
  });
  /** A wrong password (401) or a wrong or expired code (400) is a failed attempt. */
  const limit = (name: string, failure?: (status: number) => boolean, perAccountOverIpLimit = false) =>
    app.limitAttempts({ name, account: accountOf, perAccountOverIpLimit, ...(failure && { failure }) });
  const wrongPassword = (status: number) => status === 401;
  const wrongCode = (status: number) => status === 400;

  app.post(
    '/api/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Creates an unverified account and emails a 6-digit verification code',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, ...errorResponses(400, 403, 409, 429, 502) },
      },
      ...limit('register'),
    },
    async (request, reply) => {
      const { username, email, password, language } = request.body;
      const user = await register(deps, {
        username,
        email,
        password,
        language: language ?? request.language,
        requester: clientKey(request.ip),
      });
      return reply.status(201).send({ email: user.email });
    },
  );

  app.post(
    '/api/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verifies the email with its code and signs the user in',
        body: verifyEmailBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 403, 409, 429) },
      },
      ...limit('verify', wrongCode),
    },
    async (request, reply) => {
      const user = await verifyEmail(deps, request.body);
      request.language = user.language;
      await startSession(request, reply, user);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Emails a new verification code (not within 60 s of the last, at most 5 an hour)',
        body: emailBodySchema,
        response: { 200: successMessageSchema, ...errorResponses(400, 403, 409, 429, 502) },
      },
      ...limit('verify'),
    },
    async (request, reply) =>
      success(
        request,
        await resendVerification(afterReply(app, deps, reply), {
          ...request.body,
          requester: clientKey(request.ip),
        }),
      ),
  );

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs in with the email (or username) and password; sets the session cookie',
        body: loginBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 429) },
      },
      // Over the per-IP limit, a correct password of an account this address has not failed on
      // still signs in (issue 28: every client behind a misconfigured proxy shares one address).
      ...limit('login', wrongPassword, true),
    },
    async (request, reply) => {
      const user = await login(deps, request.body).catch((error: unknown) => {
        // Over the per-IP limit a wrong password answers as the limit would (429); only a
        // correct one goes through (decision 191).
        if (error instanceof AppError && error.status === 401)
          throw refuseOverIpLimit(request, reply) ?? error;
        throw error;
      });
      await startSession(request, reply, user);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the current session',
        response: { 204: z.null().describe('Signed out.'), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      if (request.sessionId) await deleteSession(db, request.sessionId);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or 401',
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => toUserDto(requireUser(request)),
  );

  // The web client's probe at start: a visitor is a normal state, answered without an error
  // (decision 150). Every other call, GET /api/user included, keeps the 401 of spec §7.
  app.get(
    '/api/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in on this browser: the user, or null for a visitor (never a 401)',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ({ user: request.user ? toUserDto(request.user) : null }),
  );

  app.post(
    '/api/request-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Emails a 6-digit password reset code (an unknown address answers the same)',
        body: emailBodySchema,
        response: { 200: successMessageSchema, ...errorResponses(400, 403, 429, 502) },
      },
      ...limit('reset'),
    },
    async (request, reply) =>
      success(
        request,
        await requestReset(afterReply(app, deps, reply), {
          ...request.body,
          requester: clientKey(request.ip),
        }),
      ),
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the emailed code and ends every session of the account',
        body: resetPasswordBodySchema,
        response: { 200: successMessageSchema, ...errorResponses(400, 403, 429) },
      },
      ...limit('reset', wrongCode),
    },
    async (request) => {
      const { email, code, password } = request.body;
      return success(request, await resetPassword(deps, { email, code, password }));
    },
  );
};
