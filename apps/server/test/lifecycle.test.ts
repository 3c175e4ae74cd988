import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../src/delivery/email/mailer';
import { startServer } from '../src/server';
import { silentLogger } from './helpers/logger';
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
    app.withTypeProvider<ZodTypeProvider>().get('/api/test/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 800));
      return { done: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${url}/api/test/slow`);
    await handling;
    const closed = app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    await database.close();
  });

  it('lets a running job finish when the queue stops', async () => {
    const t = await createTestApp({ withQueue: true });
    const queue = t.queue;
    if (!queue) throw new Error('queue expected');
    let started = false;
    let finished = false;
    await queue.createQueue('slow-test');
    await queue.work('slow-test', { pollingIntervalSeconds: 0.5 }, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      finished = true;
    });
    await queue.send('slow-test', {});
    const deadline = Date.now() + 15_000;
    while (!started && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(true);
    await queue.stop({ graceful: true, close: false, timeout: 5000 });
    expect(finished).toBe(true);
    await t.app.close();
    await t.database.close();
  });
});
