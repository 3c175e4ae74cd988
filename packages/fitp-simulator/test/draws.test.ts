import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { closeAll, defined, detail, type Json, PATHS, post, request, START, startSim } from './helpers';

describe('draws (tabellone)', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false, competitions: 800 });
  });
  afterEach(() => {
    sim.script.reset();
    sim.clock.set(START);
  });
  afterAll(closeAll);

  const drawOf = async (tournamentId: number, phaseId: string): Promise<Json[]> => {
    const answer = await request(sim, 'GET', `${PATHS.draw}?tournamentId=${tournamentId}&phaseId=${phaseId}`);
    expect(answer.status).toBe(200);
    return answer.body.results;
  };

  /** A scripted singles tournament of 11 players (a 16-slot draw: 5 byes), drawn on Monday. */
  async function eleven() {
    const added = sim.script.addCompetition({
      startDate: '2026-03-21',
      endDate: '2026-03-24',
      registrationClosesAt: '2026-03-19T12:00:00',
      tournaments: [{ type: 'Maschile' }],
    });
    const uid = defined(added.tournamentUids[0]);
    const rankings = ['3.1', '3.3', '4.1', '4.2', '4.2', '4.3', '4.4', '4.5', '4.6', '4.NC', '4.NC'];
    for (const [i, ranking] of rankings.entries()) {
      sim.script.addEntry({
        tournamentUid: uid,
        cardNumber: `012345670${i}`.slice(-10),
        name: 'Luca',
        surname: `Rossi${'ABCDEFGHIJK'[i]}`,
        ranking,
      });
    }
    const draw = sim.script.addDraw({ tournamentUid: uid, publishedAt: '2026-03-20T10:00:00' });
    return { ...added, uid, draw };
  }

  it('is empty until published, then made from the entries with seeds and byes as absent slots', async () => {
    const { draw, guid } = await eleven();
    expect(draw.tournamentId).toBe(defined((await detail(sim, guid)).body.Tournaments[0]).TournamentId);
    const phase = defined(draw.phaseIds.at(-1));
    const before = await drawOf(draw.tournamentId, phase);
    expect(before[0].partite).toEqual([]);
    sim.clock.set('2026-03-20T12:00:00Z');
    const [section] = await drawOf(draw.tournamentId, phase);
    expect(section.sezione).toMatch(/_Tabellone finale$/);
    const first = section.partite.filter((m: Json) => m.Turno === 1);
    // 11 players in 16 slots: 5 byes, so 3 first-round matches; the byes' players wait in round 2.
    expect(first).toHaveLength(3);
    const second = section.partite.filter((m: Json) => m.Turno === 2);
    expect(second.length).toBeGreaterThanOrEqual(3);
    const seeds = section.partite
      .flatMap((m: Json) => [m.TestaDiSerie1, m.TestaDiSerie2])
      .filter((s: Json) => s !== null);
    expect(seeds.sort()).toEqual([1, 2, 3, 4]);
    const seedOne = section.partite.find((m: Json) => m.TestaDiSerie1 === 1);
    expect(seedOne).toMatchObject({
      Turno: 2,
      Posizione: 1,
      Nome1: 'ROSSIA LUCA',
      Categoria1: '3.1',
      NumeroTessera1: '0123456700',
    });
    for (const m of section.partite) {
      expect(m.Nome12).toBeNull();
      expect(m.Risultato).toBe('');
      expect(m.PrimoTeamVincitore || m.SecondoTeamVincitore).toBe(false);
    }
  });

  it('fills in results from the winner side as the clock passes each match, up to the final', async () => {
    const { draw } = await eleven();
    const phase = defined(draw.phaseIds.at(-1));
    sim.clock.set('2026-03-21T12:00:00Z');
    const midway = (await drawOf(draw.tournamentId, phase))[0].partite;
    expect(midway.some((m: Json) => m.Risultato !== '')).toBe(true);
    expect(midway.some((m: Json) => m.Risultato === '')).toBe(true);
    sim.clock.set('2026-03-26T00:00:00Z');
    const done = (await drawOf(draw.tournamentId, phase))[0].partite;
    const final = done.find((m: Json) => m.Turno === 4);
    expect(final).toBeDefined();
    for (const m of done) {
      expect(m.PrimoTeamVincitore !== m.SecondoTeamVincitore).toBe(true);
      const loserRetired = m.PrimoTeamVincitore ? m.IsRitirato2 : m.IsRitirato1;
      const loserAbsent = m.PrimoTeamVincitore ? m.IsAssente2 : m.IsAssente1;
      if (!loserAbsent)
        expect(m.Risultato).toMatch(loserRetired ? /^6[0-4] $/ : /^6[0-4] (6[0-4]|[2-4]6 10[2-8])$/);
    }
    // Each round-2 player is the first round's winner or a bye.
    const winners = done
      .filter((m: Json) => m.Turno === 1)
      .map((m: Json) => (m.PrimoTeamVincitore ? m.NumeroTessera1 : m.NumeroTessera2));
    const round2 = done
      .filter((m: Json) => m.Turno === 2)
      .flatMap((m: Json) => [m.NumeroTessera1, m.NumeroTessera2]);
    for (const w of winners) expect(round2).toContain(w);
  });

  it('shows a match a test scored, whatever the clock, and its winner in the next round', async () => {
    const { draw, uid } = await eleven();
    const phase = defined(draw.phaseIds.at(-1));
    sim.clock.set('2026-03-20T12:00:00Z');
    const before = (await drawOf(draw.tournamentId, phase))[0].partite;
    const first = defined(before.find((m: Json) => m.Turno === 1));
    expect(first.Risultato).toBe('');
    sim.script.scoreMatch({
      tournamentUid: uid,
      round: 1,
      position: first.Posizione,
      winner: 1,
      score: '64 61',
    });
    // Over HTTP too: a retirement in another first-round match.
    const second = defined(before.filter((m: Json) => m.Turno === 1)[1]);
    const scored = await post(sim, '/__sim/draws/score', {
      tournamentUid: uid,
      round: 1,
      position: second.Posizione,
      winner: 0,
      score: '52 ',
      retired: true,
    });
    expect(scored.status).toBe(200);
    const after = (await drawOf(draw.tournamentId, phase))[0].partite;
    const played = defined(after.find((m: Json) => m.Turno === 1 && m.Posizione === first.Posizione));
    expect(played).toMatchObject({
      Risultato: '64 61',
      PrimoTeamVincitore: false,
      SecondoTeamVincitore: true,
    });
    expect(after.find((m: Json) => m.Turno === 1 && m.Posizione === second.Posizione)).toMatchObject({
      Risultato: '52 ',
      PrimoTeamVincitore: true,
      IsRitirato2: true,
    });
    // The winner waits in round 2, at the position it feeds.
    const next = defined(
      after.find((m: Json) => m.Turno === 2 && m.Posizione === Math.ceil(first.Posizione / 2)),
    );
    const slot = first.Posizione % 2 === 1 ? 'NumeroTessera1' : 'NumeroTessera2';
    expect(next[slot]).toBe(first.NumeroTessera2);
    expect(
      sim.script.scoreMatch.bind(sim.script, {
        tournamentUid: uid,
        round: 1,
        position: 1,
        winner: 2,
      } as never),
    ).toThrow(/winner/);
  });

  it('writes both partners of a doubles pair', async () => {
    const c = defined(
      sim.federation
        .published(START.getTime())
        .find(
          (x) =>
            x.codFonte === 1 &&
            x.endsAt < START.getTime() &&
            x.tournaments.some((t) => t.type === 'DoppioM' && t.targetEntries >= 8),
        ),
    );
    const t = (await detail(sim, c.guid)).body.Tournaments.find((x: Json) => x.Gender === 'MM');
    const [section] = await drawOf(t.TournamentId, t.Sections.at(-1).SectionCode);
    const m = section.partite.find((x: Json) => x.Nome1 && x.Nome2);
    expect(m.Nome12).toMatch(/^\S.* \S+$/);
    expect(m.NumeroTessera22).toMatch(/^\d{10}$/);
  });

  it('answers results [] for unknown keys and 404 to a POST', async () => {
    expect(await drawOf(1, 'F33C5E2E-51A9-4716-A5AA-86C29D369687')).toEqual([]);
    expect((await post(sim, PATHS.draw, { tournamentId: 1 })).status).toBe(404);
  });
});
