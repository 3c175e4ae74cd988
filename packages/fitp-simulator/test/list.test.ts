import { fitpProvinceId, PROVINCES, REGIONS } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { closeAll, isoOf, type Json, list, PATHS, post, START, startSim } from './helpers';

describe('competition search', () => {
  let sim: SimulatorHandle;
  let honest: SimulatorHandle;

  beforeAll(async () => {
    [sim, honest] = await Promise.all([
      startSim({ quirks: false }),
      startSim({ quirks: false, paging: 'honour' }),
    ]);
  });
  afterAll(closeAll);

  const guids = (rows: Json[]): string[] => rows.map((r) => `${r.guid}:${r.id_torneo_digital}`);

  describe('the 100-row saturation', () => {
    it('serves the first 100 rows whatever rowstoskip says, with the true total in record', async () => {
      const first = await list(sim, { rowstoskip: 0, fetchrows: 100 });
      expect(first.record).toBeGreaterThan(1000);
      expect(first.competizioni).toHaveLength(100);
      const skipped = await list(sim, { rowstoskip: 100, fetchrows: 100 });
      expect(skipped.record).toBe(first.record);
      expect(guids(skipped.competizioni)).toEqual(guids(first.competizioni));
      const big = await post(sim, PATHS.list, { rowstoskip: '0', fetchrows: '500' });
      expect(big.body.competizioni).toHaveLength(100);
    });

    it('pages honestly when started with paging: honour', async () => {
      const first = await list(honest, { rowstoskip: 0 });
      const second = await list(honest, { rowstoskip: 100 });
      expect(second.record).toBe(first.record);
      expect(second.competizioni).toHaveLength(100);
      expect(guids(second.competizioni)).not.toEqual(guids(first.competizioni));
      expect(isoOf(second.competizioni[0].data_inizio) >= isoOf(first.competizioni[99].data_inizio)).toBe(
        true,
      );
    });

    it('sorts by data_inizio ascending', async () => {
      const page = await list(sim, { id_regione: 3 });
      const days = page.competizioni.map((r: Json) => isoOf(r.data_inizio));
      expect(days).toEqual([...days].sort());
    });
  });

  describe('empty answers', () => {
    it('answers zero results with HTTP 200 and an empty body', async () => {
      const answer = await post(sim, PATHS.list, { freetext: 'NESSUN TORNEO CHIAMATO COSI' });
      expect(answer.status).toBe(200);
      expect(answer.body).toBeUndefined();
      expect(answer.headers.get('content-length')).toBe('0');
    });

    it('empties on id_regione 21, and on any sesso, id_classifica or id_area_regionale', async () => {
      for (const filters of [
        { id_regione: 21 },
        { sesso: 'M' },
        { id_classifica: '3' },
        { id_area_regionale: 1 },
      ]) {
        const answer = await post(sim, PATHS.list, filters);
        expect(answer.status, JSON.stringify(filters)).toBe(200);
        expect(answer.body, JSON.stringify(filters)).toBeUndefined();
      }
    });
  });

  describe('filters', () => {
    it('id_provincia takes the FITP ids: Milano answers to 215, not to 15; Roma to 258', async () => {
      const milano = await list(sim, { id_provincia: 215 });
      expect(milano.record).toBeGreaterThan(50);
      for (const row of milano.competizioni) expect(row.sigla_provincia ?? 'MI').toBe('MI');
      expect((await post(sim, PATHS.list, { id_provincia: 15 })).body).toBeUndefined();
      const roma = await list(sim, { id_provincia: '258' });
      expect(
        roma.competizioni.every((r: Json) => r.sigla_provincia === null || r.sigla_provincia === 'RM'),
      ).toBe(true);
      const brescia = await list(sim, { id_provincia: 17 });
      expect(
        brescia.competizioni.every((r: Json) => r.sigla_provincia === null || r.sigla_provincia === 'BS'),
      ).toBe(true);
    });

    it('regions and provinces add up to the national total (the shards a client reconciles)', {
      timeout: 60_000,
    }, async () => {
      const national = (await list(sim)).record;
      let regions = 0;
      for (const region of REGIONS) {
        const total = (await list(sim, { id_regione: region.id })).record;
        let provinces = 0;
        for (const p of PROVINCES.filter((x) => x.regionId === region.id)) {
          provinces += (await list(sim, { id_provincia: fitpProvinceId(p) })).record;
        }
        expect(provinces, region.name).toBe(total);
        regions += total;
      }
      expect(regions).toBe(national);
    });

    it('reads keys in any case and numbers as strings', async () => {
      const lower = await list(sim, { id_regione: 12, id_stato: 1 });
      const mixed = await list(sim, { Id_Regione: '12', ID_STATO: '1' });
      expect(guids(mixed.competizioni)).toEqual(guids(lower.competizioni));
      expect(mixed.record).toBe(lower.record);
    });

    it('id_stato selects on the row status id_statoPUC; 3 is rare', async () => {
      for (const status of [1, 2, 4]) {
        const page = await list(sim, { id_stato: status });
        expect(page.record, `id_stato ${status}`).toBeGreaterThan(0);
        for (const row of page.competizioni) expect(row.id_statoPUC).toBe(status);
      }
      const all = (await list(sim)).record;
      const open = (await list(sim, { id_stato: 3 })).record;
      expect(open).toBeLessThan(all / 100);
    });

    it('data_inizio is a lower bound on the start; data_fine drops what ends after it', async () => {
      const from = await list(sim, { data_inizio: '01/04/2026' });
      for (const row of from.competizioni) expect(isoOf(row.data_inizio) >= '2026-04-01').toBe(true);
      expect(isoOf(from.competizioni[0].data_inizio)).toBe('2026-04-01');
      const window = await list(sim, { data_inizio: '01/04/2026', data_fine: '10/04/2026' });
      expect(window.record).toBeLessThan(from.record);
      for (const row of window.competizioni) {
        if (row.cod_fonte !== 3) expect(isoOf(row.data_fine) <= '2026-04-10').toBe(true);
      }
    });

    it('freetext matches every word in the name or the club, ignoring case and accents', async () => {
      const page = await list(sim, { id_regione: 12 });
      const row = page.competizioni.find((r: Json) => r.cod_fonte === 1);
      const word = row.tennisclub.split(' ').at(-1).toLowerCase();
      const found = await list(sim, { freetext: word });
      expect(found.record).toBeGreaterThan(0);
      for (const r of found.competizioni) {
        expect(`${r.nome_torneo} ${r.tennisclub}`.toLowerCase().normalize('NFD')).toContain(
          word.normalize('NFD'),
        );
      }
    });

    it('tipo_competizione selects the source (1 FITP, 2 TPRA); draw-type words empty it', async () => {
      const tpra = await list(sim, { tipo_competizione: '2' });
      expect(tpra.competizioni.every((r: Json) => r.cod_fonte === 2)).toBe(true);
      const fitp = await list(sim, { tipo_competizione: 1 });
      expect(fitp.competizioni.every((r: Json) => r.cod_fonte !== 2)).toBe(true);
      expect(tpra.record + fitp.record).toBe((await list(sim)).record);
      expect((await post(sim, PATHS.list, { tipo_competizione: 'Maschile' })).body).toBeUndefined();
    });

    it('ignores cod_fonte, id_fonte, categoria_eta and classifica', async () => {
      const all = await list(sim, { id_regione: 5 });
      const ignored: Array<Record<string, string>> = [
        { cod_fonte: '1' },
        { cod_fonte: '3' },
        { id_fonte: '' },
        { categoria_eta: 'U14' },
        { classifica: '4' },
      ];
      for (const filters of ignored) {
        const page = await list(sim, { id_regione: 5, ...filters });
        expect(page.record).toBe(all.record);
      }
    });
  });

  describe('the national scale', () => {
    it('holds about 13,000 competitions a year by default, several regions and provinces over 100 rows', {
      timeout: 60_000,
    }, async () => {
      const full = await startSim({ quirks: false, competitions: undefined as unknown as number });
      const national = (await list(full)).record;
      // About half of the 65-week window is published at START (the past half year and the next weeks).
      expect(national).toBeGreaterThan(5000);
      const regions = await Promise.all(
        REGIONS.map(async (r) => (await list(full, { id_regione: r.id })).record),
      );
      expect(regions.filter((n) => n > 100).length).toBeGreaterThanOrEqual(8);
      const milano = (await list(full, { id_provincia: 215 })).record;
      expect(milano).toBeGreaterThan(100);
      const generated = full.federation.stats(START.getTime()).generated;
      expect(generated).toBeGreaterThan(14_000);
      expect(generated).toBeLessThan(18_000);
    });
  });
});
