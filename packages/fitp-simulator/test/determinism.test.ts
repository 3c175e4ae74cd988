import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { base64, closeAll, defined, detail, list, PATHS, post, START, startSim } from './helpers';

afterEach(closeAll);

/** A sample of everything a client sees: two list pages, three details, a card and its entries. */
async function observe(sim: SimulatorHandle): Promise<unknown> {
  const first = await list(sim, { rowstoskip: '0', fetchrows: '100' });
  const later = await list(sim, { rowstoskip: '700', fetchrows: '50', id_stato: '0' });
  const guids = first.competizioni
    .filter((r: { guid: string }) => !r.guid.startsWith('1111'))
    .map((r: { guid: string }) => r.guid);
  const details = await Promise.all(guids.slice(0, 3).map(async (g: string) => (await detail(sim, g)).body));
  const card = defined(sim.script.players({ limit: 1, offset: 10 })[0]).cardNumber;
  const cardAnswer = await post(sim, PATHS.card, { cardNumber: base64(card) });
  const entries = await post(sim, PATHS.entries, { cardNumber: base64(card) });
  return withoutOwnAddress(sim, { first, later, details, card: cardAnswer.body, entries: entries.body });
}

/** Links point back at the simulator that answered: compare them without its (random) port. */
function withoutOwnAddress(sim: SimulatorHandle, value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll(sim.url, 'http://simulator'));
}

describe('determinism', () => {
  it('answers identically for the same seed and clock, quirks included', async () => {
    const a = await startSim({ seed: 7 });
    const b = await startSim({ seed: 7 });
    expect(await observe(b)).toEqual(await observe(a));
  });

  it('answers differently for another seed', async () => {
    const a = await startSim({ seed: 7, quirks: false });
    const b = await startSim({ seed: 8, quirks: false });
    const [pageA, pageB] = [await list(a), await list(b)];
    const guids = (page: { competizioni: Array<{ guid: string }> }) => page.competizioni.map((r) => r.guid);
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
    expect(rowsB.map((r: { guid: string }) => r.guid)).toEqual(rowsA.map((r: { guid: string }) => r.guid));
    expect(rowsB.map((r: { nome_torneo: string }) => r.nome_torneo)).toEqual(
      rowsA.map((r: { nome_torneo: string }) => r.nome_torneo),
    );
  });

  it('generates details identically whatever was asked for first', async () => {
    const a = await startSim({ seed: 9, quirks: false });
    const b = await startSim({ seed: 9, quirks: false });
    const rows = (await list(a, { id_stato: '1' })).competizioni;
    const target = rows[40].guid;
    // b builds other competitions' rosters and a player's index first.
    for (const r of rows.slice(0, 20)) await detail(b, r.guid);
    await post(b, PATHS.entries, {
      cardNumber: base64(defined(b.script.players({ limit: 1 })[0]).cardNumber),
    });
    expect(withoutOwnAddress(b, (await detail(b, target)).body)).toEqual(
      withoutOwnAddress(a, (await detail(a, target)).body),
    );
  });
});
