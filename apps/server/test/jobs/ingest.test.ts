import type { SimulatorHandle } from '@radar/fitp-simulator';
import { addDays, romeDate } from '@radar/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { competitions } from '../../src/db/schema';
import { declareJob, startJob } from '../../src/jobs/definition';
import {
  INGEST_QUEUE,
  ingestCron,
  ingestJob,
  ingestSoonIfNeeded,
  requestIngestion,
} from '../../src/jobs/ingest';
import { CADENCE } from '../../src/modules/ingestion/cadence';
import { readFederationStatus } from '../../src/modules/ingestion/ingestion.repository';
import { startTestSimulator, testFederationClient } from '../helpers/federation';
import { TEST_JOB_SETTINGS } from '../helpers/jobs';
import { silentLogger } from '../helpers/logger';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('ingestion interval', () => {
  it('becomes a cron on the minute or on the hour', () => {
    expect(ingestCron(15)).toBe('*/15 * * * *');
    expect(ingestCron(1)).toBe('* * * * *');
    expect(ingestCron(60)).toBe('0 */1 * * *');
    expect(ingestCron(360)).toBe('0 */6 * * *');
    expect(ingestCron(1440)).toBe('0 0 * * *');
  });

  it('is 15 minutes by default, and must divide an hour or a day', () => {
    expect(loadConfig({}).ingestIntervalMinutes).toBe(15);
    expect(loadConfig({ INGEST_INTERVAL_MINUTES: '5' }).ingestIntervalMinutes).toBe(5);
    expect(loadConfig({ INGEST_INTERVAL_MINUTES: '120' }).ingestIntervalMinutes).toBe(120);
    for (const bad of ['7', '90', '0', 'x']) {
      expect(() => loadConfig({ INGEST_INTERVAL_MINUTES: bad }), bad).toThrow(/INGEST_INTERVAL_MINUTES/);
    }
  });
});

describe('ingestion job', () => {
  let sim: SimulatorHandle;
  let t: TestApp;

  beforeAll(async () => {
    sim = await startTestSimulator();
    t = await createTestApp({ withQueue: true });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const stored = async () => (await t.database.db.select({ n: count() }).from(competitions))[0]?.n ?? 0;

  it('is scheduled, keeps one pass waiting at most, and runs at once until the calendar has been read in full', async () => {
    const queue = t.queue;
    if (!queue) throw new Error('queue expected');
    await declareJob(queue, ingestJob, TEST_JOB_SETTINGS);
    expect((await queue.getSchedules(INGEST_QUEUE)).map((s) => s.cron)).toEqual(['*/15 * * * *']);

    // Nothing stored: a pass is asked for; asking again while it waits adds nothing.
    expect(await ingestSoonIfNeeded(queue, t.database.db)).toBe(true);
    expect(await requestIngestion(queue)).toBeNull();

    await startJob(queue, ingestJob, {
      boss: queue,
      db: t.database.db,
      federation: testFederationClient(sim.url),
      logger: silentLogger,
      now: () => sim.clock.now(),
    });
    const deadline = Date.now() + 60_000;
    while (!(await readFederationStatus(t.database.db))?.lastIngestFinishedAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The whole calendar the daily sweep reads: every published competition from 60 days back (decision 181).
    const from = addDays(romeDate(sim.clock.now()), -CADENCE.sweepPastDays);
    const swept = sim.federation
      .published(sim.clock.nowMs())
      .filter((c) => new Date(c.startDay * 86_400_000).toISOString().slice(0, 10) >= from);
    expect(await stored()).toBe(swept.length);
    expect(await ingestSoonIfNeeded(queue, t.database.db)).toBe(false);
  });
});
