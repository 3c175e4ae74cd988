import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SimulatorHandle, startSimulator } from '@radar/fitp-simulator';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, databaseOptionsFromConfig, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createMailer, type Mailer } from './delivery/email/mailer';
import { createFederationClient, type FederationClient } from './federation';
import { loadWebApp } from './http/web-app';
import { scheduleAuthCleanup, workAuthCleanup } from './jobs/auth-cleanup';
import { scheduleHeartbeat, workHeartbeat } from './jobs/heartbeat';
import { ingestSoonIfNeeded, scheduleIngestion, workIngestion } from './jobs/ingest';
import { scheduleMatching, workMatching } from './jobs/match';
import { workNotificationDeliveries } from './jobs/notification-delivery';
import { registerNotificationQueues } from './jobs/notification-queues';
import { createQueue } from './jobs/queue';
import { scheduleSubscriptionJobs, workSubscriptionJobs } from './jobs/subscriptions';
import { getNotificationKeys } from './modules/notifications/notification-keys';

export type Role = Config['role'];

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type RunningServer = {
  role: Role;
  database: Database;
  queue: PgBoss;
  mailer: Mailer;
  /** The federation simulator started in-process when FITP_BASE_URL is not set. */
  simulator: SimulatorHandle | null;
  federation: FederationClient;
  /** The configuration in effect (FITP_BASE_URL filled in with the simulator's address). */
  config: Config;
  app: FastifyInstance | null;
  /** The address the API listens on, when it runs. */
  url: string | null;
  /** Stops taking work, finishes in-flight requests and jobs, then closes connections. */
  close(): Promise<void>;
};

/** Opens the database, migrates it, starts the queue and, by role, the API and the workers. */
export async function startServer(givenConfig: Config, logger: Logger): Promise<RunningServer> {
  const role = givenConfig.role;
  let simulator: SimulatorHandle | null = null;
  let config = givenConfig;
  if (!config.fitpBaseUrl) {
    simulator = await startSimulator({ port: config.simulator.port, seed: config.simulator.seed });
    config = { ...config, fitpBaseUrl: simulator.url };
    logger.info({ url: simulator.url }, 'no FITP_BASE_URL: the bundled federation simulator is running');
  }
  const database = await openDatabase(databaseOptionsFromConfig(config));
  logger.info(
    { driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined },
    'database opened',
  );
  await migrateDatabase(database);

  const runsWorkers = role !== 'api';
  const queue = createQueue(database, logger, { schedule: runsWorkers });
  await queue.start();
  await scheduleHeartbeat(queue, config.heartbeatCron);
  await scheduleAuthCleanup(queue);
  // Every role enqueues deliveries (inside its transactions); workers also send them.
  await registerNotificationQueues(queue);

  const federation = createFederationClient({
    baseUrl: config.fitpBaseUrl ?? '',
    logger,
    timeoutMs: config.fitp.timeoutMs,
    maxRetries: config.fitp.maxRetries,
  });
  const now = () => new Date();
  await scheduleIngestion(queue, config.ingestIntervalMinutes);
  await scheduleMatching(queue);
  // Followed tournaments (issue 7): reminders every minute, live updates after ingestion.
  await scheduleSubscriptionJobs(queue);
  if (runsWorkers) {
    await workMatching(queue, { db: database.db, logger, now });
    await workIngestion(queue, { db: database.db, federation, logger, now });
    if (await ingestSoonIfNeeded(queue, database.db))
      logger.info('the calendar has not been read in full yet: ingesting now');
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger });
  if (mailer.kind === 'dev-mailbox') {
    logger.info(
      config.isProduction
        ? 'no SMTP_URL: emails are kept in the dev mailbox'
        : `no SMTP_URL: emails at ${config.publicUrl}/dev/mailbox`,
    );
  }
  const keys = await getNotificationKeys(database.db, config);
  if (keys.generated.vapid || keys.generated.unsubscribeSecret) {
    logger.info(
      { vapid: keys.generated.vapid, unsubscribeSecret: keys.generated.unsubscribeSecret },
      'no VAPID keys or UNSUBSCRIBE_SECRET in the environment: using the ones generated into the database',
    );
  }

  if (runsWorkers) {
    await workHeartbeat(queue, database.db);
    await workAuthCleanup(queue, database.db);
    await workNotificationDeliveries(queue, { db: database.db, config, mailer, logger });
  }
  if (runsWorkers) await workSubscriptionJobs(queue, { db: database.db, now });

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (role !== 'worker') {
    const webDir = config.webDistDir ?? DEFAULT_WEB_DIST;
    const web = loadWebApp(webDir);
    if (!web)
      logger.warn(
        { webDir: path.relative(process.cwd(), webDir) },
        'web client not built: serving the API only',
      );
    app = await buildApp({ config, database, queue, mailer, logger, web, federation, now });
    url = await app.listen({ port: config.port, host: config.host });
  }

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting requests and wait for the in-flight ones.
      if (app) await app.close();
      // Stop fetching jobs and wait for the running ones (up to the timeout).
      await queue.stop({ graceful: true, close: true, timeout: config.shutdownTimeoutMs });
      await mailer.close();
      await database.close();
      await simulator?.close();
    })();
    return closing;
  };

  return { role, database, queue, mailer, simulator, federation, config, app, url, close };
}
