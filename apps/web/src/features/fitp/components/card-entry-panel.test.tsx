import type { Participant, TournamentDetail } from '@radar/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../../test/api-stub';
import { tournament } from '../../../../test/fixtures/competitions';
import { renderInApp } from '../../../../test/test-utils';
import { CardEntryPanel } from './card-entry-panel';

const entrant = (
  id: number,
  surname: string,
  ranking: string,
  value: number,
  position: number,
  isMe = false,
): Participant => ({
  id,
  name: 'Luca',
  surname,
  membershipCard: null,
  ranking,
  rankingValue: value,
  subscriptionDate: '2026-11-21T09:02:00.000Z',
  club: null,
  position,
  isMe,
});

const draw = (overrides: Partial<TournamentDetail>) =>
  tournament({
    maxParticipants: 2,
    participantsCount: 3,
    eligibility: { verdict: 'eligible', detail: null },
    participants: [
      entrant(1, 'Forte', '4.1', 4.01, 1),
      entrant(2, 'Medio', '4.2', 4.02, 2),
      entrant(3, 'Giordano', '4.5', 4.05, 3, true),
    ],
    myEntry: {
      participantId: 3,
      position: 3,
      total: 3,
      subscriptionDate: '2026-11-21T09:02:00.000Z',
      cutLine: 'reserve',
      reservePosition: 1,
      partner: null,
    },
    ...overrides,
  });

describe('the card on the tournament detail', () => {
  it('shows the position out of the total, the cut line, the opponents with the user marked and the eligibility', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(<CardEntryPanel tournament={draw({})} hasCard />);
    const panel = await screen.findByTestId('fitp-entry');
    expect(within(panel).getByText('3° su 3 per classifica')).toBeTruthy();
    expect(within(panel).getByText('Riserva n. 1')).toBeTruthy();
    expect(within(panel).getByText('Linea di taglio: 2 posti')).toBeTruthy();
    expect(within(panel).getByText('Puoi iscriverti')).toBeTruthy();
    const opponents = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(opponents).toEqual(['Forte Luca4.1', 'Medio Luca4.2', 'Giordano LucaTu4.5']);
  });

  it('gives way to the published draw: no ranking guesses once the card is in a draw', async () => {
    stubApi({ 'GET /user': testUser() });
    const side = {
      players: [{ name: 'GIORDANO LUCA', ranking: '4.5' }],
      seed: null,
      retired: false,
      absent: false,
      mine: true,
    };
    const published = draw({
      draws: [
        {
          sectionCode: 'F',
          title: 'Tabellone finale',
          roundsCount: 1,
          rounds: [{ round: 1, matches: [{ position: 1, sides: [side, null], score: null, winner: null }] }],
          myDraw: {
            side,
            status: 'playing',
            steps: [],
            next: { round: 1, position: 1, opponent: null, potential: [] },
          },
        },
      ],
    });
    renderInApp(<CardEntryPanel tournament={published} hasCard />);
    const panel = await screen.findByTestId('fitp-entry');
    expect(within(panel).getByText('3° su 3 per classifica')).toBeTruthy();
    expect(within(panel).queryByText(/Possibili avversari/)).toBeNull();
    expect(
      within(panel).getByText('Il tabellone è pubblicato: i tuoi avversari sono in “Il mio tabellone”.'),
    ).toBeTruthy();
  });

  it('says inside the draw, and by entry order for chronological admission', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(
      <CardEntryPanel
        tournament={draw({
          admissionType: 'cronologico',
          maxParticipants: 32,
          eligibility: { verdict: 'ranking', detail: '4.3' },
          myEntry: {
            participantId: 3,
            position: 3,
            total: 3,
            subscriptionDate: null,
            cutLine: 'inside',
            reservePosition: null,
            partner: { name: 'Marco', surname: 'Verdi', membershipCard: '000000023', ranking: '4.2' },
          },
        })}
        hasCard
      />,
    );
    const panel = await screen.findByTestId('fitp-entry');
    expect(within(panel).getByText('3° su 3 per ordine di iscrizione')).toBeTruthy();
    expect(within(panel).getByText('Dentro il tabellone')).toBeTruthy();
    expect(within(panel).getByText('Classifica oltre il limite 4.3')).toBeTruthy();
    // Doubles: the partner the entry list pairs the card with.
    expect(within(panel).getByText('In coppia con Verdi Marco (4.2)')).toBeTruthy();
  });

  it('says why the card may not enter, each reason in its words', async () => {
    stubApi({ 'GET /user': testUser() });
    const reasons: [TournamentDetail['eligibility'], string][] = [
      [{ verdict: 'entered', detail: null }, 'Sei già iscritto'],
      [{ verdict: 'closed', detail: null }, 'Iscrizioni chiuse'],
      [{ verdict: 'gender', detail: 'F' }, 'Tabellone femminile'],
      [{ verdict: 'gender', detail: 'M' }, 'Tabellone maschile'],
      [{ verdict: 'age', detail: 'U14' }, 'Fuori età (Under 14)'],
      [{ verdict: 'age', detail: 'O45' }, 'Fuori età (Over 45)'],
      [{ verdict: 'ranking', detail: '4.3' }, 'Classifica oltre il limite 4.3'],
    ];
    for (const [eligibility, text] of reasons) {
      const { unmount } = renderInApp(<CardEntryPanel tournament={draw({ eligibility })} hasCard />);
      const panel = await screen.findByTestId('fitp-entry');
      expect(within(panel).getByText(text)).toBeTruthy();
      expect(within(panel).queryByText('Puoi iscriverti')).toBeNull();
      unmount();
    }
  });

  it('asks for gender and birth year in Settings › FITP rather than guessing', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(
      <CardEntryPanel
        tournament={draw({ eligibility: { verdict: 'unknown', detail: 'profile' } })}
        hasCard
      />,
    );
    const link = await screen.findByRole('link', {
      name: 'Indica sesso e anno di nascita in Impostazioni › FITP',
    });
    expect(link.getAttribute('href')).toBe('/settings?tab=fitp');
    expect(screen.queryByText('Puoi iscriverti')).toBeNull();
  });

  it('deep-links to Settings › FITP without a card', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(<CardEntryPanel tournament={draw({ myEntry: null, eligibility: null })} hasCard={false} />);
    const link = await screen.findByRole('link', { name: 'Collega la tessera' });
    expect(link.getAttribute('href')).toBe('/settings?tab=fitp');
  });
});
