/**
 * The sweep against the real simulator (packages/fitp-simulator, speaking the federation's real
 * dialect and its 100-row saturation) on a national calendar: every competition it publishes in
 * the sweep's window is found, despite regions and provinces far over 100 rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tpraGuid } from '../../../src/federation/mapping';
import { sweepPlan } from '../../../src/modules/ingestion/cadence';
import { sweepCalendar } from '../../../src/modules/ingestion/sweep';
import { type IngestionBed, startIngestionBed } from '../../helpers/ingestion';

const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

describe('the sweep against the simulator', () => {
  let bed: IngestionBed;
  beforeAll(async () => {
    // Four times the other tests' calendar: in the sweep's window, regions pass 100 rows.
    bed = await startIngestionBed({ competitions: 2400 });
  });
  afterAll(() => bed?.close());

  it('finds every published competition of the window, reconciled, however big the shards', async () => {
    const now = bed.deps.now();
    const plan = sweepPlan(now, null);
    const result = await sweepCalendar(bed.deps.federation, plan);
    if (!result.complete) throw new Error(`the sweep did not reconcile: ${result.reason}`);

    const sim = bed.sim.federation;
    const expected = sim
      .published(now.getTime())
      .filter((c) => isoDay(c.startDay) >= plan.from)
      .map((c) => (c.codFonte === 2 ? tpraGuid(sim.tpraIdOf(c.guid)) : c.guid));
    expect(expected.length).toBeGreaterThan(300);
    expect(new Set(result.rows.map((row) => row.guid))).toEqual(new Set(expected));
    expect(result.total).toBe(expected.length);
    // National, the 20 regions, then the provinces of every region over 100 rows (walks on the
    // start date within a province over 100 rows: ingestion.test.ts, on a calendar of its own).
    expect(result.calls).toBeGreaterThan(1 + 20);
  }, 300_000);
});
