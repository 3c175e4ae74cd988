import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { parseInstant } from '../src/rome-time';
import { base64, closeAll, defined, detail, type Json, PATHS, post, START, startSim } from './helpers';

describe('player cards', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false });
  });
  afterAll(closeAll);

  const card = (cardNumber: string) => post(sim, PATHS.card, { cardNumber: base64(cardNumber) });
  const entries = (cardNumber: string) => post(sim, PATHS.entries, { cardNumber: base64(cardNumber) });

  it('answers OK with the player of a known card', async () => {
    const player = sim.federation.pool.at(17);
    const answer = await card(player.cardNumber);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      result: 'OK',
      Name: player.firstName,
      Surname: player.surname,
      Club: player.club,
      Municipality: player.municipality,
      Province: player.province.sigla,
      Category: player.category,
      Ranking: player.ranking,
      BestRanking: player.bestRanking,
      BestRankingSeason: player.bestRankingSeason,
      UpdatedAt: '2026-03-01T00:00:00',
    });
  });

  it('answers KO for an unknown card or one not sent as base64 digits', async () => {
    expect((await card('000000001')).body).toEqual({ result: 'KO' });
    const plain = await post(sim, PATHS.card, { cardNumber: sim.federation.pool.at(17).cardNumber });
    expect(plain.body).toEqual({ result: 'KO' });
    expect((await post(sim, PATHS.card, { cardNumber: base64('12ab') })).body).toEqual({ result: 'KO' });
  });

  it('refuses a request without a card number', async () => {
    expect((await post(sim, PATHS.card, {})).status).toBe(400);
    expect((await post(sim, PATHS.entries, { cardNumber: '' })).status).toBe(400);
  });

  it("lists a player's entries, each one found in that tournament's participants", async () => {
    // A busy player: the pool is shared, so active players enter many tournaments.
    let best: { cardNumber: string; items: Json[] } = { cardNumber: '', items: [] };
    for (const player of sim.federation.pool.players.slice(0, 40)) {
      const { body } = await entries(player.cardNumber);
      if (body.items.length > best.items.length) best = { cardNumber: player.cardNumber, items: body.items };
    }
    expect(best.items.length).toBeGreaterThan(2);
    const competitions = new Set(best.items.map((i) => i.competitionUid));
    expect(competitions.size).toBeGreaterThan(1);
    for (const item of best.items) {
      expect(parseInstant(item.SubscriptionDate)).toBeLessThanOrEqual(START.getTime());
      const { body } = await detail(sim, item.competitionUid);
      const tournament = body.Tournaments.find((t: Json) => t.TournamentUid === item.tournamentUid);
      const participant = tournament.Participants.find((p: Json) => p.MembershipCard === best.cardNumber);
      expect(participant?.SubscriptionDate).toBe(item.SubscriptionDate);
    }
  });

  it('answers no entries for an unknown card', async () => {
    expect((await entries('000000001')).body).toEqual({ items: [] });
  });

  it('shows an entry only once the clock reaches its subscription time', async () => {
    const { tournamentUids } = sim.script.addCompetition({ province: 'MI' });
    const player = defined(sim.federation.pool.players.find((p) => p.province.regionId !== 3));
    sim.script.addEntry({
      tournamentUid: defined(tournamentUids[0]),
      cardNumber: player.cardNumber,
      subscriptionDate: new Date(START.getTime() + 3_600_000),
    });
    const uids = async () => (await entries(player.cardNumber)).body.items.map((i: Json) => i.tournamentUid);
    expect(await uids()).not.toContain(tournamentUids[0]);
    sim.clock.advance({ hours: 1 });
    expect(await uids()).toContain(tournamentUids[0]);
    sim.clock.set(START);
    sim.script.reset();
  });
});
