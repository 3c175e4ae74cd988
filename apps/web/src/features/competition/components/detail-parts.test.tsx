import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, testUser } from '../../../../test/api-stub';
import { tournament } from '../../../../test/fixtures/competitions';
import { renderInApp } from '../../../../test/test-utils';
import { DeadlineBands } from './deadline-bands';
import { PracticalInfo } from './practical-info';

const WAIT = { timeout: 5_000 };

describe('the detail’s bands table', () => {
  const deadlines = [
    { minRank: '4.NC', maxRank: '4.1', closesAt: '2026-07-28T10:00:00.000Z', byReferee: false },
    { minRank: '3.NC', maxRank: '3.1', closesAt: '2026-07-25T16:00:00.000Z', byReferee: false },
    { minRank: '2.8', maxRank: '1', closesAt: null, byReferee: true },
  ];

  it('reads each band with its Rome deadline, the referee’s band, and marks the card’s band', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(<DeadlineBands deadlines={deadlines} cardRanking="4.3" />);
    const table = await screen.findByRole('region', { name: 'Scadenze iscrizioni per classifica' }, WAIT);
    const rows = within(table)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'da 4.NC a 4.1 fino al 28/07 12:00La tua fascia',
      'da 3.NC a 3.1 fino al 25/07 18:00',
      'da 2.8 a 1: decisa dal giudice arbitro',
    ]);
  });

  it('speaks English too, and shows nothing without bands', async () => {
    stubApi({ 'GET /user': testUser({ language: 'en' }) });
    const { container } = renderInApp(
      <>
        <DeadlineBands deadlines={deadlines.slice(0, 1)} cardRanking={null} />
        <DeadlineBands deadlines={[]} cardRanking="4.1" />
      </>,
    );
    expect(await screen.findByText('from 4.NC to 4.1 until 28/07 12:00', undefined, WAIT)).toBeTruthy();
    expect(container.querySelectorAll('section')).toHaveLength(1);
  });
});

describe('the detail’s practical information', () => {
  it('shows the fee with its line breaks, balls, court type, times, courts, night play, venue, gender and ages', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(
      <PracticalInfo
        tournament={tournament({
          fee: 'Soci 20 €\nNon soci 25 €',
          balls: 'Dunlop Fort',
          surface: 'Terra rossa',
          weekdayMatchTime: '17:00',
          festiveMatchTime: '09:00',
          billboardTime: '19:00',
          courts: 4,
          nightPlay: false,
          venue: { address: 'Via dei Gordiani 1', cap: '00176', municipality: 'Roma', province: 'RM' },
          gender: 'M',
          ageCodes: ['NOR', 'O45'],
        })}
      />,
    );
    const section = await screen.findByRole('region', { name: 'Informazioni pratiche' }, WAIT);
    const pairs = Object.fromEntries(
      [...section.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(pairs).toEqual({
      'Quota di iscrizione': 'Soci 20 €\nNon soci 25 €',
      Palle: 'Dunlop Fort',
      'Tipo di campo': 'Terra rossa',
      'Orario di gioco feriale': '17:00',
      'Orario di gioco festivo': '09:00',
      'Orario di pubblicazione del tabellone': '19:00',
      Campi: '4',
      'Gioco in notturna': 'No',
      Impianto: 'Via dei Gordiani 1, 00176 Roma (RM)',
      Sesso: 'Maschile',
      'Categorie d’età': 'NOR, O45',
    });
    // The fee keeps the federation's lines.
    expect(within(section).getByText(/Soci 20 €/).className).toContain('whitespace-pre-line');
  });

  it('says the federation’s court types and gender codes in English in the English interface', async () => {
    stubApi({ 'GET /user': testUser() });
    renderInApp(<PracticalInfo tournament={tournament({ surface: "All' aperto", gender: 'MF' })} />);
    // Italian: the federation's words, the code in words.
    const italian = await screen.findByRole('region', { name: 'Informazioni pratiche' }, WAIT);
    expect(within(italian).getByText("All' aperto")).toBeTruthy();
    expect(within(italian).getByText('Maschile e femminile')).toBeTruthy();
    const { i18n } = await import('@/lib/i18n');
    await act(() => i18n.changeLanguage('en'));
    try {
      const section = await screen.findByRole('region', { name: 'Practical information' }, WAIT);
      expect(within(section).getByText('Outdoor')).toBeTruthy();
      expect(within(section).getByText('Men and women')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('it'));
    }
  });
});
