import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { closeAll, detail, type Json, list, listAll, PATHS, post, startSim } from './helpers';

describe('competition search', () => {
  let sim: SimulatorHandle;
  let all: Json[];

  beforeAll(async () => {
    sim = await startSim({ quirks: false });
    all = await listAll(sim);
  });
  afterAll(closeAll);

  const guidsOf = (rows: Json[]): string[] => rows.map((r) => r.guid);

  /** Checks a filter against the unfiltered list: the same rows as `predicate` selects. */
  async function expectFilter(filters: Record<string, string>, predicate: (row: Json) => boolean) {
    const rows = await listAll(sim, filters);
    const expected = all.filter(predicate);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(all.length);
    expect(guidsOf(rows)).toEqual(guidsOf(expected));
    return rows;
  }

  describe('paging', () => {
    it('returns the total in record and pages that concatenate to the whole, in a stable order', async () => {
      const first = await list(sim, { rowstoskip: '0', fetchrows: '100' });
      expect(first.record).toBe(all.length);
      expect(first.competizioni).toHaveLength(100);
      const pages = [];
      for (let skip = 0; skip < first.record; skip += 37) {
        pages.push(...(await list(sim, { rowstoskip: String(skip), fetchrows: '37' })).competizioni);
      }
      expect(guidsOf(pages)).toEqual(guidsOf(all));
      const keys = all.map((r) => `${r.data_inizio} ${r.guid}`);
      expect(keys).toEqual([...keys].sort());
    });

    it('caps fetchrows at 100 and defaults to 100', async () => {
      const capped = await post(sim, PATHS.list, { rowstoskip: '0', fetchrows: '500' });
      expect(capped.body.competizioni).toHaveLength(100);
      const unspecified = await post(sim, PATHS.list, {});
      expect(unspecified.body.competizioni).toHaveLength(100);
      expect(unspecified.body.record).toBe(all.length);
    });

    it('answers an empty page past the end, still with the total', async () => {
      const page = await list(sim, { rowstoskip: String(all.length + 5) });
      expect(page).toEqual({ record: all.length, competizioni: [] });
    });

    it('accepts numbers where strings are expected', async () => {
      const page = await post(sim, PATHS.list, { rowstoskip: 10, fetchrows: 5, id_stato: 0 });
      expect(guidsOf(page.body.competizioni)).toEqual(guidsOf(all.slice(10, 15)));
    });
  });

  describe('filters', () => {
    it('guid, case-insensitively', async () => {
      const target = all[123];
      const rows = await listAll(sim, { guid: target.guid.toLowerCase() });
      expect(guidsOf(rows)).toEqual([target.guid]);
    });

    it('freetext on the name, ignoring case and accents', async () => {
      const rows = await expectFilter({ freetext: 'CITTA DI' }, (r) =>
        r.nome_torneo.toLowerCase().includes('città di'),
      );
      expect(rows.every((r) => r.nome_torneo.includes('Città di'))).toBe(true);
    });

    it('id_regione and id_provincia', async () => {
      await expectFilter({ id_regione: '12' }, (r) => r.id_regione === 12);
      await expectFilter({ id_provincia: '58' }, (r) => r.id_provincia === 58);
      await expectFilter({ id_regione: '3', id_provincia: '15' }, (r) => r.id_provincia === 15);
      expect((await list(sim, { id_regione: '12', id_provincia: '15' })).record).toBe(0);
    });

    it.each([1, 2, 3, 4])('id_stato %i', async (status) => {
      await expectFilter({ id_stato: String(status) }, (r) => r.id_stato === status);
    });

    it('id_stato 0 and empty fields mean all', async () => {
      expect((await list(sim, { id_stato: '0', id_regione: '', sesso: '' })).record).toBe(all.length);
    });

    it('id_disciplina: everything is tennis (4332)', async () => {
      expect((await list(sim, { id_disciplina: '4332' })).record).toBe(all.length);
      expect((await list(sim, { id_disciplina: '9999' })).record).toBe(0);
    });

    it('cod_fonte, and id_fonte by code or label', async () => {
      await expectFilter({ cod_fonte: '2' }, (r) => r.cod_fonte === 2);
      await expectFilter({ id_fonte: 'TPRA' }, (r) => r.cod_fonte === 2);
      await expectFilter({ id_fonte: '3' }, (r) => r.cod_fonte === 3);
      expect((await list(sim, { cod_fonte: '1', id_fonte: 'TPRA' })).record).toBe(0);
    });

    it.each([
      ['500', (p: number) => p <= 500],
      ['1000', (p: number) => p > 500 && p <= 1000],
      ['1001', (p: number) => p > 1000],
    ])('massimale_montepremi %s', async (band, inBand) => {
      await expectFilter({ massimale_montepremi: band }, (r) => inBand(r.montepremi));
    });

    it('data_inizio / data_fine select competitions overlapping the window', async () => {
      const overlaps = (r: Json) => r.data_inizio <= '2026-02-15' && r.data_fine >= '2026-02-01';
      const rows = await expectFilter({ data_inizio: '01/02/2026', data_fine: '15/02/2026' }, overlaps);
      // Overlap, not containment: some started before the window or end after it.
      expect(rows.some((r) => r.data_inizio < '2026-02-01' || r.data_fine > '2026-02-15')).toBe(true);
      await expectFilter({ data_inizio: '01/03/2026' }, (r) => r.data_fine >= '2026-03-01');
      await expectFilter({ data_fine: '31/10/2025' }, (r) => r.data_inizio <= '2025-10-31');
    });

    it.each([
      ['sesso', 'Femminile'],
      ['tipo_competizione', 'Misto'],
      ['categoria_eta', 'veterani'],
      ['classifica', '2'],
    ])('%s=%s selects competitions with such a tournament', async (field, value) => {
      const rows = await listAll(sim, { [field]: value });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(all.length);
      const property = {
        sesso: 'Type',
        tipo_competizione: 'Type',
        categoria_eta: 'AgeCategory',
        classifica: 'CategoryClass',
      }[field] as string;
      for (const row of rows.slice(0, 15)) {
        const { body } = await detail(sim, row.guid);
        expect(body.Tournaments.map((t: Json) => String(t[property]))).toContain(value);
      }
      // A competition whose main draw matches is always found.
      const mainField = {
        sesso: 'tipo_torneo',
        tipo_competizione: 'tipo_torneo',
        categoria_eta: 'cat_eta',
        classifica: 'cat_class',
      }[field] as string;
      const mainMatches = all.filter((r) => String(r[mainField]) === value).map((r) => r.guid);
      expect(guidsOf(rows)).toEqual(expect.arrayContaining(mainMatches));
    });

    it('data_modifica_da keeps the rows changed at or after the instant', async () => {
      const since = '2026-03-10T00:00:00';
      const rows = await expectFilter({ data_modifica_da: since }, (r) => r.data_modifica >= since);
      // Competitions that ended before the instant have not changed since: they drop out.
      expect(rows.every((r) => r.id_stato !== 1 || r.data_fine >= '2026-03-09')).toBe(true);
    });

    it('combines filters', async () => {
      await expectFilter(
        { id_regione: '3', cod_fonte: '1', id_stato: '1' },
        (r) => r.id_regione === 3 && r.cod_fonte === 1 && r.id_stato === 1,
      );
    });

    it.each([
      [{ id_stato: 'aperto' }, 'id_stato'],
      [{ id_stato: '7' }, 'id_stato'],
      [{ data_inizio: '2026-13-45' }, 'data_inizio'],
      [{ sesso: 'Uomini' }, 'sesso'],
      [{ massimale_montepremi: '750' }, 'massimale_montepremi'],
      [{ fetchrows: '-1' }, 'fetchrows'],
      [{ data_modifica_da: 'yesterday' }, 'data_modifica_da'],
    ])('rejects %j with 400 naming the field', async (filters, fieldName) => {
      const answer = await post(sim, PATHS.list, filters);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(fieldName);
    });

    it('rejects a body that is not JSON', async () => {
      const response = await fetch(`${sim.url}${PATHS.list}`, { method: 'POST', body: '{not json' });
      expect(response.status).toBe(400);
    });
  });
});
