/**
 * What a call that reads the federation serves (spec §4 Degraded service), and its one answer:
 * 200 with the data; 207 `{serviceDown, data, message}` with stored data while the federation is
 * down; 503 flagged `serviceDown` when nothing can be served.
 */
import { apiErrorSchema, type Language, translateShared } from '@radar/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { FederationClient } from '../federation';
import { requestLiveUpdates } from '../jobs/subscriptions';
import type { AppLogger } from '../logger';
import { errorBody } from './error-handler';

export type Served<T> = { kind: 'ok'; data: T } | { kind: 'degraded'; data: T } | { kind: 'unavailable' };

/** The 503 of a call that needed the federation while it was down. */
export const serviceDownErrorSchema = apiErrorSchema
  .extend({ serviceDown: z.literal(true) })
  .meta({ id: 'ServiceDownError' });

/** A federation call made while the user waits gives up sooner than ingestion's. */
export const LIVE_TIMEOUT_MS = 5_000;

/** What a service that may ask the federation while the user waits takes first (decision 086). */
export interface LiveDeps {
  db: Db;
  federation: FederationClient | null;
  logger: AppLogger;
  now: () => Date;
  /** Timeout of a federation call made while the user waits. */
  liveTimeoutMs: number;
  /**
   * Asks for a live-updates pass now: a read made while the user waits recorded a new document,
   * order of play or draw, and its followers hear of it at once (not at the next safety-net pass).
   */
  requestLiveUpdates: () => Promise<unknown>;
}

/** The app's `LiveDeps`: its database, federation, logger and clock, with the live timeout. */
export function liveDeps(app: FastifyInstance): LiveDeps {
  return {
    db: app.deps.database.db,
    federation: app.deps.federation,
    logger: app.log,
    now: app.deps.now,
    liveTimeoutMs: Math.min(app.deps.config.fitp.timeoutMs, LIVE_TIMEOUT_MS),
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
