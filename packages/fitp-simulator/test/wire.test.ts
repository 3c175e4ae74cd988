import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import {
  asBool,
  asIsoDay,
  asNumber,
  base64,
  closeAll,
  defined,
  detail,
  type Json,
  list,
  listAll,
  PATHS,
  post,
  startSim,
} from './helpers';

const PLACEHOLDER = '11111111-1111-1111-1111-111111111111';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const IT_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const CONTRACT_FIELDS = [
  'guid',
  'nome_torneo',
  'tennisclub',
  'citta',
  'sigla_provincia',
  'data_inizio',
  'data_fine',
  'id_disciplina',
  'cod_fonte',
  'id_fonte',
  'tipo_torneo',
  'cat_eta',
  'cat_class',
  'iscrizione_online',
  'torneo_autorizzato',
  'id_regione',
  'id_provincia',
  'id_stato',
  'montepremi',
  'data_apertura_iscrizioni',
  'data_chiusura_iscrizioni',
  'data_modifica',
];

describe('wire quirks', () => {
  let quirky: SimulatorHandle;
  let plain: SimulatorHandle;
  let quirkyRows: Json[];
  let plainRows: Json[];

  beforeAll(async () => {
    [quirky, plain] = await Promise.all([startSim(), startSim({ quirks: false })]);
    [quirkyRows, plainRows] = await Promise.all([listAll(quirky), listAll(plain)]);
  });
  afterAll(closeAll);

  const real = (rows: Json[]) => rows.filter((r) => r.guid !== PLACEHOLDER);

  it('are on by default: numbers as strings, booleans in four spellings, three date formats', () => {
    const rows = real(quirkyRows);
    const types = (field: string) => new Set(rows.map((r) => typeof r[field]));
    for (const field of ['cod_fonte', 'cat_class', 'id_regione', 'id_provincia', 'id_stato', 'montepremi']) {
      expect(types(field)).toEqual(new Set(['number', 'string']));
    }
    expect(new Set(rows.map((r) => JSON.stringify(r.iscrizione_online)))).toEqual(
      new Set(['true', '"true"', '1', '"1"', 'false', '"false"', '0', '"0"']),
    );
    const formats = new Set(
      rows.map((r) =>
        ISO_DATE.test(r.data_inizio)
          ? 'iso'
          : ISO_DATE_TIME.test(r.data_inizio)
            ? 'iso-time'
            : IT_DATE.test(r.data_inizio)
              ? 'it'
              : r.data_inizio,
      ),
    );
    expect(formats).toEqual(new Set(['iso', 'iso-time', 'it']));
  });

  it('spell the same values the clean form carries', () => {
    const byGuid = new Map(real(quirkyRows).map((r) => [r.guid.toUpperCase(), r]));
    expect(byGuid.size).toBe(plainRows.length);
    for (const clean of plainRows) {
      const q = byGuid.get(clean.guid);
      expect(asNumber(q.id_stato)).toBe(clean.id_stato);
      expect(asNumber(q.montepremi)).toBe(clean.montepremi);
      expect(asBool(q.iscrizione_online)).toBe(clean.iscrizione_online);
      expect(asIsoDay(q.data_inizio)).toBe(clean.data_inizio);
      expect(asIsoDay(q.data_fine)).toBe(clean.data_fine);
      expect(q.nome_torneo).toBe(clean.nome_torneo);
      expect(q.data_modifica).toBe(clean.data_modifica);
    }
  });

  it('mark some unknown registration dates as 1900-01-01 and add unknown fields', () => {
    const rows = real(quirkyRows);
    const unknown = rows.filter((r) => String(r.data_apertura_iscrizioni).includes('1900'));
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThan(rows.length * 0.1);
    expect(rows.every((r) => 'id_torneo' in r && 'codice_circolo' in r)).toBe(true);
  });

  it('mix a placeholder row into results, counted in record', async () => {
    const page = await list(quirky, { rowstoskip: '0', fetchrows: '10' });
    expect(page.competizioni[3].guid).toBe(PLACEHOLDER);
    expect(quirkyRows.filter((r) => r.guid === PLACEHOLDER).length).toBe(
      Math.floor((plainRows.length - 4) / 97) + 1,
    );
    expect(page.record).toBe(quirkyRows.length);
    // A search for one competition has none.
    const one = await list(quirky, { guid: plainRows[5].guid });
    expect(one.record).toBe(1);
  });

  it('vary the case of guids between rows and over time, but never the guid itself', async () => {
    const cases = (rows: Json[]) =>
      real(rows).map((r) => (r.guid === r.guid.toLowerCase() ? 'lower' : 'upper'));
    expect(new Set(cases(quirkyRows))).toEqual(new Set(['lower', 'upper']));
    const page = async () => (await list(quirky, { rowstoskip: '0', fetchrows: '100' })).competizioni;
    const now = await page();
    quirky.clock.advance({ hours: 1 });
    const later = await page();
    quirky.clock.advance({ hours: -1 });
    const differing = now.filter((r: Json, i: number) => r.guid !== later[i].guid);
    expect(differing.length).toBeGreaterThan(0);
    expect(now.map((r: Json) => r.guid.toUpperCase())).toEqual(later.map((r: Json) => r.guid.toUpperCase()));
  });

  it('reach the detail: ids and counts as strings sometimes, every date format for From/To', async () => {
    const details = await Promise.all(
      real(quirkyRows)
        .slice(0, 60)
        .map(async (r) => (await detail(quirky, r.guid)).body),
    );
    const from = new Set(
      details.map((d) => (IT_DATE.test(d.From) ? 'it' : ISO_DATE.test(d.From) ? 'iso' : 'iso-time')),
    );
    expect(from).toEqual(new Set(['it', 'iso', 'iso-time']));
    const participantIds = details.flatMap((d) =>
      d.Tournaments.flatMap((t: Json) => t.Participants.map((p: Json) => typeof p.Id)),
    );
    expect(new Set(participantIds)).toEqual(new Set(['number', 'string']));
    expect(details.every((d) => 'CompetitionId' in d)).toBe(true);
  });

  it('are absent with quirks: false (the contract example spelling)', async () => {
    expect(plainRows.some((r) => r.guid === PLACEHOLDER)).toBe(false);
    for (const row of plainRows) {
      expect(Object.keys(row)).toEqual(CONTRACT_FIELDS);
      expect(row.guid).toBe(row.guid.toUpperCase());
      expect(row.id_disciplina).toBe('4332');
      for (const field of [
        'cod_fonte',
        'cat_class',
        'id_regione',
        'id_provincia',
        'id_stato',
        'montepremi',
      ]) {
        expect(typeof row[field]).toBe('number');
      }
      expect(typeof row.iscrizione_online).toBe('boolean');
      expect(row.data_inizio).toMatch(ISO_DATE);
      expect(row.data_apertura_iscrizioni).toMatch(ISO_DATE_TIME);
      expect(row.data_apertura_iscrizioni).not.toContain('1900');
    }
    const { body } = await detail(plain, plainRows[0].guid);
    expect(body.From).toMatch(/T00:00:00$/);
    expect(Object.keys(body)).toEqual([
      'Description',
      'Municipality',
      'Province',
      'From',
      'To',
      'RulesUrl',
      'ExternalUrl',
      'PrizeMoney',
      'Tournaments',
    ]);
    const card = defined(plain.script.players({ limit: 1 })[0]).cardNumber;
    const answer = await post(plain, PATHS.card, { cardNumber: base64(card) });
    expect(Object.keys(answer.body)).toEqual([
      'result',
      'Name',
      'Surname',
      'Club',
      'Municipality',
      'Province',
      'Category',
      'Ranking',
      'BestRanking',
      'BestRankingSeason',
      'UpdatedAt',
    ]);
  });
});
