import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { createDevMailbox, type Mailer } from '../../src/channels/email/mailer';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { FederationClient } from '../../src/federation';
import type { WebApp } from '../../src/http/web-app';
import { declareDeliveryQueues } from '../../src/jobs';
import {
  DEFAULT_DELIVERY_QUEUE_OPTIONS,
  type DeliveryQueueOptions,
  deliveryQueueOptions,
} from '../../src/jobs/notification-delivery';
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
    await declareDeliveryQueues(
      queue,
      deliveryQueueOptions({ ...TEST_DELIVERY_QUEUE_OPTIONS, ...options.deliveryQueues }),
    );
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
    now: options.now ?? (() => new Date()),
  });
  await app.ready();
  // Account emails go out after the answer (issue 16): a test's call returns once they are
  // sent, so the next line can read them from the dev mailbox.
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  app.inject = (async (options: InjectOptions | string) => {
    const response = await inject(options);
    await app.background.idle();
    return response;
  }) as typeof app.inject;
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

/** The real app on `database` without a queue, not ready yet: a test adds its own routes first. */
export function buildBareApp(database: Database, config: Config = testConfig()): Promise<FastifyInstance> {
  return buildApp({
    config,
    database,
    queue: null,
    mailer: createDevMailbox(database.db, config.mailFrom, silentLogger),
    logger: false,
    now: () => new Date(),
  });
}

/** No attempt limits on the auth routes, for tests that sign in or register many times. */
export const UNLIMITED_AUTH_ATTEMPTS = {
  AUTH_RATE_LIMIT_IP_MAX: '10000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '10000',
  AUTH_BACKOFF_AFTER_FAILURES: '10000',
};

/**
 * One test app for the enclosing describe block: created before its tests, closed after them.
 * The returned object reads the current app, so tests use it as they would the app itself.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('the test app is created in beforeAll');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get database() {
      return get().database;
    },
    get queue() {
      return get().queue;
    },
    get mailer() {
      return get().mailer;
    },
    get config() {
      return get().config;
    },
    close: () => get().close(),
  };
}
