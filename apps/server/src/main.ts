import { readConfig, reportStartupError } from './bootstrap';
import { createLogger } from './logger';
import { startServer } from './server';

/**
 * Starts Radar Tornei: `tsx src/main.ts [api|worker|both]` (default both, or ROLE).
 * A `.env` file in the working directory is read first, if present (bootstrap.ts).
 */
async function main(): Promise<void> {
  const roleArgument = process.argv[2];
  if (roleArgument) process.env.ROLE = roleArgument;
  const config = readConfig();
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
  reportStartupError(error);
  process.exit(1);
});
