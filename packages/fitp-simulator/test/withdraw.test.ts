import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARDS, Federation, type SimulatorHandle } from '../src/index';
import { closeAll, defined, detail, type Json, post, START, startSim } from './helpers';

describe('taking a card off an entry list', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false });
  });
  afterAll(closeAll);

  // The federation has no entries call (§8): the simulator's own index of a card's entries.
  const entries = async (cardNumber: string): Promise<string[]> =>
    sim.federation.playerEntries(cardNumber, sim.clock.nowMs()).map((e) => e.tournamentUid);
  const cardsOf = async (guid: string, uid: string): Promise<string[]> => {
    const { body } = await detail(sim, guid);
    return body.Tournaments.find((t: Json) => t.TournamentUid === uid).Participants.map(
      (p: Json) => p.MembershipCard,
    );
  };

  it('removes a scripted entry from the detail and the player entries, from its instant on', async () => {
    const { guid, tournamentUids } = sim.script.addCompetition({ province: 'RM' });
    const uid = defined(tournamentUids[0]);
    const player = defined(sim.script.players({ limit: 1, ranking: '4.' })[0]);
    sim.script.addEntry({ tournamentUid: uid, cardNumber: player.cardNumber });
    expect(await cardsOf(guid, uid)).toContain(player.cardNumber);
    expect(await entries(player.cardNumber)).toContain(uid);

    const at = new Date(START.getTime() + 3_600_000);
    const answer = await post(sim, '/__sim/entries/withdraw', {
      tournamentUid: uid,
      cardNumber: player.cardNumber,
      at,
    });
    expect(answer.status).toBe(200);
    expect(await cardsOf(guid, uid)).toContain(player.cardNumber);
    sim.clock.advance({ hours: 1 });
    expect(await cardsOf(guid, uid)).not.toContain(player.cardNumber);
    expect(await entries(player.cardNumber)).not.toContain(uid);

    // Entering again after the withdrawal puts the card back on the list.
    sim.clock.advance({ minutes: 1 });
    sim.script.addEntry({ tournamentUid: uid, cardNumber: player.cardNumber });
    expect(await cardsOf(guid, uid)).toContain(player.cardNumber);
    sim.clock.set(START);
    sim.script.reset();
  });

  it('removes a generated entry, and refuses a card that is not on the list', async () => {
    const pool = sim.federation.pool.players.slice(0, 60);
    let found: { card: string; guid: string; uid: string } | undefined;
    for (const p of pool) {
      const items = sim.federation
        .playerEntries(p.cardNumber, START.getTime())
        .filter((e) => sim.federation.findCompetition(e.competitionGuid)?.codFonte === 1);
      const first = items[0];
      if (first) {
        found = { card: p.cardNumber, guid: first.competitionGuid, uid: first.tournamentUid };
        break;
      }
    }
    const { card, guid, uid } = defined(found);
    sim.script.withdrawEntry({ tournamentUid: uid, cardNumber: card });
    expect(await cardsOf(guid, uid)).not.toContain(card);
    expect(await entries(card)).not.toContain(uid);
    const again = await post(sim, '/__sim/entries/withdraw', { tournamentUid: uid, cardNumber: card });
    expect(again.status).toBe(404);
    sim.script.reset();
    expect(await cardsOf(guid, uid)).toContain(card);
  });
});

describe('the demo cards of the README', () => {
  it('are players of the default seed with entries around any date of the year', { timeout: 60_000 }, () => {
    const federation = new Federation({ seed: 42, now: START.getTime() });
    for (const demo of DEMO_CARDS) {
      const player = defined(federation.findPlayer(demo.cardNumber));
      expect(`${player.firstName} ${player.surname}`).toBe(demo.name);
      expect(player.ranking).toBe(demo.ranking);
      expect(player.province.sigla).toBe(demo.province);
      const later = START.getTime() + 120 * 86_400_000;
      const inWindow = federation
        .playerEntries(demo.cardNumber, later)
        .filter((e) => e.at > START.getTime() - 60 * 86_400_000);
      expect(inWindow.length).toBeGreaterThan(2);
    }
  });
});
