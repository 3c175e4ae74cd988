import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

/**
 * Starts Radar Tornei: `tsx src/main.ts [api|worker|both]` (default both, or ROLE).
 * A `.env` file in the working directory is read first, if present.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const roleArgument = process.argv[2];
  if (roleArgument) process.env.ROLE = roleArgument;

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config);
  const server = await startServer(config, logger);
  logger.info(
    { role: server.role, url: server.url },
    `Radar Tornei is running${server.url ? ` at ${config.publicUrl}` : ''}`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    server.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
