import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client';

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
  };
  const boss =
    database.driver === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
  return boss;
}
