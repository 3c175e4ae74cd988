import { healthResponseSchema } from '@radar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJobSuccess } from '../../src/modules/health/job-runs.repository';
import { testClock } from '../helpers/mailbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('/api/health and the recurring jobs (issue 16, point 2)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-23T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, now: clock.now, env: { INGEST_INTERVAL_MINUTES: '15' } });
  });
  afterAll(() => t.close());

  const health = async () => {
    const response = await t.app.inject('/api/health');
    return { status: response.statusCode, body: healthResponseSchema.parse(response.json()) };
  };
  const succeedAll = async (at: Date) => {
    for (const name of ['ingest', 'match', 'live-updates', 'remind'])
      await recordJobSuccess(t.database.db, name, at);
  };

  it('is ok while every recurring job succeeds in time', async () => {
    await succeedAll(clock.now());
    clock.advance(5 * 60_000);
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.jobs.map((job) => [job.name, job.stale])).toEqual([
      ['ingest', false],
      ['match', false],
      ['live-updates', false],
      ['remind', false],
    ]);
  });

  it('reports a job whose last success is too old as degraded, and still serves (200)', async () => {
    await succeedAll(clock.now());
    const lastPass = clock.now();
    // Ingestion stops (a crashed pass); the other jobs go on.
    for (let minute = 0; minute < 50; minute += 5) {
      clock.advance(5 * 60_000);
      for (const name of ['match', 'live-updates', 'remind'])
        await recordJobSuccess(t.database.db, name, clock.now());
    }
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.jobs.find((job) => job.name === 'ingest')).toEqual({
      name: 'ingest',
      lastSuccessAt: lastPass.toISOString(),
      stale: true,
    });
    expect(body.jobs.filter((job) => job.stale).map((job) => job.name)).toEqual(['ingest']);
    // A pass succeeds again: ok.
    await recordJobSuccess(t.database.db, 'ingest', clock.now());
    expect((await health()).body.status).toBe('ok');
  });

  it('answers while a long transaction holds the database (PGlite has one connection)', async () => {
    await health();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    try {
      const { status, body } = await health();
      expect(status).toBe(200);
      expect(body.database.status).toBe('up');
      expect(body.queue.status).toBe('up');
    } finally {
      release();
      await transaction;
    }
  });
});
