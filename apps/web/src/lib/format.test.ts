import { describe, expect, it, vi } from 'vitest';
import {
  elideItalian,
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
    expect(formatDayRange('2027-06-12', '2027-06-14', 'it', { year: false })).toBe('12–14 giu');
    expect(formatDayRange('2027-05-30', '2027-06-02', 'it', { year: false })).toBe('30 mag – 2 giu');
    expect(formatDayRange('2027-06-12', '2027-06-12', 'en', { year: false })).toBe('12 Jun');
  });

  it('shows instants in Rome time whatever the browser zone', () => {
    expect(formatInstant('2026-12-09T11:00:00.000Z', 'it')).toBe('9 dic 2026, 12:00');
    expect(formatInstant('2026-07-09T10:00:00.000Z', 'en')).toBe('9 Jul 2026, 12:00');
  });

  it('writes numbers and euro amounts with Italian separators', () => {
    // One grouping everywhere: `1.000 €` on a card as in the filters.
    expect(formatNumber(1234, 'it')).toBe('1.234');
    expect(formatNumber(999, 'it')).toBe('999');
    expect(formatNumber(12345, 'it')).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatEuro(1000, 'it')).toBe('1.000\u00a0€');
    expect(formatEuro(1500, 'it')).toBe('1.500\u00a0€');
    expect(formatEuro(15000, 'it')).toBe('15.000\u00a0€');
    expect(formatEuro(1500, 'en')).toBe('€1,500');
    expect(formatRankingValue(3.04, 'it')).toBe('3,04');
  });

  it('elides the Italian article before numbers read with a vowel', () => {
    expect(elideItalian('entro il 8 dic 2026')).toBe('entro l’8 dic 2026');
    expect(elideItalian('Inizia il 11 dic')).toBe('Inizia l’11 dic');
    expect(elideItalian('Il 1 dicembre')).toBe('L’1 dicembre');
    expect(elideItalian('dal 1 al 8 dic, dell’altro')).toBe('dall’1 all’8 dic, dell’altro');
    expect(elideItalian('nel 80% dei casi, sul 11.500')).toBe('nell’80% dei casi, sull’11.500');
    // Every other number keeps its article.
    expect(elideItalian('entro il 12 dic, il 18, il 2, il 1.000, il 110')).toBe(
      'entro il 12 dic, il 18, il 2, il 1.000, il 110',
    );
    // Not an article: a word ending in "il", or a decimal.
    expect(elideItalian('aprile 8, civil 8, il 1,5')).toBe('aprile 8, civil 8, il 1,5');
  });
});

describe('prepareFormatters (decision 178)', () => {
  it('makes the number formatter ahead, so the first number written builds none', async () => {
    // A page just opened: no formatter made yet.
    vi.resetModules();
    const fresh = await import('./format');
    fresh.prepareFormatters('en');
    const made = vi.spyOn(Intl, 'NumberFormat');
    expect(fresh.formatNumber(1500, 'en')).toBe('1,500');
    expect(made).not.toHaveBeenCalled();
  });
});
