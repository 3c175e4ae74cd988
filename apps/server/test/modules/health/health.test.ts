import { healthResponseSchema } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHeartbeat } from '../../../src/modules/health/heartbeat.repository';
import { APP_VERSION } from '../../../src/version';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
  });
  afterAll(() => t.close());

  it('reports database and queue up with the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.version).toBe(APP_VERSION);
    expect(body.database.status).toBe('up');
    expect(body.queue.status).toBe('up');
    expect(body.queue.heartbeat).toEqual({ lastRunAt: null, runs: 0 });
  });

  it('shows the last heartbeat run', async () => {
    const at = new Date('2026-11-22T10:00:00Z');
    await recordHeartbeat(t.database.db, new Date('2026-11-22T09:59:00Z'));
    await recordHeartbeat(t.database.db, at);
    const body = healthResponseSchema.parse((await t.app.inject('/api/health')).json());
    expect(body.queue.heartbeat).toEqual({ lastRunAt: at.toISOString(), runs: 2 });
  });

  it('answers 503 degraded when the queue is not running', async () => {
    const noQueue = await createTestApp();
    try {
      const response = await noQueue.app.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', queue: { status: 'down' } });
    } finally {
      await noQueue.close();
    }
  });
});
