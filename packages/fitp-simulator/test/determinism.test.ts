import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { base64, closeAll, defined, detail, list, PATHS, post, request, START, startSim } from './helpers';

afterEach(closeAll);

/** A sample of everything a client sees: a list page, details, files, a draw, a player sheet. */
async function observe(sim: SimulatorHandle): Promise<unknown> {
  const first = await list(sim, { rowstoskip: '0', fetchrows: '100' });
  const region = await list(sim, { id_regione: 3, id_stato: 1 });
  const guids = region.competizioni
    .filter((r: { cod_fonte: number }) => r.cod_fonte === 1)
    .map((r: { guid: string }) => r.guid)
    .slice(0, 3);
  const details = await Promise.all(guids.map(async (g: string) => (await detail(sim, g)).body));
  const files = await Promise.all(
    guids.map(async (g: string) => [
      (await post(sim, PATHS.documents, { competitionId: g })).body,
      (await post(sim, PATHS.ordersOfPlay, { competitionId: g })).body,
    ]),
  );
  const t = details[0].Tournaments[0];
  const draw = await request(
    sim,
    'GET',
    `${PATHS.draw}?tournamentId=${t.TournamentId}&phaseId=${t.Sections.at(-1).SectionCode}`,
  );
  const card = defined(sim.script.players({ limit: 1, offset: 10 })[0]).cardNumber;
  const sheet = await post(sim, PATHS.card, { cardNumber: base64(card) });
  return { first, region, details, files, draw: draw.body, sheet: sheet.body };
}

const key = (r: { guid: string; id_torneo_digital: number }): string => `${r.guid}:${r.id_torneo_digital}`;

describe('determinism', { timeout: 60_000 }, () => {
  it('answers identically for the same seed and clock, quirks included, byte for byte', async () => {
    const a = await startSim({ seed: 7 });
    const b = await startSim({ seed: 7 });
    expect(await observe(b)).toEqual(await observe(a));
  });

  it('answers differently for another seed', async () => {
    const a = await startSim({ seed: 7, quirks: false });
    const b = await startSim({ seed: 8, quirks: false });
    const [pageA, pageB] = [await list(a), await list(b)];
    const guids = (page: { competizioni: Array<{ guid: string; id_torneo_digital: number }> }) =>
      page.competizioni.map(key);
    expect(guids(pageB)).not.toEqual(guids(pageA));
    expect(pageB.record).not.toBe(pageA.record);
  });

  it('keeps the same competitions when restarted a week later (guids are stable)', async () => {
    const a = await startSim({ seed: 7, quirks: false });
    const weekLater = new Date(START.getTime() + 7 * 86_400_000);
    const b = await startSim({ seed: 7, quirks: false, now: weekLater });
    const inWindow = { data_inizio: '01/01/2026', data_fine: '31/01/2026' };
    const rowsA = (await list(a, inWindow)).competizioni;
    const rowsB = (await list(b, inWindow)).competizioni;
    expect(rowsA.length).toBeGreaterThan(10);
    // Same competitions, with a week more of activity behind them.
    expect(rowsB.map(key)).toEqual(rowsA.map(key));
    expect(rowsB.map((r: { nome_torneo: string }) => r.nome_torneo)).toEqual(
      rowsA.map((r: { nome_torneo: string }) => r.nome_torneo),
    );
  });

  it('generates details identically whatever was asked for first', async () => {
    const a = await startSim({ seed: 9, quirks: false });
    const b = await startSim({ seed: 9, quirks: false });
    const rows = (await list(a, { id_stato: '1' })).competizioni.filter(
      (r: { cod_fonte: number }) => r.cod_fonte === 1,
    );
    const target = rows[40].guid;
    // b builds other competitions' rosters, draws and a player's entries first.
    for (const r of rows.slice(0, 20)) await detail(b, r.guid);
    b.federation.playerEntries(defined(b.script.players({ limit: 1 })[0]).cardNumber, START.getTime());
    expect((await detail(b, target)).body).toEqual((await detail(a, target)).body);
  });
});
