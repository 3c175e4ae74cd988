/**
 * The real draw sample (fitp-samples/draw-tabellone.json) read by the client's mapping, then
 * through the shared bracket (packages/shared draw-bracket.ts): feeding positions, byes (absent
 * first-round matches), a retirement, the next opponent and, before it is known, the potential
 * opponents; a doubles pair. docs/decisions/203.
 */
import {
  type BracketMatch,
  drawBracket,
  drawRoundsCount,
  drawSideLabel,
  feedingPositions,
  playerDraw,
  sideHasCard,
} from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { mapDraw } from '../../src/federation/mapping';
import type { DrawMatch, DrawSide } from '../../src/federation/types';
import { sampleJson } from './fixture-server';

const SECTION = 'F33C5E2E-51A9-4716-A5AA-86C29D369687';
const DAL_PEZZOTTA = '6881694481'; // seed 1, a bye in round 1
const SIMONI = '2338358780'; // seed 2, a bye, then her opponent retires
const SPREAFICO = '1183159104'; // wins round 1, retires in round 2
const VALSECCHI = '8184760317'; // wins round 1, loses round 2
const SANTORO = '6099885901'; // loses round 1

function sampleMatches(): DrawMatch[] {
  const mapped = mapDraw(sampleJson('draw-tabellone.json'), 174661, SECTION);
  if (!mapped?.draw) throw new Error('the sample did not map');
  return mapped.draw.matches;
}

const names = (sides: readonly (Pick<DrawSide, 'players'> | null)[]) =>
  sides.map((s) => (s ? s.players.map((p) => p.name).join(' / ') : null));
const mine = (card: string) => (side: DrawSide) => sideHasCard(side, card);

describe('the bracket of the real sample', () => {
  it('has three rounds (the final not published yet) and each match fed by (T−1, 2P−1) and (T−1, 2P)', () => {
    const matches = sampleMatches();
    expect(drawRoundsCount(matches)).toBe(3);
    expect(feedingPositions(2, 1)).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(feedingPositions(3, 1)).toEqual([
      [2, 1],
      [2, 2],
    ]);
    const bracket = drawBracket(matches);
    // Round 2's players are the winners of their feeding positions: (1,2) → VALSECCHI, (1,4) → SPREAFICO.
    const r1 = bracket.cells(1);
    expect(r1.map((c) => c.position)).toEqual([1, 2, 3, 4]);
    const winnerName = (c: (typeof r1)[number]) => {
      const slot = c.winner === null ? undefined : c.slots[c.winner];
      return slot?.kind === 'side' ? slot.side.players[0]?.name : null;
    };
    expect(r1.map(winnerName)).toEqual([
      'DAL PEZZOTTA SABRINA',
      'VALSECCHI LORENZA',
      'SIMONI GIADA',
      'SPREAFICO PRISCILLA MARINA',
    ]);
    // The absent first-round matches 1 and 3 are byes for the players round 2 names there.
    expect(r1[0]?.match).toBeNull();
    expect(r1[0]?.slots.map((s) => s.kind)).toEqual(['side', 'bye']);
    for (const c of bracket.cells(2)) {
      const [top, bottom] = feedingPositions(2, c.position).map(([r, p]) => bracket.cell(r, p));
      for (const [index, feeder] of [top, bottom].entries()) {
        const slot = c.slots[index];
        const through = feeder?.winner === null ? undefined : feeder?.slots[feeder.winner ?? 0];
        expect(
          slot?.kind === 'side' &&
            through?.kind === 'side' &&
            sideHasCard(slot.side, through.side.players[0]?.card),
        ).toBe(true);
      }
    }
    // The final, not in the answer: the winners of round 2.
    const final = bracket.cell(3, 1);
    expect(final.match).toBeNull();
    expect(names(final.slots.map((s) => (s.kind === 'side' ? s.side : null)))).toEqual([
      'DAL PEZZOTTA SABRINA',
      'SIMONI GIADA',
    ]);
    expect(final.winner).toBeNull();
  });

  it('a seed with a bye who won round 2: her path and her known opponent in the final', () => {
    const path = playerDraw(sampleMatches(), mine(DAL_PEZZOTTA));
    expect(path?.side.seed).toBe(1);
    expect(path?.rounds).toBe(3);
    expect(path?.steps.map((s) => [s.round, s.outcome, s.score])).toEqual([
      [1, 'bye', null],
      [2, 'won', '61 62'],
    ]);
    expect(path?.steps[1]?.opponent?.players[0]?.name).toBe('VALSECCHI LORENZA');
    expect(path?.next).toMatchObject({ round: 3, position: 1, slot: 0, potential: [] });
    expect(path?.next?.opponent).toMatchObject({
      seed: 2,
      players: [{ name: 'SIMONI GIADA', ranking: '3.5' }],
    });
    expect(path?.status).toBe('playing');
    expect(drawSideLabel(path?.next?.opponent ?? { players: [] })).toBe('SIMONI GIADA (3.5)');
  });

  it('a retirement: won by the opponent retiring, lost by retiring', () => {
    const simoni = playerDraw(sampleMatches(), mine(SIMONI));
    expect(simoni?.steps.map((s) => [s.round, s.outcome, s.score, s.retired])).toEqual([
      [1, 'bye', null, null],
      [2, 'won', '60', 'opponent'],
    ]);
    expect(simoni?.next?.opponent?.players[0]?.name).toBe('DAL PEZZOTTA SABRINA');

    const spreafico = playerDraw(sampleMatches(), mine(SPREAFICO));
    expect(spreafico?.steps.map((s) => [s.round, s.outcome, s.score, s.retired])).toEqual([
      [1, 'won', '63 61', null],
      [2, 'lost', '60', 'me'],
    ]);
    expect(spreafico?.next).toBeNull();
    expect(spreafico?.status).toBe('out');
  });

  it('a first-round loser is out after one match; a card not in the draw has no path', () => {
    const santoro = playerDraw(sampleMatches(), mine(SANTORO));
    expect(santoro?.steps.map((s) => [s.round, s.outcome, s.score])).toEqual([[1, 'lost', '63 63']]);
    expect(santoro?.status).toBe('out');
    expect(playerDraw(sampleMatches(), mine('1234567890'))).toBeNull();
    expect(playerDraw(sampleMatches(), mine(''))).toBeNull();
  });

  it('before round 1 is played: the potential opponents are the feeding positions’ players, recursively', () => {
    // Round 1 match 2 not played yet; round 2 match 1 names only the seed who had a bye.
    const unplayed = sampleMatches().map((m): DrawMatch => {
      if (m.round === 1 && m.position === 2) return { ...m, score: null, winner: null };
      if (m.round === 2 && m.position === 1)
        return { ...m, sides: [m.sides[0], null], score: null, winner: null };
      return m;
    });
    const seed1 = playerDraw(unplayed, mine(DAL_PEZZOTTA));
    expect(seed1?.steps.map((s) => s.outcome)).toEqual(['bye']);
    expect(seed1?.next).toMatchObject({ round: 2, position: 1, slot: 0, opponent: null });
    expect(names(seed1?.next?.potential ?? [])).toEqual(['SANTORO ELENA', 'VALSECCHI LORENZA']);
    // In the final: the whole unplayed half, two rounds down.
    const simoni = playerDraw(unplayed, mine(SIMONI));
    expect(simoni?.next?.opponent).toBeNull();
    expect(names(simoni?.next?.potential ?? [])).toEqual([
      'DAL PEZZOTTA SABRINA',
      'SANTORO ELENA',
      'VALSECCHI LORENZA',
    ]);
    // The two players of the unplayed match face each other: the opponent is known.
    const valsecchi = playerDraw(unplayed, mine(VALSECCHI));
    expect(valsecchi?.steps).toEqual([]);
    expect(valsecchi?.next?.opponent?.players[0]?.name).toBe('SANTORO ELENA');
  });

  it('the final won: champion', () => {
    const matches: BracketMatch<DrawSide>[] = sampleMatches();
    const semis = matches.filter((m) => m.round === 2);
    const final: DrawMatch = {
      id: 1,
      round: 3,
      position: 1,
      sides: [semis[0]?.sides[0] ?? null, semis[1]?.sides[0] ?? null],
      score: '64 36 108',
      winner: 1,
    };
    const simoni = playerDraw([...sampleMatches(), final], mine(SIMONI));
    expect(simoni?.status).toBe('champion');
    expect(simoni?.steps.at(-1)).toMatchObject({ round: 3, outcome: 'won', score: '64 36 108' });
    expect(playerDraw([...sampleMatches(), final], mine(DAL_PEZZOTTA))?.status).toBe('out');
  });

  it('doubles: the user is found by either card of the pair, and the opponent is a pair', () => {
    const raw = sampleJson<{ results: { partite: Record<string, unknown>[] }[] }>('draw-tabellone.json');
    // The sample is a singles draw: the same matches with a partner on each side.
    for (const [i, match] of (raw.results[0]?.partite ?? []).entries()) {
      match.Nome12 = `PARTNER UNO ${i}`;
      match.Categoria12 = '4.5';
      match.NumeroTessera12 = `90000000${10 + i}`;
      match.Nome22 = `PARTNER DUE ${i}`;
      match.Categoria22 = '4.6';
      match.NumeroTessera22 = `80000000${10 + i}`;
    }
    const mapped = mapDraw(raw, 174669, SECTION);
    const matches = mapped?.draw?.matches ?? [];
    // Match 7739170 (round 2, position 1) is the third: DAL PEZZOTTA's partner there.
    const partner = '9000000012';
    const pair = playerDraw(matches, mine(partner));
    expect(pair?.side.players.map((p) => p.name)).toEqual(['DAL PEZZOTTA SABRINA', 'PARTNER UNO 2']);
    expect(pair?.steps.at(-1)?.opponent?.players.map((p) => p.name)).toEqual([
      'VALSECCHI LORENZA',
      'PARTNER DUE 2',
    ]);
    expect(drawSideLabel(pair?.next?.opponent ?? { players: [] })).toBe(
      'SIMONI GIADA (3.5) / PARTNER UNO 3 (4.5)',
    );
  });
});
