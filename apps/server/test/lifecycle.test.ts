import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../src/channels/email/mailer';
import { startServer } from '../src/server';
import { silentLogger } from './helpers/logger';
import { eventually } from './helpers/processes';
import { buildBareApp, createTestApp, testConfig } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-db';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Each start creates and migrates a real database and installs the queue schema: slow on PGlite.
describe('server lifecycle', { timeout: 120_000 }, () => {
  it('starts with health up, and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-data-'));
    dirs.push(dataDir);
    // With TEST_DATABASE_URL the same test runs on PostgreSQL; otherwise PGlite under DATA_DIR.
    const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : null;
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    };
    try {
      const first = await startServer(testConfig(env), silentLogger);
      const health = await fetch(`${first.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({
        database: { status: 'up', driver: postgres ? 'postgres' : 'pglite' },
        queue: { status: 'up' },
      });
      // Without FITP_BASE_URL the bundled simulator answers the federation's list call.
      expect(first.simulator).not.toBeNull();
      expect(first.config.fitpBaseUrl).toBe(first.simulator?.url);
      const list = await fetch(`${first.config.fitpBaseUrl}/api/v3/tornei/puc/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fetchrows: '5', rowstoskip: '0' }),
      });
      expect(list.status).toBe(200);
      expect(Number(((await list.json()) as { record: unknown }).record)).toBeGreaterThan(100);
      await first.mailer.send({ to: 'persist@example.it', subject: 'Resta qui', text: 'ciao' });
      await first.close();

      const second = await startServer(testConfig(env), silentLogger);
      const kept = await listDevMailbox(second.database.db, { to: 'persist@example.it' });
      expect(kept.map((m) => m.subject)).toEqual(['Resta qui']);
      await second.close();
    } finally {
      await postgres?.close();
    }
  });

  it('starts a worker without an HTTP server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-data-'));
    dirs.push(dataDir);
    const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : null;
    try {
      const worker = await startServer(
        testConfig({
          ROLE: 'worker',
          DATA_DIR: dataDir,
          ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
        }),
        silentLogger,
      );
      expect(worker.app).toBeNull();
      expect(worker.url).toBeNull();
      await worker.close();
    } finally {
      await postgres?.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests before closing', async () => {
    const database = await createTestDatabase();
    const app = await buildBareApp(database, testConfig({ PORT: '0' }));
    let arrived: () => void = () => {};
    const handling = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    app.withTypeProvider<ZodTypeProvider>().get('/api/test/slow', async () => {
      arrived();
      // Answers only once the server is closing.
      await released;
      return { done: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${url}/api/test/slow`);
    await handling;
    const closed = app.close().then(() => order.push('closed'));
    // The server is closing: it takes no new connection, while the request is still in flight.
    await eventually(
      'the server to refuse new connections',
      () =>
        fetch(`${url}/api/health`).then(
          () => undefined,
          () => true,
        ),
      60,
      50,
    );
    order.push('released');
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    expect(order).toEqual(['released', 'closed']);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await database.close();
  });

  it('lets a running job finish when the queue stops', async () => {
    const t = await createTestApp({ withQueue: true });
    const queue = t.queue;
    if (!queue) throw new Error('queue expected');
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finished = false;
    await queue.createQueue('slow-test');
    await queue.work('slow-test', { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      // Finishes only once the queue is stopping.
      await released;
      finished = true;
    });
    const jobId = await queue.send('slow-test', {});
    if (!jobId) throw new Error('job expected');
    await running;
    // The bound only stops a hung test: the stop waits for the job, which the test releases.
    let stopped = false;
    // Whether the job had finished when the stop returned.
    const stopping = queue.stop({ graceful: true, close: false, timeout: 120_000 }).then(() => {
      stopped = true;
      return finished;
    });
    await eventually(
      'the worker to be stopping with its job running (or the stop to return)',
      async () =>
        stopped ||
        queue.getWipData().some((worker) => worker.name === 'slow-test' && worker.state === 'stopping')
          ? true
          : undefined,
      60,
      20,
    );
    expect(finished).toBe(false);
    release();
    expect(await stopping).toBe(true);
    // Completed by the worker, not failed by the shutdown.
    expect((await queue.getJobById('slow-test', jobId))?.state).toBe('completed');
    await t.app.close();
    await t.database.close();
  });
});
