import { describe, expect, it } from 'vitest';
import { matchReasonValues, notificationDetails, tournamentFacts } from '../src';

const roma = {
  tournamentName: 'Open di Roma',
  reasons: ['region', 'province', 'status', 'dates', 'prize', 'type', 'category'] as const,
  startDate: '2026-12-12',
  endDate: '2026-12-14',
  city: 'Roma',
  provinceSigla: 'RM',
  regionId: 12,
  provinceId: 58,
  drawTypes: ['Maschile', 'DoppioF'],
  bands: ['3.1', '4.NC'],
  ageCodes: ['U14'],
  prizeMoney: 2500,
  registrationDeadline: '2026-12-09T11:00:00+00:00',
};
const params = { ...roma, reasons: [...roma.reasons] };
/** Before the deadline: registration open. */
const MATCHED = new Date('2026-12-01T09:00:00Z');

describe('what a new-tournament notification says of its tournament', () => {
  it('gives each reason the value it matched on, in Italian and in English', () => {
    expect(matchReasonValues('it', params, MATCHED)).toEqual([
      'Regione: Lazio',
      'Provincia: Roma',
      'Stato: Iscrizioni aperte',
      'Date: 12–14 dicembre 2026',
      'Montepremi: 2.500\u00a0€',
      'Tipo di torneo: Singolare maschile, Doppio femminile',
      'Categoria: 3.1 – 4.NC · U14',
    ]);
    expect(matchReasonValues('en', params, MATCHED)).toEqual([
      'Region: Lazio',
      'Province: Roma',
      'Status: Registration open',
      // ICU's English range puts (thin) spaces around the dash.
      expect.stringMatching(/^Dates: 12\s–\s14 December 2026$/),
      'Prize money: €2,500',
      "Tournament type: Men's singles, Women's doubles",
      'Category: 3.1 – 4.NC · U14',
    ]);
  });

  it('says the status the tournament had when it matched', () => {
    const afterDeadline = new Date('2026-12-10T09:00:00Z');
    expect(matchReasonValues('it', { ...params, reasons: ['status'] }, afterDeadline)).toEqual([
      'Stato: In programma',
    ]);
  });

  it('says how far the tournament is when a radius matched, as the result cards write it', () => {
    const near = { tournamentName: 'Open di Pavia', reasons: ['distance' as const] };
    expect(matchReasonValues('it', { ...near, distanceKm: 23.4 }, MATCHED)).toEqual(['Distanza: a 23 km']);
    expect(matchReasonValues('it', { ...near, distanceKm: 4.5 }, MATCHED)).toEqual(['Distanza: a 4,5 km']);
    expect(matchReasonValues('en', { ...near, distanceKm: 4.5 }, MATCHED)).toEqual(['Distance: 4.5 km away']);
  });

  it('falls back to the criterion alone for a notification written before the values', () => {
    expect(
      matchReasonValues(
        'it',
        { tournamentName: 'Vecchio', reasons: ['region', 'dates', 'distance'] },
        MATCHED,
      ),
    ).toEqual(['Regione', 'Date', 'Distanza']);
  });

  it('lists dates, place, draws, category, prize and deadline; one day, no prize and unknown draws read right', () => {
    expect(tournamentFacts('it', params)).toEqual([
      'Date: 12–14 dicembre 2026',
      'Luogo: Roma (RM)',
      'Tabelloni: Singolare maschile, Doppio femminile',
      'Categoria: 3.1 – 4.NC · U14',
      'Montepremi: 2.500\u00a0€',
      'Chiusura iscrizioni: 9 dic 2026, 12:00',
    ]);
    expect(
      tournamentFacts('en', {
        startDate: '2026-12-12',
        endDate: '2026-12-12',
        city: 'Lucca',
        drawTypes: ['Padel'],
        bands: ['4.NC'],
        prizeMoney: 0,
      }),
    ).toEqual([
      'Dates: 12 December 2026',
      'Place: Lucca',
      'Draws: Padel',
      'Category: 4.NC',
      'Prize money: no prize money',
    ]);
    expect(tournamentFacts('it', { tournamentName: 'Promemoria' })).toEqual([]);
  });

  it('says a fact once: those a reason already states stay among the reasons', () => {
    const { reasons, facts } = notificationDetails('it', { ...params, reasons: ['dates'] }, MATCHED);
    expect(reasons).toEqual(['Date: 12–14 dicembre 2026']);
    expect(facts).not.toContain('Date: 12–14 dicembre 2026');
    expect(facts).toHaveLength(5);
  });
});
