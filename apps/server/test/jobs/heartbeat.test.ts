import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareJob, startJob } from '../../src/jobs/definition';
import { HEARTBEAT_QUEUE, heartbeatJob } from '../../src/jobs/heartbeat';
import { readHeartbeat } from '../../src/modules/health/heartbeat.repository';
import { TEST_JOB_SETTINGS } from '../helpers/jobs';
import { eventually } from '../helpers/processes';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('heartbeat job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
  });
  afterAll(() => t.close());

  it('is scheduled on its cron and runs through the queue, shown by /api/health', async () => {
    const queue = t.queue;
    if (!queue) throw new Error('queue expected');
    await declareJob(queue, heartbeatJob, TEST_JOB_SETTINGS);
    const schedules = await queue.getSchedules(HEARTBEAT_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual(['*/5 * * * *']);

    await startJob(queue, heartbeatJob, { db: t.database.db, now: () => new Date() });
    await queue.send(HEARTBEAT_QUEUE, {});
    // The worker's first run: the test's timeout is the only bound.
    await eventually(
      'the heartbeat job’s run',
      async () => ((await readHeartbeat(t.database.db)).runs > 0 ? true : undefined),
      100,
      200,
    );
    const heartbeat = await readHeartbeat(t.database.db);
    expect(heartbeat.runs).toBe(1);
    const health = (await t.app.inject('/api/health')).json();
    expect(health.queue.heartbeat.runs).toBe(1);
    expect(health.queue.heartbeat.lastRunAt).toBe(heartbeat.lastRunAt?.toISOString());
  });
});
