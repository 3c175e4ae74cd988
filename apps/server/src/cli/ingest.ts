/**
 * `npm run ingest`: one ingestion pass now, against the configured database and federation
 * (the bundled simulator when FITP_BASE_URL is unset), then exit. It prints the pass's summary.
 * With the embedded PGlite database, stop the app first: PGlite serves one process at a time.
 */
import { existsSync } from 'node:fs';
import { type SimulatorHandle, startSimulator } from '@radar/fitp-simulator';
import { ConfigError, loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createFederationClient } from '../federation';
import { createLogger } from '../logger';
import { runIngestion } from '../modules/competitions/ingestion.service';

async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const logger = createLogger(config);
  let simulator: SimulatorHandle | null = null;
  let baseUrl = config.fitpBaseUrl;
  if (!baseUrl) {
    simulator = await startSimulator({ port: config.simulator.port, seed: config.simulator.seed });
    baseUrl = simulator.url;
    logger.info({ url: baseUrl }, 'no FITP_BASE_URL: ingesting from the bundled federation simulator');
  }
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateDatabase(database);
    const federation = createFederationClient({
      baseUrl,
      logger,
      timeoutMs: config.fitp.timeoutMs,
      maxRetries: config.fitp.maxRetries,
    });
    const summary = await runIngestion({ db: database.db, federation, logger, now: () => new Date() });
    console.log(JSON.stringify(summary, null, 2));
    return summary.error ? 2 : 0;
  } finally {
    await database.close();
    await simulator?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
