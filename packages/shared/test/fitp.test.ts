import { describe, expect, it } from 'vitest';
import {
  bandHolds,
  bandOfRanking,
  cutLineState,
  drawLimitValue,
  membershipCardProblem,
  membershipCardSchema,
} from '../src/fitp';

describe('the card number format (spec §5)', () => {
  it('tells empty, non-digits, too short and too long apart', () => {
    expect(membershipCardProblem('')).toBe('cardRequired');
    expect(membershipCardProblem('  ')).toBe('cardRequired');
    expect(membershipCardProblem(null)).toBe('cardRequired');
    expect(membershipCardProblem('12ab5678')).toBe('cardDigitsOnly');
    expect(membershipCardProblem('12345')).toBe('cardTooShort');
    expect(membershipCardProblem('1234567890123')).toBe('cardTooLong');
  });

  it('accepts a card written with spaces, dots or dashes', () => {
    expect(membershipCardProblem('123456')).toBeNull();
    expect(membershipCardProblem('445 537 108')).toBeNull();
    expect(membershipCardProblem('445.537-108')).toBeNull();
  });

  it('gives the form the catalogue keys', () => {
    const result = membershipCardSchema.safeParse('12');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.cardTooShort');
  });
});

describe('eligibility by ranking (docs/decisions/101)', () => {
  it('reads a draw limit from its ranking limit, else its category class as N.1', () => {
    expect(drawLimitValue('4.1', 3)).toBe(4.01);
    expect(drawLimitValue('3.NC', null)).toBe(3.99);
    expect(drawLimitValue(null, 3)).toBe(3.01);
    expect(drawLimitValue(null, null)).toBeNull();
  });
});

describe('the cut line', () => {
  it('is inside up to MaxParticipants, reserve beyond, unknown without it', () => {
    expect(cutLineState(32, 32)).toBe('inside');
    expect(cutLineState(33, 32)).toBe('reserve');
    expect(cutLineState(1, null)).toBe('unknown');
  });
});

describe('the band holding a ranking (per-band deadlines, decision 182)', () => {
  const bands = [
    { minRank: '4.NC', maxRank: '4.1', id: 'fourth' },
    { minRank: '3.NC', maxRank: '3.1', id: 'third' },
    { minRank: '2.8', maxRank: '1', id: 'top' },
  ];

  it('includes both ends of a band and reads 3.10 as below 3.9', () => {
    expect(bandOfRanking(bands, '4.1')?.id).toBe('fourth');
    expect(bandOfRanking(bands, '4.NC')?.id).toBe('fourth');
    expect(bandOfRanking(bands, '3.10')?.id).toBe('third');
    expect(bandOfRanking(bands, '1')?.id).toBe('top');
    expect(bandOfRanking(bands, '2.8')?.id).toBe('top');
  });

  it('finds none for a ranking outside every band, or no ranking', () => {
    expect(bandOfRanking(bands, '2.9')).toBeUndefined();
    expect(bandOfRanking(bands, null)).toBeUndefined();
    expect(bandOfRanking(bands, 'NC')).toBeUndefined();
    expect(bandHolds({ minRank: 'x', maxRank: '1' }, '2.1')).toBe(false);
  });
});
