import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { romeDate, romeOffsetMs } from '../src/calendar';

/** What Intl says, asked afresh for the very instant (the implementation keeps one offset per hour). */
const intlParts = (instant: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { get };
};
const intlDate = (instant: number) => {
  const { get } = intlParts(instant);
  return `${get('year')}-${String(get('month')).padStart(2, '0')}-${String(get('day')).padStart(2, '0')}`;
};
const intlOffset = (instant: number) => {
  const { get } = intlParts(instant);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
};

describe('Rome calendar days and offsets', () => {
  it('agree with Intl at any instant, daylight-saving changes included', () => {
    // Around the changes of 2026 (29 March, 25 October at 01:00 UTC), to the second.
    const changes = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)];
    const near = fc
      .tuple(fc.constantFrom(...changes), fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }))
      .map(([change, delta]) => change + delta);
    const any = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(fc.oneof(near, any), (instant) => {
        expect(romeOffsetMs(instant)).toBe(intlOffset(instant));
        expect(romeDate(new Date(instant))).toBe(intlDate(instant));
      }),
      { numRuns: 2_000 },
    );
  });

  it('turns the day at Rome’s midnight, in summer and in winter', () => {
    expect(romeDate(new Date('2026-06-10T21:59:59.999Z'))).toBe('2026-06-10');
    expect(romeDate(new Date('2026-06-10T22:00:00Z'))).toBe('2026-06-11');
    expect(romeDate(new Date('2026-12-10T22:59:59.999Z'))).toBe('2026-12-10');
    expect(romeDate(new Date('2026-12-10T23:00:00Z'))).toBe('2026-12-11');
    expect(romeOffsetMs(Date.UTC(2026, 2, 29, 0, 59, 59))).toBe(3_600_000);
    expect(romeOffsetMs(Date.UTC(2026, 2, 29, 1))).toBe(7_200_000);
    expect(romeOffsetMs(Date.UTC(2026, 9, 25, 0, 59, 59))).toBe(7_200_000);
    expect(romeOffsetMs(Date.UTC(2026, 9, 25, 1))).toBe(3_600_000);
  });
});
