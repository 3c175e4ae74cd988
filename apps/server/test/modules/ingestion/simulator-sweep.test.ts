/**
 * The sweep against the real simulator (packages/fitp-simulator, speaking the federation's real
 * dialect): every competition it publishes is found despite the 100-row pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions } from '../../../src/db/schema';
import { runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { type IngestionBed, startIngestionBed } from '../../helpers/ingestion';

describe('ingestion against the simulator', () => {
  let bed: IngestionBed;
  beforeAll(async () => {
    bed = await startIngestionBed();
  });
  afterAll(() => bed?.close());

  it('finds every competition of the sweep, reconciled', async () => {
    const summary = await runIngestion(bed.deps);
    expect(summary).toMatchObject({ baseline: true, sweep: 'full', federationDown: false, error: null });
    expect(summary.listCalls).toBeGreaterThan(21);
    const stored = await bed.database.db.select({ guid: competitions.guid }).from(competitions);
    expect(stored.length).toBe(summary.listed);
    expect(summary.listed).toBeGreaterThan(100);
  }, 120_000);
});
