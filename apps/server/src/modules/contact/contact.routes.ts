import { contactBodySchema, successMessageSchema, translateShared } from '@radar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses';
import { sendContactMessage } from './contact.service';

/** `POST /api/contact` (spec §7 "contact message send"): visitors and signed-in users alike. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const perIp = app.limitPerIp({
    name: 'contact',
    max: config.contact.rateLimit.max,
    windowMs: config.contact.rateLimit.windowMs,
  });

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Sends a message to the team (name, email, subject, message under 5000 characters)',
        description:
          'Stored and emailed to CONTACT_TO. Limited per IP (429 TOO_MANY_REQUESTS); 502 CONTACT_SEND_FAILED when the email could not go out. ' +
          '`website` is a honeypot: leave it empty.',
        body: contactBodySchema,
        response: { 200: successMessageSchema, ...errorResponses(400, 403, 429, 502) },
      },
      // Every attempt counts, even an invalid one.
      preValidation: perIp,
    },
    async (request) => {
      await sendContactMessage(
        {
          db: app.deps.database.db,
          mailer: app.deps.mailer,
          to: config.contact.to,
          now: () => app.now(),
          log: request.log,
        },
        request.body,
        { userId: request.user?.id ?? null, language: request.language },
      );
      return {
        code: 'CONTACT_MESSAGE_SENT' as const,
        message: translateShared(request.language, 'success.CONTACT_MESSAGE_SENT'),
      };
    },
  );
};
