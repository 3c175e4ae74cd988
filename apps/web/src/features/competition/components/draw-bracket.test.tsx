import type { Draw, DrawSideDto, MyDraw } from '@radar/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../../test/api-stub';
import { renderInApp } from '../../../../test/test-utils';
import { DrawBracket } from './draw-bracket';
import { MyDrawCard } from './my-draw';

const WAIT = { timeout: 5_000 };

const side = (
  name: string,
  ranking: string | null,
  seed: number | null = null,
  extra: Partial<DrawSideDto> = {},
) => ({
  players: [{ name, ranking }],
  seed,
  retired: false,
  absent: false,
  mine: false,
  ...extra,
});
const ME = side('ROSSI MARIO', '4.2', 1, { mine: true });
const VERDI = side('VERDI ANNA', '4.3');
const NERI = side('NERI LUCA', '4.5', null, { retired: true });

/** A 4-slot draw: the user's seed has a bye, the other semifinal is played; the final not filled yet. */
const played: Draw = {
  sectionCode: 'F',
  title: 'Tabellone finale',
  roundsCount: 2,
  rounds: [
    {
      round: 1,
      matches: [
        { position: 1, sides: [ME, null], score: null, winner: 0 },
        { position: 2, sides: [VERDI, NERI], score: '63 21', winner: 0 },
      ],
    },
  ],
  myDraw: {
    side: ME,
    status: 'playing',
    steps: [
      {
        round: 1,
        position: 1,
        outcome: 'bye',
        opponent: null,
        score: null,
        retired: null,
        walkover: false,
      },
    ],
    next: { round: 2, position: 1, opponent: VERDI, potential: [] },
  },
};

describe('the draw as a bracket', () => {
  it('shows each round as a column: byes, seeds, rankings, the winner in bold, scores, retirements, the final derived', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(<DrawBracket draw={played} />);
    const bracket = await screen.findByRole('region', { name: 'Tabellone finale' }, WAIT);
    expect(within(bracket).getByRole('heading', { level: 3, name: 'Tabellone finale' })).toBeTruthy();
    // Round buttons jump to a round; the columns keep their headings and names.
    const rounds = within(bracket).getByRole('navigation', { name: 'Turni del tabellone' });
    expect(
      within(rounds)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Semifinali', 'Finale']);
    const semis = within(bracket).getByRole('region', { name: 'Semifinali' });
    const final = within(bracket).getByRole('region', { name: 'Finale' });
    const [bye, match] = within(semis).getAllByRole('listitem');
    expect(bye?.textContent).toBe('[1]ROSSI MARIO4.2TuBye');
    expect(match?.textContent).toBe('VERDI ANNA4.3NERI LUCA4.5Ritirato63 21');
    expect(within(match as HTMLElement).getByText('VERDI ANNA').parentElement?.className).toContain(
      'font-semibold',
    );
    // The final is not in the federation's answer: the winners of the semifinals, to be played.
    const [theFinal] = within(final).getAllByRole('listitem');
    expect(theFinal?.textContent).toBe('[1]ROSSI MARIO4.2TuVERDI ANNA4.3Da giocare');
    // The user's path is highlighted.
    expect(bye?.className).toContain('ring-primary');
    expect(theFinal?.className).toContain('ring-primary');
    expect(match?.className).not.toContain('ring-primary');
  });

  it('names who may come through a match not played yet', async () => {
    stubApi({ 'GET /user': testUser() });
    const unplayed: Draw = {
      ...played,
      rounds: [
        {
          round: 1,
          matches: [
            { position: 1, sides: [ME, null], score: null, winner: 0 },
            { position: 2, sides: [VERDI, { ...NERI, retired: false }], score: null, winner: null },
          ],
        },
      ],
      myDraw: null,
    };
    renderInApp(<DrawBracket draw={unplayed} />);
    const final = await screen.findByRole('region', { name: 'Finale' }, WAIT);
    expect(within(final).getByRole('listitem').textContent).toBe('[1]ROSSI MARIO4.2TuVERDI ANNA o NERI LUCA');
  });
});

describe('my draw', () => {
  it('leads with the next match and its opponent (name, ranking, seed), then the matches played', async () => {
    stubApi({ 'GET /user': testUser() });
    const myDraw: MyDraw = {
      side: ME,
      status: 'playing',
      steps: [
        {
          round: 1,
          position: 1,
          outcome: 'won',
          opponent: NERI,
          score: '63 21',
          retired: 'opponent',
          walkover: false,
        },
        {
          round: 2,
          position: 1,
          outcome: 'won',
          opponent: VERDI,
          score: '64 36 108',
          retired: null,
          walkover: false,
        },
      ],
      next: { round: 3, position: 1, opponent: side('BIANCHI UGO', '4.1', 2), potential: [] },
    };
    renderInApp(<MyDrawCard draw={{ title: 'Tabellone finale', roundsCount: 3 }} myDraw={myDraw} />);
    const card = await screen.findByRole('region', { name: 'Il mio tabellone' }, WAIT);
    expect(card.textContent).toContain(
      'Prossimo incontro · Finale[2] BIANCHI UGOClassifica 4.1 · Testa di serie n. 2',
    );
    const steps = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Latest first.
    expect(steps).toEqual([
      'SemifinaliVinto64 36 108contro VERDI ANNA',
      'Quarti di finaleVinto63 21contro NERI LUCA · avversario ritirato',
    ]);
  });

  it('before the opponent is known: the potential opponents; a pair in doubles; out after a loss', async () => {
    stubApi({ 'GET /user': testUser() });
    const pair = { ...ME, players: [...ME.players, { name: 'BIANCHI LUCA', ranking: '4.3' }] };
    const waiting: MyDraw = {
      side: pair,
      status: 'playing',
      steps: [],
      next: { round: 2, position: 1, opponent: null, potential: [VERDI, side('NERI LUCA', '4.5', 3)] },
    };
    const { unmount } = renderInApp(<MyDrawCard draw={{ title: null, roundsCount: 3 }} myDraw={waiting} />);
    const card = await screen.findByRole('region', { name: 'Il mio tabellone' }, WAIT);
    expect(card.textContent).toContain('La tua coppia: ROSSI MARIO / BIANCHI LUCA');
    expect(card.textContent).toContain('Avversario da definire, uno tra:');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VERDI ANNAClassifica 4.3', '[3] NERI LUCAClassifica 4.5']);
    expect(card.textContent).toContain('Nessun incontro giocato finora.');
    unmount();

    renderInApp(
      <MyDrawCard
        draw={{ title: null, roundsCount: 3 }}
        myDraw={{
          side: ME,
          status: 'out',
          steps: [
            {
              round: 1,
              position: 1,
              outcome: 'lost',
              opponent: VERDI,
              score: '',
              retired: null,
              walkover: true,
            },
          ],
          next: null,
        }}
      />,
    );
    const out = await screen.findByRole('region', { name: 'Il mio tabellone' }, WAIT);
    expect(out.textContent).toContain('Eliminato · Quarti di finale');
    expect(within(out).getByRole('listitem').textContent).toBe(
      'Quarti di finalePersocontro VERDI ANNA · a tavolino',
    );
  });
});
