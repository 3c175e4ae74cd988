/**
 * What a call that reads the federation serves (spec §4 Degraded service), and its one answer:
 * 200 with the data; 207 `{serviceDown, data, message}` with stored data while the federation is
 * down; 503 flagged `serviceDown` when nothing can be served.
 */
import { apiErrorSchema, type Language, translateShared } from '@radar/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBody } from './error-handler';

export type Served<T> = { kind: 'ok'; data: T } | { kind: 'degraded'; data: T } | { kind: 'unavailable' };

/** The 503 of a call that needed the federation while it was down. */
export const serviceDownErrorSchema = apiErrorSchema
  .extend({ serviceDown: z.literal(true) })
  .meta({ id: 'ServiceDownError' });

/** A federation call made while the user waits gives up sooner than ingestion's. */
export const LIVE_TIMEOUT_MS = 5_000;

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
