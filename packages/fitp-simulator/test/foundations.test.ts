import { describe, expect, it } from 'vitest';
import { Clock } from '../src/clock';
import { hashParts, Rng } from '../src/prng';
import { rankingValue } from '../src/rankings';
import {
  epochDayOf,
  formatRomeDateTime,
  parseInstant,
  parseLocalDate,
  romeInstant,
  romeOffsetMs,
  romeWallTime,
} from '../src/rome-time';

describe('Rng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = Rng.derive(42, 'x', 1);
    const b = Rng.derive(42, 'x', 1);
    const c = Rng.derive(43, 'x', 1);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(hashParts('a', 'b')).not.toBe(hashParts('ab'));
  });

  it('samples distinct indices, all of them when asked for more than exist', () => {
    const rng = new Rng(7);
    const sample = rng.sampleIndices(50, 20);
    expect(new Set(sample).size).toBe(20);
    expect(sample.every((i) => i >= 0 && i < 50)).toBe(true);
    expect(rng.sampleIndices(5, 10).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('makes upper-case version-4 uuids', () => {
    const uuid = new Rng(1).uuid();
    expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  });

  it('follows the weights', () => {
    const rng = new Rng(3);
    const picks = Array.from({ length: 4000 }, () =>
      rng.weighted([
        ['a', 3],
        ['b', 1],
      ]),
    );
    const share = picks.filter((p) => p === 'a').length / picks.length;
    expect(share).toBeGreaterThan(0.7);
    expect(share).toBeLessThan(0.8);
  });
});

describe('Rome time', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const viaIntl = (instant: number): string => {
    const p = Object.fromEntries(intl.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };

  it('agrees with the time-zone database every 7 hours across three years', () => {
    const from = Date.UTC(2025, 0, 1);
    for (let t = from; t < Date.UTC(2028, 0, 1); t += 7 * 3_600_000 + 17_000) {
      expect(formatRomeDateTime(t)).toBe(viaIntl(t));
    }
  });

  it('switches offset on the last Sundays of March and October at 01:00 UTC', () => {
    expect(romeOffsetMs(Date.parse('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(romeOffsetMs(Date.parse('2026-03-29T01:00:00Z'))).toBe(7_200_000);
    expect(romeOffsetMs(Date.parse('2026-10-25T00:59:59Z'))).toBe(7_200_000);
    expect(romeOffsetMs(Date.parse('2026-10-25T01:00:00Z'))).toBe(3_600_000);
  });

  it('turns Rome wall-clock times into instants and back', () => {
    const day = epochDayOf(2026, 7, 1);
    expect(new Date(romeInstant(day, 9 * 60)).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(new Date(romeInstant(epochDayOf(2026, 12, 1), 9 * 60)).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(romeWallTime(romeInstant(day, 615))).toEqual({ day, msOfDay: 615 * 60_000 });
  });

  it('parses the contract date formats, rejecting impossible dates', () => {
    expect(parseLocalDate('12/12/2026')).toBe(epochDayOf(2026, 12, 12));
    expect(parseLocalDate('2026-12-12')).toBe(epochDayOf(2026, 12, 12));
    expect(parseLocalDate('2026-12-12T00:00:00')).toBe(epochDayOf(2026, 12, 12));
    expect(parseLocalDate('31/02/2026')).toBeUndefined();
    expect(parseLocalDate('tomorrow')).toBeUndefined();
    expect(parseInstant('2026-11-22T08:15:00')).toBe(Date.parse('2026-11-22T07:15:00Z'));
    expect(parseInstant('2026-11-22T08:15:00Z')).toBe(Date.parse('2026-11-22T08:15:00Z'));
    expect(parseInstant('2026-07-01T08:15:00+02:00')).toBe(Date.parse('2026-07-01T06:15:00Z'));
    expect(parseInstant('22/11/2026')).toBe(Date.parse('2026-11-21T23:00:00Z'));
    expect(parseInstant('2026-13-01')).toBeUndefined();
  });
});

describe('rankings', () => {
  it('values rankings as class + sub-rank / 100 with NC as 99', () => {
    expect(rankingValue('3.4')).toBeCloseTo(3.04);
    expect(rankingValue('4.NC')).toBeCloseTo(4.99);
    expect(rankingValue('2.1')).toBeLessThan(rankingValue('4.1') as number);
    expect(rankingValue('five')).toBeUndefined();
  });
});

describe('Clock', () => {
  it('follows real time until set, then stays frozen and advances on demand', () => {
    let real = 1_000_000;
    const clock = new Clock(undefined, () => real);
    expect(clock.nowMs()).toBe(1_000_000);
    real += 500;
    expect(clock.nowMs()).toBe(1_000_500);
    clock.advance({ hours: 1 });
    expect(clock.nowMs()).toBe(1_000_500 + 3_600_000);
    clock.set('2026-01-01T00:00:00Z');
    real += 10_000;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance({ days: 1, minutes: 30 });
    expect(clock.now().toISOString()).toBe('2026-01-02T00:30:00.000Z');
    expect(clock.frozen).toBe(true);
    clock.useRealTime();
    expect(clock.nowMs()).toBe(real);
  });
});
