/**
 * The search's page matcher (`matchFiltersOnPage`, docs/decisions/130) agrees with the shared
 * predicate `matchFilter` on random competitions, filters and instants: the count of matching
 * filters and the union of their reasons, in the spec's order.
 */
import {
  competitionStatus,
  drawKeys,
  FILTER_REASONS,
  type FilterReason,
  matchFilter,
  romeDate,
} from '@radar/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchFiltersOnPage } from '../../../src/modules/filters/filters-on-page';
import { competitionArb, criteriaArb, nowArb } from '../../helpers/filter-arbitraries';

describe('matchFiltersOnPage', () => {
  it('gives, per row, the count and reasons of the filters matchFilter matches', () => {
    let matched = 0;
    let unmatched = 0;
    fc.assert(
      fc.property(
        fc.array(competitionArb, { minLength: 1, maxLength: 20 }),
        fc.array(criteriaArb, { minLength: 1, maxLength: 6 }),
        nowArb,
        (list, filters, now) => {
          const rows = list.map((c, i) => ({
            ...c,
            guid: `C${i}`,
            status: competitionStatus(c, now),
            drawKeys: drawKeys(c.draws),
            venueLat: c.venuePoint?.lat ?? null,
            venueLng: c.venuePoint?.lng ?? null,
          }));
          const got = matchFiltersOnPage(filters, rows, romeDate(now));
          for (const row of rows) {
            const matching = filters.map((f) => matchFilter(f, row, now)).filter((m) => m.matches);
            const reasons = new Set<FilterReason>(matching.flatMap((m) => m.reasons));
            const expected =
              matching.length === 0
                ? undefined
                : { count: matching.length, reasons: FILTER_REASONS.filter((r) => reasons.has(r)) };
            expect(got.get(row.guid)).toEqual(expected);
            if (expected) matched++;
            else unmatched++;
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(matched).toBeGreaterThan(100);
    expect(unmatched).toBeGreaterThan(100);
  });
});
