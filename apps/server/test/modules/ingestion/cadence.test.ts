import { describe, expect, it } from 'vitest';
import {
  CADENCE,
  type CadenceCompetition,
  competitionWork,
  detailDue,
  detailIntervalMs,
  sweepPlan,
  tickDue,
} from '../../../src/modules/ingestion/cadence';

const NOW = new Date('2026-06-10T08:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;

const competition = (over: Partial<CadenceCompetition> = {}): CadenceCompetition => ({
  guid: 'G',
  startDate: '2026-06-20',
  endDate: '2026-06-28',
  hasDetailCall: true,
  registrationClosesAt: null,
  nextDeadlineAt: null,
  detailSyncedAt: null,
  detailStatus: 'found',
  ...over,
});

describe('cadence (injected clock)', () => {
  it('sweeps the whole calendar daily and the next 60 days at every other pass', () => {
    expect(sweepPlan(NOW, null)).toEqual({ mode: 'full', from: '2026-04-11', until: null });
    expect(sweepPlan(NOW, at(-2 * HOUR))).toEqual({ mode: 'near', from: '2026-06-10', until: '2026-08-09' });
    expect(sweepPlan(NOW, at(-CADENCE.fullSweepMs)).mode).toBe('full');
  });

  it('reads details by priority', () => {
    expect(detailIntervalMs(competition(), NOW)).toBe(CADENCE.detailSoonMs);
    expect(detailIntervalMs(competition({ startDate: '2026-11-01', endDate: '2026-11-02' }), NOW)).toBe(
      CADENCE.detailOtherMs,
    );
    // Open registration keeps a far competition on the frequent cadence.
    expect(
      detailIntervalMs(
        competition({
          startDate: '2026-11-01',
          endDate: '2026-11-02',
          registrationClosesAt: at(30 * 24 * HOUR),
        }),
        NOW,
      ),
    ).toBe(CADENCE.detailSoonMs);
    // Within 24 h of a band deadline: hourly.
    expect(detailIntervalMs(competition({ nextDeadlineAt: at(23 * HOUR) }), NOW)).toBe(
      CADENCE.detailDeadlineMs,
    );
    expect(detailIntervalMs(competition({ nextDeadlineAt: at(25 * HOUR) }), NOW)).toBe(CADENCE.detailSoonMs);
    // No detail call (TPRA, team) or concluded long ago: never.
    expect(detailIntervalMs(competition({ hasDetailCall: false }), NOW)).toBeNull();
    expect(detailIntervalMs(competition({ startDate: '2026-05-01', endDate: '2026-05-20' }), NOW)).toBeNull();
    expect(detailDue(competition({ detailSyncedAt: at(-4 * HOUR) }), NOW)).toBe(false);
    expect(detailDue(competition({ detailSyncedAt: at(-5 * HOUR) }), NOW)).toBe(true);
    expect(detailDue(competition({ detailSyncedAt: null }), NOW)).toBe(true);
  });

  it('ticks once per interval whatever the rhythm of the passes', () => {
    let reads = 0;
    let previous: Date | null = at(-1);
    for (let minute = 0; minute < 6 * 60; minute += 7) {
      const now = at(minute * 60_000);
      if (tickDue(previous, now, CADENCE.oopMs, 'some-guid')) reads++;
      previous = now;
    }
    expect(reads).toBe(6);
    expect(tickDue(null, NOW, CADENCE.drawMs, 'x')).toBe(true);
  });

  it('lists orders of play on event days and reads draws during play', () => {
    const synced = { detailSyncedAt: at(-HOUR) };
    const far = competitionWork(
      competition({ startDate: '2026-08-01', endDate: '2026-08-03', ...synced }),
      NOW,
      at(-2 * HOUR),
    );
    expect(far).toEqual({ detail: false, documents: false, ordersOfPlay: false, draws: false });
    const playing = competition({ startDate: '2026-06-08', endDate: '2026-06-12', ...synced });
    expect(competitionWork(playing, NOW, at(-2 * HOUR))).toEqual({
      detail: false,
      documents: false,
      ordersOfPlay: true,
      draws: true,
    });
    // A pass one minute after the previous one: not due again.
    expect(competitionWork(playing, NOW, at(-60_000))).toMatchObject({ ordersOfPlay: false, draws: false });
    // Unpublished detail: no files, no draws.
    expect(competitionWork({ ...playing, detailStatus: 'unpublished' }, NOW, at(-2 * HOUR))).toEqual({
      detail: false,
      documents: false,
      ordersOfPlay: false,
      draws: false,
    });
  });
});
