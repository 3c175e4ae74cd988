/**
 * The one start-up path of every entry point (`main.ts`, `cli/ingest.ts`, `cli/broadcast.ts`;
 * `cli/analytics.ts` needs only `readConfig` and `systemClock`):
 * `readConfig` reads `.env` and the environment (a configuration error is printed and the
 * process exits with 1), `bootstrap` starts the federation (the bundled simulator when
 * FITP_BASE_URL is unset) and opens and migrates the database. docs/decisions/087. Opening
 * the embedded database takes its lock: a second process is refused (decision 121).
 */
import { existsSync } from 'node:fs';
import { type SimulatorHandle, startSimulator } from '@radar/fitp-simulator';
import type { Logger } from 'pino';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, type DatabaseOptions, databaseOptionsFromConfig, openDatabase } from './db/client';
import { EmbeddedDatabaseLockedError } from './db/embedded-lock';
import { migrateDatabase } from './db/migrate';
import { describeUnavailable, isDatabaseUnavailable } from './db/unavailable';
import { createFederationClient, type FederationClient } from './federation';

/**
 * How an entry point reports a start-up failure: another process holding the embedded
 * database is said plainly (who, and what to do instead), without a stack trace.
 */
export function reportStartupError(error: unknown): void {
  console.error(error instanceof EmbeddedDatabaseLockedError ? error.message : error);
}

/** Reads `.env` (if present in the working directory) and parses the configuration, or exits. */
export function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The process's real clock: the one place `src/` reads the system time (decision 086). */
export const systemClock = (): Date => new Date();

export type Runtime = {
  /** The configuration in effect (FITP_BASE_URL filled in with the simulator's address). */
  config: Config;
  database: Database;
  federation: FederationClient;
  /** The federation simulator started in-process when FITP_BASE_URL is not set. */
  simulator: SimulatorHandle | null;
  /** The real clock, handed to every service and job. */
  now: () => Date;
  /** Closes the database and the simulator. */
  close(): Promise<void>;
};

/** The waits between two tries to reach the database at start-up: doubling, at most 30 s. */
export const DATABASE_RETRY = { firstDelayMs: 500, maxDelayMs: 30_000 };

/**
 * Opens the database, waiting for it while it cannot be reached (issue 28): a PostgreSQL that
 * is restarting, failing over or not up yet is tried again with a growing wait, one log line
 * per try, instead of a stack trace and exit 1. Other errors (a wrong password, no such
 * database) end the start-up as before.
 */
export async function openDatabaseWhenReachable(
  options: DatabaseOptions,
  logger: Logger,
  retry: { firstDelayMs: number; maxDelayMs: number } = DATABASE_RETRY,
): Promise<Database> {
  let delay = retry.firstDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const database = await openDatabase(options);
      if (attempt > 1) logger.info({ attempts: attempt }, 'database reachable');
      return database;
    } catch (error) {
      if (!('databaseUrl' in options) || !isDatabaseUnavailable(error)) throw error;
      logger.warn(
        { attempt, retryInMs: delay },
        `database unreachable (${describeUnavailable(error)}): trying again in ${Math.ceil(delay / 1000)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, retry.maxDelayMs);
    }
  }
}

/** Federation (or the bundled simulator), then the database, opened and migrated. */
export async function bootstrap(givenConfig: Config, logger: Logger): Promise<Runtime> {
  let simulator: SimulatorHandle | null = null;
  let config = givenConfig;
  if (!config.fitpBaseUrl) {
    simulator = await startSimulator(config.simulator);
    config = { ...config, fitpBaseUrl: simulator.url };
    logger.info({ url: simulator.url }, 'no FITP_BASE_URL: the bundled federation simulator is running');
  }
  const federation = createFederationClient({
    baseUrl: config.fitpBaseUrl ?? '',
    logger,
    timeoutMs: config.fitp.timeoutMs,
    maxRetries: config.fitp.maxRetries,
  });
  let database: Database;
  try {
    const options = databaseOptionsFromConfig(config);
    database = await openDatabaseWhenReachable(
      'databaseUrl' in options
        ? {
            ...options,
            onConnectionError: (error) =>
              logger.warn(
                `database connection lost (${describeUnavailable(error)}): the pool opens a new one when needed`,
              ),
          }
        : options,
      logger,
    );
    logger.info(
      { driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined },
      'database opened',
    );
    await migrateDatabase(database);
  } catch (error) {
    await simulator?.close();
    throw error;
  }
  return {
    config,
    database,
    federation,
    simulator,
    now: systemClock,
    async close() {
      await database.close();
      await simulator?.close();
    },
  };
}
