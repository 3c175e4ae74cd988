import { authProvidersResponseSchema, oidcProviderSchema, safeRedirectPath } from '@radar/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../domain/errors';
import { errorResponses } from '../../http/error-responses';
import { startSession } from './auth.plugin';
import { authDeps } from './auth.routes';
import { signInWithIdentity } from './auth.service';
import {
  createOidcClient,
  decodeTransaction,
  encodeTransaction,
  OIDC_TRANSACTION_TTL_SECONDS,
  OidcError,
} from './oidc';

const TRANSACTION_COOKIE = 'rt_oidc';
const COOKIE_PATH = '/api/auth';

const redirectTo = (reply: FastifyReply, location: string) => reply.redirect(location, 302);

/**
 * Google and Apple sign-in. `start` sends the browser to the provider; the provider sends it
 * back to `callback`, which signs the user in and continues to the `redirect` path, or to
 * /auth/login?error=… when the sign-in failed (spec §4).
 */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const oidc = createOidcClient(config);
  const deps = authDeps(app);
  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.httpsOnly,
  };
  const loginWithError = (error: string) => `/auth/login?error=${encodeURIComponent(error)}`;

  // Apple answers with an HTML form POST (response_mode=form_post).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The social sign-in providers configured (the buttons to show)',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ providers: oidc.enabledProviders }),
  );

  const providerParams = z.object({ provider: oidcProviderSchema });
  /** What a provider's form_post carries (RFC 6749 §4.1.2, OpenID form_post, Apple's `user`). */
  const formField = (max: number) => z.string().max(max).optional();
  const formPostBody = z.object({
    code: formField(4096),
    state: formField(512),
    iss: formField(512),
    id_token: formField(16_384),
    user: formField(4096),
    error: formField(256),
    error_description: formField(1024),
    error_uri: formField(1024),
  });

  app.get(
    '/api/auth/:provider/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Starts a social sign-in: redirects to the provider',
        params: providerParams,
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
        response: { 302: z.null().describe('To the provider.'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!oidc.isEnabled(provider)) throw notFound();
      try {
        const { url, transaction } = await oidc.start(provider, safeRedirectPath(request.query.redirect));
        reply.setCookie(TRANSACTION_COOKIE, encodeTransaction(transaction), {
          ...cookieOptions,
          maxAge: OIDC_TRANSACTION_TTL_SECONDS,
        });
        return redirectTo(reply, url.href);
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social sign-in could not start');
        return redirectTo(
          reply,
          loginWithError(error instanceof OidcError ? error.linkError : 'unknown_error'),
        );
      }
    },
  );

  app.get(
    '/api/auth/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where the provider returns: signs the user in and redirects',
        params: providerParams,
        querystring: z.record(z.string(), z.string()),
        response: { 302: z.null().describe('To the app.'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const transaction = decodeTransaction(request.cookies[TRANSACTION_COOKIE]);
      reply.clearCookie(TRANSACTION_COOKIE, cookieOptions);
      try {
        if (!transaction || transaction.provider !== provider) {
          throw new OidcError('sign_in_failed', 'no sign-in in progress on this browser');
        }
        const identity = await oidc.finish(transaction, new URLSearchParams(request.query));
        const { user } = await signInWithIdentity(deps, identity, request.language);
        await startSession(request, reply, user);
        // The redirect was checked when the sign-in started; checked again, it costs nothing.
        return redirectTo(reply, safeRedirectPath(transaction.redirect));
      } catch (error) {
        if (error instanceof OidcError && error.linkError === 'access_denied') {
          // The person said no at the provider: nothing went wrong.
          request.log.info({ provider }, 'social sign-in cancelled at the provider');
        } else {
          request.log.warn({ err: error, provider }, 'social sign-in failed');
        }
        return redirectTo(
          reply,
          loginWithError(error instanceof OidcError ? error.linkError : 'unknown_error'),
        );
      }
    },
  );

  // form_post: the provider's page posts the answer here from its own origin. It is turned into
  // the GET above (303), where the SameSite=Lax transaction cookie is sent again.
  app.post(
    '/api/auth/:provider/callback',
    {
      config: { allowForeignOrigin: true },
      schema: {
        tags: ['auth'],
        summary: 'form_post variant of the callback: redirects to the GET callback',
        params: providerParams,
        body: formPostBody,
        response: { 303: z.null().describe('To the GET callback.'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      if (!oidc.isEnabled(request.params.provider)) throw notFound();
      // Only the fields of an OpenID answer go on: nothing else the post carries reaches Location.
      const fields = Object.entries(request.body).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      const query = new URLSearchParams(fields).toString();
      return reply.redirect(`${oidc.callbackUrl(request.params.provider)}?${query}`, 303);
    },
  );
};
