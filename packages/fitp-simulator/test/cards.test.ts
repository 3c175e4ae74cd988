import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { base64, closeAll, defined, PATHS, post, startSim } from './helpers';

describe('player sheet', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false, competitions: 600 });
  });
  afterAll(closeAll);

  const sheet = (cardNumber: unknown, path: string = PATHS.card) => post(sim, path, { cardNumber });

  it('answers the nested player of a card sent as base64 of its digits', async () => {
    const player = sim.federation.pool.at(17);
    const answer = await sheet(base64(player.cardNumber));
    expect(answer.status).toBe(200);
    expect(answer.body.player).toMatchObject({
      name: player.firstName.toUpperCase(),
      surname: player.surname.toUpperCase(),
      tennis_club_name: player.club.toUpperCase(),
      tennis_club_province: player.province.name,
      ranking: player.ranking,
      max_rank: player.bestRanking,
      category: player.category,
      max_rank_stagione: Number(player.bestRankingSeason),
    });
    expect(answer.body.activeYears.at(-1)).toEqual({ year: 2026 });
  });

  it('keeps a card leading 0 (base64 of the 10 digits)', async () => {
    const player = defined(sim.federation.pool.players.find((p) => p.cardNumber.startsWith('0')));
    const answer = await sheet(base64(player.cardNumber));
    expect(answer.body.player.surname).toBe(player.surname.toUpperCase());
    expect((await sheet(base64(player.cardNumber.slice(1)))).body).toBeUndefined();
  });

  it('answers an empty 200 for plain digits, an unknown card or another key', async () => {
    const card = sim.federation.pool.at(17).cardNumber;
    for (const body of [
      { cardNumber: card },
      { cardNumber: base64('0000000001') },
      { card: base64(card) },
      {},
    ]) {
      const answer = await post(sim, PATHS.card, body);
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.body, JSON.stringify(body)).toBeUndefined();
    }
  });

  it('answers the PascalCase prod twin on /api/v6/player/sheet/simple', async () => {
    const player = sim.federation.pool.at(3);
    const answer = await sheet(base64(player.cardNumber), PATHS.cardProd);
    expect(answer.body.player).toMatchObject({
      Name: player.firstName.toUpperCase(),
      Surname: player.surname.toUpperCase(),
      Ranking: player.ranking,
      MembershipCard: `*******${player.cardNumber.slice(-3)}`,
    });
    expect(answer.body.baseStat).toBeNull();
    expect((await sheet('MTIz', PATHS.cardProd)).body).toBeUndefined();
  });

  it('reads the request key in any case', async () => {
    const player = sim.federation.pool.at(9);
    const answer = await post(sim, PATHS.card, { CardNumber: base64(player.cardNumber) });
    expect(answer.body.player.surname).toBe(player.surname.toUpperCase());
  });
});
