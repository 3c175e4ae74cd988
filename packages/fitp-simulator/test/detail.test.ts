import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import { isDoubles } from '../src/model';
import { bandDeadlines } from '../src/wire';
import { closeAll, defined, detail, type Json, PATHS, post, rowOf, START, startSim } from './helpers';

describe('competition detail', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false });
  });
  afterAll(() => {
    sim.script.reset();
    return closeAll();
  });

  const published = () => sim.federation.published(START.getTime());

  it('answers 204 with an empty body for team championships, TPRA, unknown guids and other keys', async () => {
    const team = defined(published().find((c) => c.codFonte === 3));
    const tpra = defined(published().find((c) => c.codFonte === 2));
    const fitp = defined(published().find((c) => c.codFonte === 1));
    for (const guid of [
      team.guid,
      tpra.guid,
      '11111111-1111-1111-1111-111111111111',
      '8E872D3D-3E4E-4014-9606-ACADE6000B3F',
    ]) {
      const answer = await detail(sim, guid);
      expect(answer.status, guid).toBe(204);
      expect(answer.body).toBeUndefined();
    }
    expect((await post(sim, PATHS.detail, { CompetitionUid: fitp.guid.toLowerCase() })).status).toBe(200);
    for (const key of ['competitionId', 'uid', 'id']) {
      expect((await post(sim, PATHS.detail, { [key]: fitp.guid })).status, key).toBe(204);
    }
  });

  it('answers 204 for a competition not published yet', async () => {
    const { guid } = sim.script.addCompetition({ publishedAt: '2026-03-20T09:00:00' });
    expect((await detail(sim, guid)).status).toBe(204);
    sim.clock.set('2026-03-20T08:00:00Z');
    expect((await detail(sim, guid)).status).toBe(200);
    sim.clock.set(START);
  });

  it('writes doubles as adjacent pairs sharing their SubscriptionDate; NumberOfParticipants counts pairs', async () => {
    const c = defined(
      published().find(
        (x) =>
          x.codFonte === 1 &&
          x.endsAt < START.getTime() &&
          x.tournaments.some((t) => isDoubles(t.type) && t.targetEntries >= 6),
      ),
    );
    const { body } = await detail(sim, c.guid);
    const doubles = body.Tournaments.filter((t: Json) => t.IsDoubleTournament);
    expect(doubles.length).toBeGreaterThan(0);
    for (const t of doubles) {
      expect(t.Participants.length % 2).toBe(0);
      expect(t.NumberOfParticipants).toBe(t.Participants.length / 2);
      expect(t.Sections.at(-1).NumberOfTeam).toBe(t.Participants.length);
      for (let i = 0; i < t.Participants.length; i += 2) {
        const [a, b] = [t.Participants[i], t.Participants[i + 1]];
        expect(a.SubscriptionDate).toBe(b.SubscriptionDate);
        expect(a.MembershipCard).not.toBe(b.MembershipCard);
        if (i >= 2) expect(a.SubscriptionDate).not.toBe(t.Participants[i - 1].SubscriptionDate);
      }
    }
    const singles = body.Tournaments.find((t: Json) => !t.IsDoubleTournament);
    if (singles) expect(singles.NumberOfParticipants).toBe(singles.Participants.length);
  });

  it('enters a scripted pair together (partnerCardNumber)', async () => {
    const { guid, tournamentUids } = sim.script.addCompetition({ tournaments: [{ type: 'DoppioM' }] });
    const uid = defined(tournamentUids[0]);
    const added = sim.script.addEntry({
      tournamentUid: uid,
      cardNumber: '0123456789',
      partnerCardNumber: '0987654321',
    });
    expect(added).toMatchObject({ cardNumber: '0123456789', partnerCardNumber: '0987654321' });
    sim.clock.advance({ minutes: 5 });
    sim.script.addEntry({ tournamentUid: uid, cardNumber: '1111111119', partnerCardNumber: '1111111127' });
    const t = (await detail(sim, guid)).body.Tournaments[0];
    expect(t.Participants.map((p: Json) => p.MembershipCard)).toEqual([
      '0123456789',
      '0987654321',
      '1111111119',
      '1111111127',
    ]);
    expect(t.NumberOfParticipants).toBe(2);
    expect(t.Participants[0].SubscriptionDate).toBe(t.Participants[1].SubscriptionDate);
    expect(t.Gender).toBe('MM');
    // A pair leaves together: withdrawing one partner takes the pair off, the other pair stays whole.
    sim.script.withdrawEntry({ tournamentUid: uid, cardNumber: '0987654321' });
    const after = (await detail(sim, guid)).body.Tournaments[0];
    expect(after.Participants.map((p: Json) => p.MembershipCard)).toEqual(['1111111119', '1111111127']);
    expect(after.NumberOfParticipants).toBe(1);
    sim.clock.set(START);
  });

  it('writes deadlines with the false Z: Rome wall-clock, in summer and in winter', async () => {
    const summer = sim.script.addCompetition({
      startDate: '2026-08-02',
      registrationClosesAt: '2026-07-28T12:00:00',
    });
    const t = (await detail(sim, summer.guid)).body.Tournaments[0];
    expect(t.DateEndSubscription).toBe('2026-07-28T12:00:00Z');
    expect(t.EndTimeSubscription).toEqual([
      {
        Day: '28/07/2026',
        Hour: '12:00:00',
        MinRank_Name: '4.NC',
        MaxRank_Name: '4.1',
        EndDate: '2026-07-28T12:00:00Z',
        DefaultSubscription: false,
      },
    ]);
    // The instant behind it is 10:00 UTC (CEST): the Z is false.
    const c = defined(sim.federation.findCompetition(summer.guid));
    expect(new Date(c.registrationClosesAt).toISOString()).toBe('2026-07-28T10:00:00.000Z');
    const { body } = await detail(sim, summer.guid);
    expect(body.From).toBe('2026-08-02T00:00:00Z');

    const winter = sim.script.addCompetition({
      startDate: '2026-03-30',
      registrationClosesAt: '2026-03-27T18:30:00',
    });
    const w = (await detail(sim, winter.guid)).body.Tournaments[0];
    expect(w.DateEndSubscription).toBe('2026-03-27T18:30:00Z');
    expect(
      new Date(defined(sim.federation.findCompetition(winter.guid)).registrationClosesAt).toISOString(),
    ).toBe('2026-03-27T17:30:00.000Z');
  });

  it('has band deadlines: mostly one band, sometimes two or three closing in turn, a few left to the referee', () => {
    const counts = { one: 0, several: 0, referee: 0 };
    for (const c of published().filter((x) => x.codFonte === 1)) {
      for (const spec of c.tournaments) {
        const bands = bandDeadlines(sim.federation.seed, c, spec);
        if (bands.length === 1) counts.one++;
        else counts.several++;
        if (bands.some((b) => b.closesAt === undefined)) counts.referee++;
        expect(bands[0]?.minRank).toBe('4.NC');
        const dated = bands.map((b) => b.closesAt).filter((x): x is number => x !== undefined);
        expect(dated).toEqual([...dated].sort((a, b) => a - b));
        expect(Math.max(...dated)).toBeLessThanOrEqual(c.registrationClosesAt);
      }
    }
    expect(counts.one).toBeGreaterThan(counts.several * 2);
    expect(counts.several).toBeGreaterThan(0);
    expect(counts.referee).toBeGreaterThan(0);
  });

  it('keys participants by a 10-digit card string, some with a leading 0', () => {
    const cards = sim.federation.pool.players.map((p) => p.cardNumber);
    expect(cards.every((card) => /^\d{10}$/.test(card))).toBe(true);
    const leading = cards.filter((card) => card.startsWith('0')).length;
    expect(leading / cards.length).toBeGreaterThan(0.05);
    expect(leading / cards.length).toBeLessThan(0.2);
  });

  it("lists the organiser's seat, which sometimes is not the venue", async () => {
    const differing = published().filter((c) => c.codFonte === 1 && c.seat.city !== c.city);
    expect(differing.length).toBeGreaterThan(0);
    const c = defined(differing[0]);
    const row = await rowOf(sim, c.guid);
    expect(row.citta).toBe(c.seat.city);
    expect(row.citta).not.toBe(c.city);
  });
});
