import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type Language, refuseInvalidText } from '@radar/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Mailer } from './channels/email/mailer';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import type { FederationClient } from './federation';
import { registerBackgroundTasks } from './http/background';
import { registerCompression } from './http/compress';
import { errorBody, registerErrorHandling } from './http/error-handler';
import { languageFromAcceptLanguage } from './http/language';
import { registerOriginCheck } from './http/origin-check';
import { rateLimitPlugin } from './http/rate-limit';
import { redactUrl } from './http/redact';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSubresourceHeaders } from './http/subresource-headers';
import { registerWebApp, sendIndex, type WebApp, wantsWebApp } from './http/web-app';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { attemptStore } from './modules/auth/attempts.repository';
import { authPlugin } from './modules/auth/auth.plugin';
import { findUserByLogin } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { oidcRoutes } from './modules/auth/oidc.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { competitionsRoutes } from './modules/competitions/competitions.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { filtersRoutes } from './modules/filters/filters.routes';
import { filterMatchCountsRoutes } from './modules/filters/match-counts.routes';
import { fitpRoutes } from './modules/fitp/fitp.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { devicesRoutes } from './modules/notifications/devices/devices.routes';
import { inboxRoutes } from './modules/notifications/inbox/inbox.routes';
import { preferencesRoutes } from './modules/notifications/preferences/preferences.routes';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe/unsubscribe.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { whatsNewRoutes } from './modules/whats-new/whats-new.routes';
import { APP_VERSION } from './version';

export type AppDeps = {
  config: Config;
  database: Database;
  /** The job queue; null only in tests that do not need one (health then reports it down). */
  queue: PgBoss | null;
  mailer: Mailer;
  /** The federation client; null where no federation is configured (then nothing is read live). */
  federation: FederationClient | null;
  /** The app's clock (tests drive it). */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The current time, from `deps.now` (tests drive it). */
    now(): Date;
  }
  interface FastifyRequest {
    language: Language;
  }
}

export type BuildAppOptions = Omit<AppDeps, 'federation'> & {
  federation?: FederationClient | null;
  /** A pino logger for request logs; false to stay silent (tests). */
  logger: Logger | false;
  /** The built web client to serve, if any. */
  web?: WebApp | null;
};

/** Builds the Fastify app without listening: main.ts listens, tests inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { logger, web, federation = null, now, ...rest } = options;
  const deps: AppDeps = { ...rest, federation, now };
  const serverOptions: FastifyServerOptions = {
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // Fastify's 10 s per plugin is a guess at "hung"; a loaded machine (a busy 2-core CI box,
    // a cold container) can take longer to load the API docs' static files. Start-up is bounded
    // by whoever starts the process (an orchestrator's probe, the tests' start-up bound).
    pluginTimeout: 0,
    // Errors Fastify answers before any route or hook (a bad or over-long path parameter) take
    // the one error shape too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const language = languageFromAcceptLanguage(request.headers['accept-language']);
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      reply.status(status).send(errorBody(language, 'BAD_REQUEST', status));
    },
    ...(logger
      ? {
          loggerInstance: logger.child(
            {},
            {
              serializers: {
                req: (req: { method: string; url: string; ip?: string }) => ({
                  method: req.method,
                  url: redactUrl(req.url),
                  ip: req.ip,
                }),
                res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
              },
            },
          ),
        }
      : { logger: false }),
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.decorate('now', () => deps.now());
  registerBackgroundTasks(app);
  app.decorateRequest('language', 'it');
  app.addHook('onRequest', async (request) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']);
  });

  // Graceful shutdown: answers still in flight when closing starts tell keep-alive clients to
  // hang up, so the server does not wait out their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    // API answers are personal unless a route says otherwise (reference data): no shared cache
    // (proxy, CDN) may keep them, nor the browser's disk (a signed-out user on a shared computer).
    if (
      !reply.hasHeader('cache-control') &&
      (request.url.startsWith('/api/') || request.url.startsWith('/dev/'))
    ) {
      reply.header('cache-control', 'private, no-store');
    }
  });
  // JSON answers of 1 KB and more go brotli- or gzip-compressed when the client accepts it.
  registerCompression(app);

  // Every params, query and body schema first refuses NUL characters and lone surrogates
  // (VALIDATION_ERROR at the field): the database would fail on them.
  app.setValidatorCompiler(({ schema, ...route }) => {
    // Every route schema here is a zod one (fastify-type-provider-zod).
    const zodSchema = schema as unknown as z.ZodType;
    return validatorCompiler({ ...route, schema: refuseInvalidText(zodSchema) });
  });
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(web?.inlineScriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: deps.config.httpsOnly ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Both follow PUBLIC_URL's scheme: an https site says so to browsers, whatever NODE_ENV.
    strictTransportSecurity: deps.config.httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // The API's JSON and the built scripts and stylesheets: a short policy instead of the page's.
  registerSubresourceHeaders(app);
  await app.register(fastifyCookie);
  registerOriginCheck(app, deps.config.publicUrl);
  await app.register(rateLimitPlugin, {
    ...deps.config.authRateLimit,
    attempts: attemptStore(deps.database.db),
    identify: async (identifier) => (await findUserByLogin(deps.database.db, identifier))?.id ?? null,
    now: () => deps.now(),
  });
  await app.register(authPlugin);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Radar Tornei API',
        version: APP_VERSION,
        description: 'The API of Radar Tornei. Every failure answers `{ code, message, status, data? }`.',
      },
      servers: [{ url: deps.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The document maps every route and its fields: public outside production, in production
  // only when API_DOCS=true (issue 28).
  if (deps.config.apiDocs) {
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(profileRoutes);
  await app.register(inboxRoutes);
  await app.register(preferencesRoutes);
  await app.register(devicesRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(referenceRoutes);
  await app.register(competitionsRoutes);
  await app.register(subscriptionsRoutes);
  // Before filtersRoutes' `/api/filters/:id` family, in its own plugin (no shared hooks).
  await app.register(filterMatchCountsRoutes);
  await app.register(filtersRoutes);
  await app.register(homeRoutes);
  await app.register(statsRoutes);
  await app.register(contactRoutes);
  await app.register(whatsNewRoutes);
  await app.register(calendarRoutes);
  await app.register(fitpRoutes);
  await app.register(analyticsRoutes);
  if (!deps.config.isProduction && deps.mailer.kind === 'dev-mailbox') {
    await app.register(devMailboxRoutes);
  }
  if (web) await registerWebApp(app, web);

  app.setNotFoundHandler((request, reply) => {
    if (web && wantsWebApp(request.method, request.url, request.headers.accept)) {
      return sendIndex(reply, web);
    }
    return reply.status(404).send(errorBody(request.language, 'NOT_FOUND', 404));
  });

  return app;
}
