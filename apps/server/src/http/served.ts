/**
 * The one answer of a call that reads the federation (spec §4 Degraded service; what it serves,
 * `Served`, and what its services take, `LiveDeps`, are in domain/served.ts): 200 with the data;
 * 207 `{serviceDown, data, message}` with stored data while the federation is down; 503 flagged
 * `serviceDown` when nothing can be served.
 */
import { apiErrorSchema, type Language, translateShared } from '@radar/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { LiveDeps, Served } from '../domain/served';
import { requestLiveUpdates } from '../jobs/subscriptions';
import { errorBody } from './error-handler';

/** The 503 of a call that needed the federation while it was down. */
export const serviceDownErrorSchema = apiErrorSchema
  .extend({ serviceDown: z.literal(true) })
  .meta({ id: 'ServiceDownError' });

/** The app's `LiveDeps`: its database, federation, logger and clock, with the live timeout. */
export function liveDeps(app: FastifyInstance): LiveDeps {
  return {
    db: app.deps.database.db,
    federation: app.deps.federation,
    logger: app.log,
    now: app.deps.now,
    // A federation read made while the user waits gives up sooner than ingestion's.
    liveTimeoutMs: Math.min(app.deps.config.fitp.timeoutMs, app.deps.config.fitp.liveTimeoutMs),
    requestLiveUpdates: async () => {
      const queue = app.deps.queue;
      if (queue) await requestLiveUpdates(queue);
    },
  };
}

export function sendServed<T>(reply: FastifyReply, language: Language, served: Served<T>) {
  switch (served.kind) {
    case 'ok':
      return reply.status(200).send(served.data as never);
    case 'degraded':
      return reply.status(207).send({
        serviceDown: true,
        data: served.data,
        message: translateShared(language, 'errors.FEDERATION_UNAVAILABLE'),
      } as never);
    case 'unavailable':
      return reply
        .status(503)
        .send({ ...errorBody(language, 'FEDERATION_UNAVAILABLE', 503), serviceDown: true } as never);
  }
}
