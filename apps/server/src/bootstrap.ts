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
import { type Database, databaseOptionsFromConfig, openDatabase } from './db/client';
import { EmbeddedDatabaseLockedError } from './db/embedded-lock';
import { migrateDatabase } from './db/migrate';
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

/** Federation (or the bundled simulator), then the database, opened and migrated. */
export async function bootstrap(givenConfig: Config, logger: Logger): Promise<Runtime> {
  let simulator: SimulatorHandle | null = null;
  let config = givenConfig;
  if (!config.fitpBaseUrl) {
    simulator = await startSimulator({ port: config.simulator.port, seed: config.simulator.seed });
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
    database = await openDatabase(databaseOptionsFromConfig(config));
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
