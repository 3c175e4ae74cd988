import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createDevMailbox, type Mailer } from '../../src/delivery/email/mailer';
import type { FederationClient } from '../../src/federation';
import type { WebApp } from '../../src/http/web-app';
import {
  DEFAULT_DELIVERY_QUEUE_OPTIONS,
  type DeliveryQueueOptions,
  registerNotificationQueues,
} from '../../src/jobs/notification-queues';
import { createQueue } from '../../src/jobs/queue';
import { silentLogger } from './logger';
import { createTestDatabase } from './test-db';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** Quick retries, so a test sees the backoff without waiting minutes. */
export const TEST_DELIVERY_QUEUE_OPTIONS: DeliveryQueueOptions = {
  ...DEFAULT_DELIVERY_QUEUE_OPTIONS,
  retryLimit: 3,
  retryDelay: 1,
  retryDelayMax: 1,
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  queue: PgBoss | null;
  mailer: Mailer;
  config: Config;
  close(): Promise<void>;
};

/** The real app on a fresh migrated database, for inject(). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    withQueue?: boolean;
    logger?: Logger;
    web?: WebApp | null;
    mailer?: Mailer;
    /** Options of the notification delivery queues (tests retry after a second by default). */
    deliveryQueues?: Partial<DeliveryQueueOptions>;
    /** The federation client (e.g. on a test simulator); none by default. */
    federation?: FederationClient | null;
    /** The app's clock; real time by default. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  const queue = options.withQueue ? createQueue(database, silentLogger, { schedule: false }) : null;
  if (queue) {
    await queue.start();
    await registerNotificationQueues(queue, { ...TEST_DELIVERY_QUEUE_OPTIONS, ...options.deliveryQueues });
  }
  const mailer = options.mailer ?? createDevMailbox(database.db, config.mailFrom, silentLogger);
  const app = await buildApp({
    config,
    database,
    queue,
    mailer,
    logger: options.logger ?? false,
    web: options.web ?? null,
    federation: options.federation ?? null,
    ...(options.now && { now: options.now }),
  });
  await app.ready();
  return {
    app,
    database,
    queue,
    mailer,
    config,
    async close() {
      await app.close();
      if (queue) await queue.stop({ graceful: false, close: database.driver === 'postgres' });
      await database.close();
    },
  };
}
