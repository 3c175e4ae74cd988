import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareParticipants,
  computePositions,
  isCardAmongParticipants,
  type PositionedParticipant,
  positionOfCard,
  rankingValue,
} from '../src/positions';

describe('ranking value (spec §4)', () => {
  it('is class + sub-rank/100, with NC counted as 99', () => {
    expect(rankingValue('3.4')).toBe(3.04);
    expect(rankingValue('3.10')).toBe(3.1);
    expect(rankingValue('4.NC')).toBe(4.99);
    expect(rankingValue('4.nc')).toBe(4.99);
    expect(rankingValue('2.1')).toBe(2.01);
    expect(rankingValue('1')).toBe(1);
    expect(rankingValue('4,2')).toBe(4.02);
  });

  it('is null for what is not a ranking', () => {
    for (const text of [null, undefined, '', 'NC', 'abc', '4.', '4.100', '.5']) {
      expect(rankingValue(text), String(text)).toBeNull();
    }
  });

  it('orders every N.M and N.NC ranking like the pair (class, sub-rank with NC = 99)', () => {
    const ranking = fc.tuple(
      fc.integer({ min: 1, max: 4 }),
      fc.oneof(fc.integer({ min: 1, max: 98 }), fc.constant(99)),
    );
    const spell = ([n, m]: [number, number]) => (m === 99 ? `${n}.NC` : `${n}.${m}`);
    fc.assert(
      fc.property(ranking, ranking, (a, b) => {
        const byValue = Math.sign((rankingValue(spell(a)) ?? 0) - (rankingValue(spell(b)) ?? 0));
        const byPair = Math.sign(a[0] - b[0] || a[1] - b[1]);
        expect(byValue).toBe(byPair);
      }),
    );
  });
});

const RANKINGS = ['2.1', '2.8', '3.1', '3.3', '3.5', '4.1', '4.4', '4.6', '4.NC', 'NC', null];

const participantsArbitrary = fc
  .array(
    fc.record({
      card: fc.option(fc.integer({ min: 100_000, max: 999_999 }), { nil: null }),
      ranking: fc.constantFrom(...RANKINGS),
      at: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null, freq: 8 }),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map(
      (row, i): PositionedParticipant => ({
        id: 9000 + i,
        // Cards are unique within a tournament.
        membershipCard: row.card === null ? null : `${row.card}${i}`,
        ranking: row.ranking,
        subscriptionDate: row.at === null ? null : new Date(1_780_000_000_000 + row.at * 1000).toISOString(),
      }),
    ),
  );
const admission = fc.constantFrom('classifica' as const, 'cronologico' as const, null);

describe('positions (spec §4)', () => {
  it('are 1..n, each once', () => {
    fc.assert(
      fc.property(participantsArbitrary, admission, (participants, type) => {
        const positions = [...computePositions(participants, type).values()].sort((a, b) => a - b);
        expect(positions).toEqual(participants.map((_, i) => i + 1));
      }),
    );
  });

  it('follow subscription dates for chronological admission', () => {
    fc.assert(
      fc.property(participantsArbitrary, (participants) => {
        const positions = computePositions(participants, 'cronologico');
        for (const a of participants) {
          for (const b of participants) {
            if (a.subscriptionDate && b.subscriptionDate && a.subscriptionDate < b.subscriptionDate) {
              expect(positions.get(a.id)).toBeLessThan(positions.get(b.id) ?? 0);
            }
            if (a.subscriptionDate && !b.subscriptionDate) {
              expect(positions.get(a.id)).toBeLessThan(positions.get(b.id) ?? 0);
            }
          }
        }
      }),
    );
  });

  it('follow ranking values for ranking admission, then entry time', () => {
    fc.assert(
      fc.property(participantsArbitrary, (participants) => {
        const positions = computePositions(participants, 'classifica');
        for (const a of participants) {
          for (const b of participants) {
            const va = rankingValue(a.ranking);
            const vb = rankingValue(b.ranking);
            const pa = positions.get(a.id) ?? 0;
            const pb = positions.get(b.id) ?? 0;
            if (va !== null && (vb === null || va < vb)) expect(pa).toBeLessThan(pb);
            if (
              va !== null &&
              va === vb &&
              a.subscriptionDate &&
              b.subscriptionDate &&
              a.subscriptionDate < b.subscriptionDate
            ) {
              expect(pa).toBeLessThan(pb);
            }
          }
        }
      }),
    );
  });

  it('give a card its place: one plus the participants ahead of it', () => {
    fc.assert(
      fc.property(participantsArbitrary, admission, fc.nat(), (participants, type, pick) => {
        const withCard = participants.filter((p) => p.membershipCard);
        fc.pre(withCard.length > 0);
        const me = withCard[pick % withCard.length] as PositionedParticipant;
        const ahead = participants.filter((p) => compareParticipants(type)(p, me) < 0).length;
        expect(positionOfCard(me.membershipCard, participants, type)).toEqual({
          position: ahead + 1,
          total: participants.length,
        });
        expect(isCardAmongParticipants(me.membershipCard, participants)).toBe(true);
      }),
    );
  });

  it('are null without a card or when the card is not entered', () => {
    fc.assert(
      fc.property(participantsArbitrary, admission, (participants, type) => {
        expect(positionOfCard(null, participants, type)).toBeNull();
        expect(positionOfCard('', participants, type)).toBeNull();
        expect(positionOfCard('12', participants, type)).toBeNull();
        expect(isCardAmongParticipants('12', participants)).toBe(false);
        expect(isCardAmongParticipants(null, participants)).toBe(false);
      }),
    );
  });

  it('rank a concrete entry list as the federation would', () => {
    const list: PositionedParticipant[] = [
      { id: 1, membershipCard: '111', ranking: '4.NC', subscriptionDate: '2026-11-21T08:00:00Z' },
      { id: 2, membershipCard: '222', ranking: '3.4', subscriptionDate: '2026-11-21T09:00:00Z' },
      { id: 3, membershipCard: '333', ranking: '4.1', subscriptionDate: '2026-11-21T07:00:00Z' },
      { id: 4, membershipCard: null, ranking: '3.4', subscriptionDate: '2026-11-20T07:00:00Z' },
    ];
    expect(positionOfCard('222', list, 'classifica')).toEqual({ position: 2, total: 4 });
    expect(positionOfCard('111', list, 'classifica')).toEqual({ position: 4, total: 4 });
    expect(positionOfCard('111', list, 'cronologico')).toEqual({ position: 3, total: 4 });
    expect(positionOfCard(' 333 ', list, 'cronologico')).toEqual({ position: 2, total: 4 });
  });
});

describe('a value given instead of the ranking (a doubles pair, decision 182)', () => {
  it('orders by the value, then by subscription; unknown values last', () => {
    const pairs = [
      { id: 0, membershipCard: null, ranking: null, value: 6.03, subscriptionDate: '2026-08-01T10:00:00Z' },
      { id: 1, membershipCard: null, ranking: null, value: null, subscriptionDate: '2026-07-01T10:00:00Z' },
      { id: 2, membershipCard: null, ranking: null, value: 4.15, subscriptionDate: '2026-08-02T10:00:00Z' },
      { id: 3, membershipCard: null, ranking: null, value: 6.03, subscriptionDate: '2026-07-30T10:00:00Z' },
    ];
    expect([...computePositions(pairs, null).entries()]).toEqual([
      [2, 1],
      [3, 2],
      [0, 3],
      [1, 4],
    ]);
  });
});
