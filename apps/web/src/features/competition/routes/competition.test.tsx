import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, stubApi, tournament } from '../../../../test/fixtures/competitions';
import { renderApp } from '../../../../test/test-utils';

const GUID = '25C6CC33-AE3A-447E-A55B-FBE66FBAFC80';
const WAIT = { timeout: 5_000 };

const participants = [
  { id: 1, name: 'Sara', surname: 'Bianchi', ranking: '3.4', rankingValue: 3.04, position: 1 },
  { id: 2, name: 'Giulia', surname: 'Rossi', ranking: '4.1', rankingValue: 4.01, position: 2 },
  { id: 3, name: 'Anna', surname: 'Verdi', ranking: '4.NC', rankingValue: 4.99, position: 3 },
].map((p) => ({
  ...p,
  membershipCard: null,
  subscriptionDate: '2026-11-21T09:02:00.000Z',
  club: 'Circolo della Vittoria',
}));

describe('/competition/:guid', () => {
  it('shows the competition, each draw’s settings, participants with positions, the user’s entry and the items', async () => {
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json({
          competition: detail({
            tournaments: [
              tournament({
                participants,
                participantsCount: 3,
                myEntry: {
                  participantId: 2,
                  position: 2,
                  total: 3,
                  subscriptionDate: '2026-11-21T09:02:00.000Z',
                },
                documents: [
                  {
                    id: 1,
                    kind: 'document',
                    title: 'Programma',
                    url: 'https://example.org/p.pdf',
                    date: null,
                    publishedAt: '2026-11-20T08:00:00.000Z',
                  },
                ],
                ordersOfPlay: [
                  {
                    id: 7,
                    kind: 'order_of_play',
                    title: 'OdG sabato',
                    url: 'https://example.org/odg.pdf',
                    date: '2026-12-12',
                    publishedAt: null,
                  },
                ],
              }),
              tournament({
                uuid: 'B1E2C3D4-0000-4000-8000-000000000003',
                description: 'Singolare Maschile 3a categoria',
              }),
            ],
          }),
        }),
    });
    renderApp(`/competition/${GUID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Torneo Open di Natale' }, WAIT),
    ).toBeTruthy();
    expect(screen.getByText('Tennis Club Parioli')).toBeTruthy();
    expect(screen.getByText('Roma (RM)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regolamento' }).getAttribute('href')).toBe(
      'https://example.org/regolamento.pdf',
    );
    expect(screen.getByRole('link', { name: 'Pagina del torneo' })).toBeTruthy();

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Terra battuta')).toBeTruthy();
    expect(within(panel).getByText('Dunlop Fort Clay Court')).toBeTruthy();
    expect(within(panel).getByText('Due set su tre con tie-break')).toBeTruthy();
    expect(within(panel).getByText('Per classifica')).toBeTruthy();
    expect(within(panel).getByText('32')).toBeTruthy();
    expect(within(panel).getByText('Sei 2° su 3 iscritti · iscritto il 21 nov 2026, 10:02')).toBeTruthy();

    const rows = within(within(panel).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Bianchi Sara', '3.4'],
      ['2', 'Rossi GiuliaTu', '4.1'],
      ['3', 'Verdi Anna', '4.NC'],
    ]);
    expect(within(panel).getByRole('link', { name: 'Programma' }).getAttribute('href')).toBe(
      'https://example.org/p.pdf',
    );
    expect(within(panel).getByText(/Giornata di sabato 12 dicembre 2026/)).toBeTruthy();
    expect(within(panel).getByText('Nessun tabellone pubblicato.')).toBeTruthy();

    // The second draw, in its own tab.
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Singolare Maschile 3a categoria' }), {
        button: 0,
      });
    });
    expect(
      within(screen.getByRole('tabpanel')).getByText('Non risulti tra gli iscritti di questo tabellone.'),
    ).toBeTruthy();
  });

  it('invites a user without a card to connect one', async () => {
    stubApi({ [`/api/competitions/${GUID}`]: () => json({ competition: detail({ hasCard: false }) }) });
    renderApp(`/competition/${GUID}`);
    expect(
      await screen.findByText('Collega la tua tessera FITP per vedere la tua posizione.', {}, WAIT),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Collega la tessera' }).getAttribute('href')).toBe('/settings');
  });

  it('marks the stored data as possibly stale when the federation is down', async () => {
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json(
          { serviceDown: true, data: { competition: detail() }, message: 'Federazione non raggiungibile.' },
          207,
        ),
    });
    renderApp(`/competition/${GUID}`);
    expect(await screen.findByText('Dati forse non aggiornati', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Federazione non raggiungibile.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Torneo Open di Natale' })).toBeTruthy();
  });

  it('says so when the tournament does not exist, or when nothing is stored and the federation is down', async () => {
    stubApi({
      [`/api/competitions/${GUID}`]: () =>
        json({ code: 'TOURNAMENT_NOT_FOUND', message: 'Torneo non trovato.', status: 404 }, 404),
    });
    renderApp(`/competition/${GUID}`);
    expect(await screen.findByText('Torneo non trovato.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dettaglio torneo' })).toBeTruthy();
  });
});
