import { type HealthResponse, healthResponseSchema } from '@radar/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';
import { readHeartbeat } from './heartbeat.repository';
import { readJobStatuses, watchedJobs } from './job-runs.repository';

const startedAt = Date.now();

/**
 * How long an answer waits for the database. PGlite has one connection, which a long
 * transaction (an ingestion pass) holds: health then answers from its last reading instead of
 * queueing behind it (issue 16). PostgreSQL has a pool: a database that does not answer in
 * time is down.
 */
export const HEALTH_WAIT_MS = { pglite: 250, postgres: 2_000 } as const;

type Reading = Pick<HealthResponse, 'database' | 'queue' | 'jobs'> & { checkedAt: string };

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const jobs = watchedJobs(app.deps.config.ingestIntervalMinutes);
  const upSince = app.now();
  let last: Reading | null = null;
  let reading: Promise<Reading> | null = null;

  const read = async (): Promise<Reading> => {
    const { db, driver } = database;
    const now = app.now();
    const databaseUp = await db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
    const queue = app.deps.queue;
    const queueUp = queue ? await queue.isInstalled().catch(() => false) : false;
    const heartbeat = databaseUp ? await readHeartbeat(db).catch(() => null) : null;
    const statuses = databaseUp ? await readJobStatuses(db, jobs, now, upSince).catch(() => []) : [];
    return {
      checkedAt: now.toISOString(),
      database: { status: databaseUp ? 'up' : 'down', driver },
      queue: {
        status: queueUp ? 'up' : 'down',
        heartbeat: { lastRunAt: heartbeat?.lastRunAt?.toISOString() ?? null, runs: heartbeat?.runs ?? 0 },
      },
      jobs: statuses,
    };
  };
  /** One reading at a time, however many probes ask. */
  const readOnce = () => {
    reading ??= read()
      .then((result) => {
        last = result;
        return result;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness: database, job queue, recurring jobs and version',
        description:
          '200 while the database and the queue are up (status degraded when a recurring job has not ' +
          'succeeded for too long: the API still serves), 503 when either is down.',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const { driver } = database;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), HEALTH_WAIT_MS[driver]);
      });
      const fresh = readOnce();
      fresh.catch(() => undefined);
      const answered = await Promise.race([fresh, timeout]).finally(() => clearTimeout(timer));
      let result: Reading;
      if (answered) {
        result = answered;
      } else if (database.driver === 'pglite' && !database.pglite.closed) {
        // Busy, not down: the in-process database is open; the last reading tells the rest.
        const known = last ?? {
          checkedAt: app.now().toISOString(),
          queue: { status: app.deps.queue ? 'up' : 'down', heartbeat: { lastRunAt: null, runs: 0 } },
          jobs: [],
        };
        result = { ...known, database: { status: 'up', driver } };
      } else {
        result = {
          checkedAt: app.now().toISOString(),
          database: { status: 'down', driver },
          queue: last?.queue ?? { status: 'down', heartbeat: { lastRunAt: null, runs: 0 } },
          jobs: last?.jobs ?? [],
        };
      }
      const up = result.database.status === 'up' && result.queue.status === 'up';
      const staleJobs = result.jobs.some((job) => job.stale);
      return reply.status(up ? 200 : 503).send({
        status: up && !staleJobs ? 'ok' : 'degraded',
        version: APP_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        ...result,
      });
    },
  );
};
