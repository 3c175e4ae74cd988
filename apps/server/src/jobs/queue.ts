import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';

/**
 * How often workers check for jobs whose worker died (pg-boss supervise and monitor): with the
 * heartbeats of every queue (JOB_HEARTBEAT_SECONDS, definition.ts) a killed worker's job is
 * failed, and retried, within about 15 s.
 */
export const SUPERVISE_INTERVAL_SECONDS = 5;

export type QueueRole = {
  /** Runs the cron timekeeper and maintenance (worker processes). */
  schedule: boolean;
};

/**
 * pg-boss on the app's own database: its own connection pool on PostgreSQL, the shared
 * in-process connection on PGlite (pg-boss's PGlite backend).
 */
export function createQueue(database: Database, logger: Logger, role: QueueRole): PgBoss {
  const common = {
    schedule: role.schedule,
    supervise: role.schedule,
    migrate: true,
    // The supervisor fails the jobs of a worker that stopped sending heartbeats (killed, crashed):
    // checked often, so their work is taken up again within a minute (issue 16).
    superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
  };
  const boss =
    database.driver === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
  return boss;
}
