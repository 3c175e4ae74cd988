import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimulatorHandle } from '@radar/fitp-simulator';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { createMailer, type Mailer } from './channels/email/mailer';
import type { Config } from './config';
import type { Database } from './db/client';
import type { FederationClient } from './federation';
import { loadWebApp } from './http/web-app';
import { JOBS } from './jobs';
import { declareJob, type JobDeps, startJob } from './jobs/definition';
import { ingestSoonIfNeeded } from './jobs/ingest';
import { createQueue } from './jobs/queue';
import { devMailboxExposureWarning } from './modules/dev-mailbox/dev-mailbox.routes';
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

/** Bootstraps (simulator, database), starts the queue, its jobs and, by role, the API. */
export async function startServer(givenConfig: Config, logger: Logger): Promise<RunningServer> {
  const role = givenConfig.role;
  const runtime = await bootstrap(givenConfig, logger);
  const { config, database, federation, simulator, now } = runtime;

  const runsWorkers = role !== 'api';
  const queue = createQueue(database, logger, { schedule: runsWorkers });
  await queue.start();
  // Every process declares every queue (API processes enqueue too, deliveries inside their
  // transactions) before any worker runs.
  for (const job of JOBS) await declareJob(queue, job, config);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger });
  if (mailer.kind === 'dev-mailbox') {
    logger.info(`no SMTP_URL: emails at ${config.publicUrl}/dev/mailbox (from this machine only)`);
    const exposure = role === 'worker' ? null : devMailboxExposureWarning(config.host);
    if (exposure) logger.warn({ host: config.host }, exposure);
  }
  const keys = await getNotificationKeys(database.db, config);
  if (keys.generated.vapid || keys.generated.unsubscribeSecret) {
    logger.info(
      { vapid: keys.generated.vapid, unsubscribeSecret: keys.generated.unsubscribeSecret },
      'no VAPID keys or UNSUBSCRIBE_SECRET in the environment: using the ones generated into the database',
    );
  }

  if (runsWorkers) {
    const deps: JobDeps = { boss: queue, db: database.db, now, logger, federation, config, mailer };
    for (const job of JOBS) await startJob(queue, job, deps);
    if (await ingestSoonIfNeeded(queue, database.db))
      logger.info('the calendar has not been read in full yet: ingesting now');
  }

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
      await runtime.close();
    })();
    return closing;
  };

  return { role, database, queue, mailer, simulator, federation, config, app, url, close };
}
