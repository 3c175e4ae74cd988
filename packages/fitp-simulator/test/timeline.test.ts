import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { parseInstant } from '../src/rome-time';
import { closeAll, defined, detail, type Json, list, listAll, START, startSim } from './helpers';

afterEach(closeAll);

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function rowOf(sim: SimulatorHandle, guid: string): Promise<Json | undefined> {
  const page = await list(sim, { guid });
  return page.competizioni[0];
}

describe('status and data_modifica follow the clock', () => {
  it('publishes, opens and closes registration, runs and concludes a competition', async () => {
    const sim = await startSim({ quirks: false });
    const t = START.getTime();
    const { guid } = sim.script.addCompetition({
      name: 'Torneo di Prova del Tempo',
      province: 'PG',
      publishedAt: new Date(t + DAY),
      registrationOpensAt: '2026-03-18T12:00:00', // Rome time
      registrationClosesAt: '2026-03-25T18:00:00',
      startDate: '2026-03-27',
      endDate: '2026-03-29',
    });

    expect(await rowOf(sim, guid)).toBeUndefined();
    expect((await detail(sim, guid)).status).toBe(204);

    sim.clock.advance({ days: 1 });
    expect(await rowOf(sim, guid)).toMatchObject({
      id_stato: 4,
      nome_torneo: 'Torneo di Prova del Tempo',
      data_apertura_iscrizioni: '2026-03-18T12:00:00',
      data_chiusura_iscrizioni: '2026-03-25T18:00:00',
      data_modifica: '2026-03-16T11:00:00',
    });
    expect((await detail(sim, guid)).status).toBe(200);

    sim.clock.set('2026-03-18T11:00:00Z'); // 12:00 in Rome
    expect(await rowOf(sim, guid)).toMatchObject({ id_stato: 3, data_modifica: '2026-03-18T12:00:00' });

    sim.clock.set('2026-03-25T17:00:00Z'); // 18:00 in Rome
    expect(await rowOf(sim, guid)).toMatchObject({ id_stato: 4, data_modifica: '2026-03-25T18:00:00' });

    sim.clock.set('2026-03-28T09:00:00Z'); // summer time from the 29th: still +1
    expect(await rowOf(sim, guid)).toMatchObject({ id_stato: 2, data_modifica: '2026-03-27T00:00:00' });

    sim.clock.set('2026-03-29T22:30:00Z'); // 00:30 on the 30th, Rome summer time
    expect(await rowOf(sim, guid)).toMatchObject({ id_stato: 1, data_modifica: '2026-03-30T00:00:00' });
  });

  it('publishes new competitions as days pass', async () => {
    const sim = await startSim({ quirks: false });
    const before = new Set((await listAll(sim)).map((r) => r.guid));
    sim.clock.advance({ days: 1 });
    const after = await listAll(sim);
    const fresh = after.filter((r) => !before.has(r.guid));
    expect(fresh.length).toBeGreaterThan(2);
    expect(after.length).toBe(before.size + fresh.length);
    for (const row of fresh) expect(row.data_modifica >= '2026-03-15T11:00:00').toBe(true);
  });
});

describe('a generated competition over its life', () => {
  it('accumulates entries, documents, draws and orders of play, and data_modifica moves with them', async () => {
    const sim = await startSim({ quirks: false });
    // Registration open now, starting in the next weeks, at least a few entries.
    const candidates = (await listAll(sim, { id_stato: '3', cod_fonte: '1' })).filter(
      (r) => r.data_inizio > '2026-03-20',
    );
    let target: Json | undefined;
    for (const row of candidates) {
      const { body } = await detail(sim, row.guid);
      const max = body.Tournaments.reduce((n: number, t: Json) => n + t.MaxParticipants, 0);
      if (max >= 32) {
        target = row;
        break;
      }
    }
    const chosen = defined(target, 'an open competition with room for 32');
    const guid = chosen.guid as string;
    const endOfLife = Date.parse(`${chosen.data_fine}T23:00:00Z`) + DAY;

    let previous: { participants: number; items: Set<string>; modified: string } | undefined;
    let grew = 0;
    const seen = { draws: 0, orders: 0, documents: 0 };
    for (let now = START.getTime(); now <= endOfLife; now += 12 * HOUR) {
      sim.clock.set(now);
      const { body } = await detail(sim, guid);
      const row = await rowOf(sim, guid);
      const nowLocal = row.data_modifica as string;
      expect(parseInstant(nowLocal)).toBeLessThanOrEqual(now);
      const participants = body.Tournaments.reduce((n: number, t: Json) => n + t.Participants.length, 0);
      const items = new Set<string>();
      for (const t of body.Tournaments) {
        expect(t.NumberOfParticipants).toBe(t.Participants.length);
        for (const p of t.Participants) expect(parseInstant(p.SubscriptionDate)).toBeLessThanOrEqual(now);
        const stamps = t.Participants.map((p: Json) => p.SubscriptionDate);
        expect(stamps).toEqual([...stamps].sort());
        for (const kind of ['Documents', 'OrdersOfPlay', 'Draws'] as const) {
          for (const item of t[kind]) items.add(`${t.TournamentUid}/${item.Id}`);
        }
        seen.documents = Math.max(seen.documents, t.Documents.length);
        seen.draws = Math.max(seen.draws, t.Draws.length);
        seen.orders = Math.max(seen.orders, t.OrdersOfPlay.length);
        // Draws only once registration has closed.
        if (row.id_stato === 3) expect(t.Draws).toEqual([]);
      }
      if (previous) {
        expect(participants).toBeGreaterThanOrEqual(previous.participants);
        if (participants > previous.participants) grew++;
        for (const item of previous.items) expect(items.has(item)).toBe(true);
        expect(nowLocal >= previous.modified).toBe(true);
      }
      previous = { participants, items, modified: nowLocal };
    }
    expect(grew).toBeGreaterThan(1);
    expect(seen.documents).toBeGreaterThan(0);
    expect(seen.draws).toBeGreaterThan(0);
    expect(seen.orders).toBeGreaterThan(0);
  });

  it('publishes draws around the start and orders of play the evening before each day of play', async () => {
    const sim = await startSim({ quirks: false });
    const concluded = (await listAll(sim, { id_stato: '1', cod_fonte: '1' })).slice(0, 30);
    for (const row of concluded) {
      const { body } = await detail(sim, row.guid);
      for (const t of body.Tournaments) {
        for (const draw of t.Draws) {
          expect(draw.Title).toMatch(/^Tabellone /);
          expect(draw.PublishedAt >= row.data_chiusura_iscrizioni).toBe(true);
          expect(draw.PublishedAt <= `${row.data_fine}T23:59:59`).toBe(true);
        }
        for (const order of t.OrdersOfPlay) {
          expect(order.Date >= row.data_inizio && order.Date <= row.data_fine).toBe(true);
          expect(order.PublishedAt < `${order.Date}T00:00:00`).toBe(true);
          expect(order.Title).toMatch(/^OdG /);
        }
        const ids = [...t.Documents, ...t.OrdersOfPlay, ...t.Draws].map((i: Json) => i.Id);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });
});
