import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayRange,
  formatEuro,
  formatInstant,
  formatNumber,
  formatRankingValue,
} from './format';

describe('formatting', () => {
  it('writes days the Italian way, and the English way in English', () => {
    expect(formatDay('2026-12-12', 'it')).toBe('12 dic 2026');
    expect(formatDay('2026-12-12', 'it', 'long')).toBe('sabato 12 dicembre 2026');
    expect(formatDay('2026-12-12', 'en')).toBe('12 Dec 2026');
    expect(formatDayRange('2026-12-12', '2026-12-21', 'it')).toMatch(/^12\s?–\s?21 dic 2026$/);
    expect(formatDayRange('2026-12-12', '2026-12-12', 'it')).toBe('12 dic 2026');
  });

  it('shows instants in Rome time whatever the browser zone', () => {
    expect(formatInstant('2026-12-09T11:00:00.000Z', 'it')).toBe('9 dic 2026, 12:00');
    expect(formatInstant('2026-07-09T10:00:00.000Z', 'en')).toBe('9 Jul 2026, 12:00');
  });

  it('writes numbers and euro amounts with Italian separators', () => {
    expect(formatNumber(1234, 'it')).toBe('1234');
    expect(formatNumber(12345, 'it')).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatEuro(1500, 'it')).toBe('1500\u00a0€');
    expect(formatEuro(15000, 'it')).toBe('15.000\u00a0€');
    expect(formatEuro(1500, 'en')).toBe('€1,500');
    expect(formatRankingValue(3.04, 'it')).toBe('3,04');
  });
});
