import { PROVINCES, REGIONS } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import {
  asNumber,
  base64,
  closeAll,
  defined,
  detail,
  type Json,
  listAll,
  PATHS,
  post,
  START,
  startSim,
} from './helpers';

describe('the generated national calendar', () => {
  let sim: SimulatorHandle;
  let rows: Json[];

  beforeAll(async () => {
    sim = await startSim({ quirks: false });
    rows = await listAll(sim);
  });
  afterAll(closeAll);

  it('generates about 4,000 competitions', () => {
    const { generated } = sim.script.state().competitions;
    expect(generated).toBeGreaterThan(3600);
    expect(generated).toBeLessThan(4400);
  });

  it('lists about half the calendar (the published part) spread from six months back to the coming weeks', () => {
    expect(rows.length).toBeGreaterThan(1500);
    const starts = rows.map((r) => r.data_inizio as string).sort();
    expect(defined(starts[0]) < '2025-09-30').toBe(true);
    expect(defined(starts.at(-1)) > '2026-04-15').toBe(true);
  });

  it('covers all 20 regions, most provinces, weighted by population', () => {
    const regions = new Set(rows.map((r) => r.id_regione));
    expect([...regions].sort((a, b) => a - b)).toEqual(REGIONS.map((r) => r.id));
    const provinces = new Set(rows.map((r) => r.sigla_provincia));
    expect(provinces.size).toBeGreaterThan(PROVINCES.length * 0.8);
    const count = (regionId: number) => rows.filter((r) => r.id_regione === regionId).length;
    expect(count(3)).toBeGreaterThan(count(14) * 10); // Lombardia vs Molise
    expect(count(12)).toBeGreaterThan(count(2) * 10); // Lazio vs Valle d'Aosta
    for (const r of rows) {
      const province = PROVINCES.find((p) => p.sigla === r.sigla_provincia);
      expect(province?.id).toBe(r.id_provincia);
      expect(province?.regionId).toBe(r.id_regione);
    }
  });

  it('has every source (FITP tournaments the majority), every status, every prize band', () => {
    const bySource = (cod: number) => rows.filter((r) => r.cod_fonte === cod).length;
    expect(bySource(1)).toBeGreaterThan(rows.length / 2);
    expect(bySource(2)).toBeGreaterThan(0);
    expect(bySource(3)).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.id_fonte))).toEqual(
      new Set(['TORNEI FITP', 'TPRA', 'CAMPIONATI A SQUADRE']),
    );
    expect(new Set(rows.map((r) => r.id_stato))).toEqual(new Set([1, 2, 3, 4]));
    const prizes = rows.map((r) => r.montepremi as number);
    expect(prizes.some((p) => p === 0)).toBe(true);
    expect(prizes.some((p) => p > 0 && p <= 500)).toBe(true);
    expect(prizes.some((p) => p > 500 && p <= 1000)).toBe(true);
    expect(prizes.some((p) => p > 1000)).toBe(true);
  });

  it('has every draw type, age category and class, mostly 4th and 3rd category', () => {
    expect(new Set(rows.map((r) => r.tipo_torneo))).toEqual(
      new Set(['Maschile', 'Femminile', 'DoppioM', 'DoppioF', 'Misto']),
    );
    expect(new Set(rows.map((r) => r.cat_eta))).toEqual(new Set(['open', 'giovanili', 'veterani']));
    const classes = rows.map((r) => r.cat_class as number);
    expect(new Set(classes)).toEqual(new Set([1, 2, 3, 4]));
    const lower = classes.filter((c) => c >= 3).length;
    expect(lower / classes.length).toBeGreaterThan(0.7);
  });

  it('uses Italian club names and the real municipalities of the province', () => {
    const clubs = rows.map((r) => r.tennisclub as string);
    expect(clubs.every((c) => /^(Tennis|Circolo|A\.S\.D\.|Sporting|Country|Polisportiva)/.test(c))).toBe(
      true,
    );
    for (const prefix of ['Tennis Club ', 'Circolo Tennis ', 'A.S.D. ', 'Sporting ']) {
      expect(clubs.some((c) => c.startsWith(prefix))).toBe(true);
    }
    const roman = rows.filter((r) => r.sigla_provincia === 'RM').map((r) => r.citta);
    expect(roman).toContain('Roma');
    expect(roman.every((c) => !['Milano', 'Napoli'].includes(c))).toBe(true);
    const names = rows.map((r) => r.nome_torneo as string);
    expect(names.some((n) => n.startsWith('Trofeo Città di '))).toBe(true);
    expect(names.some((n) => /^Torneo di [1-4]ª categoria/.test(n))).toBe(true);
  });

  it('fills entry lists from one pool: mostly 4.x, fewer 3.x, few 2.x, real-looking cards, repeat players', async () => {
    const concluded = rows.filter((r) => r.id_stato === 1 && r.cod_fonte === 1).slice(0, 120);
    const rankings: string[] = [];
    const tournamentsByCard = new Map<string, number>();
    for (const row of concluded) {
      const answer = await detail(sim, row.guid);
      expect(answer.status).toBe(200);
      for (const t of answer.body.Tournaments) {
        expect(t.NumberOfParticipants).toBe(t.Participants.length);
        for (const p of t.Participants) {
          rankings.push(p.Ranking);
          expect(p.MembershipCard).toMatch(/^\d{9}$/);
          expect(p.Ranking).toMatch(/^[1-4]\.(\d|NC)$/);
          tournamentsByCard.set(p.MembershipCard, (tournamentsByCard.get(p.MembershipCard) ?? 0) + 1);
        }
      }
    }
    const share = (prefix: string) => rankings.filter((r) => r.startsWith(prefix)).length / rankings.length;
    expect(rankings.length).toBeGreaterThan(1000);
    expect(share('4.')).toBeGreaterThan(0.5);
    expect(share('3.')).toBeGreaterThan(0.1);
    expect(share('3.')).toBeLessThan(share('4.'));
    expect(share('2.')).toBeGreaterThan(0);
    expect(share('2.')).toBeLessThan(share('3.'));
    expect([...tournamentsByCard.values()].some((n) => n >= 3)).toBe(true);
  });

  it('gives tournaments their draw details', async () => {
    const row = rows.find((r) => r.id_stato === 1 && r.cod_fonte === 1);
    const { body } = await detail(sim, row.guid);
    expect(body).toMatchObject({
      Description: row.nome_torneo,
      Municipality: row.citta,
      Province: row.sigla_provincia,
    });
    expect(body.From).toBe(`${row.data_inizio}T00:00:00`);
    expect(body.Tournaments.length).toBeGreaterThanOrEqual(1);
    expect(body.Tournaments.length).toBeLessThanOrEqual(4);
    for (const t of body.Tournaments) {
      expect(t.TournamentUid).toMatch(/^[0-9A-F-]{36}$/);
      expect(['classifica', 'cronologico']).toContain(t.AdmissionType);
      expect(t.Surface).toEqual(expect.any(String));
      expect(t.Balls).toEqual(expect.any(String));
      expect(t.MatchFormat).toEqual(expect.any(String));
      expect(t.MaxParticipants).toBeGreaterThan(0);
      expect(t.RankingLimit).toMatch(/^[1-4]\.\d$/);
      expect(t.IsDoubleTournament).toBe(['DoppioM', 'DoppioF', 'Misto'].includes(t.Type));
      expect(t.Draws.length).toBeGreaterThan(0);
      expect(t.OrdersOfPlay.length).toBeGreaterThan(0);
    }
  });

  it('knows the pool players as cards', async () => {
    const player = defined(sim.script.players({ limit: 1 })[0]);
    const answer = await post(sim, PATHS.card, { cardNumber: base64(player.cardNumber) });
    expect(answer.body).toMatchObject({ result: 'OK', Name: player.name, Surname: player.surname });
    expect(asNumber(sim.clock.nowMs())).toBe(START.getTime());
  });
});
