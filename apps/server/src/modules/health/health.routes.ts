import { healthResponseSchema } from '@radar/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readHeartbeat } from '../../jobs/heartbeat';
import { APP_VERSION } from '../../version';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness: database, job queue and version',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const { db, driver } = app.deps.database;
      const database = await db
        .execute(sql`select 1`)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const queue = app.deps.queue;
      const queueUp = queue ? await queue.isInstalled().catch(() => false) : false;
      const heartbeat = database === 'up' ? await readHeartbeat(db).catch(() => null) : null;
      const ok = database === 'up' && queueUp;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        version: APP_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        database: { status: database, driver },
        queue: {
          status: queueUp ? 'up' : 'down',
          heartbeat: {
            lastRunAt: heartbeat?.lastRunAt?.toISOString() ?? null,
            runs: heartbeat?.runs ?? 0,
          },
        },
      });
    },
  );
};
