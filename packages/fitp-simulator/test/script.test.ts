import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorHandle } from '../src/index';
import {
  base64,
  closeAll,
  defined,
  detail,
  type Json,
  list,
  PATHS,
  post,
  request,
  rowOf,
  START,
  startSim,
} from './helpers';

describe('scripting hooks', () => {
  let sim: SimulatorHandle;

  beforeAll(async () => {
    sim = await startSim({ quirks: false, competitions: 800 });
  });
  afterEach(async () => {
    sim.script.reset();
    sim.clock.set(START);
  });
  afterAll(closeAll);

  const tournamentOf = async (guid: string, uid: string): Promise<Json> =>
    (await detail(sim, guid)).body.Tournaments.find((t: Json) => t.TournamentUid === uid);

  describe('clock', () => {
    it('is set, advanced and returned to real time over HTTP', async () => {
      const set = await post(sim, '/__sim/clock', { now: '2026-06-01T08:00:00Z' });
      expect(set.body).toEqual({ now: '2026-06-01T08:00:00.000Z' });
      expect(sim.clock.now().toISOString()).toBe('2026-06-01T08:00:00.000Z');
      const advanced = await post(sim, '/__sim/clock/advance', { days: 1, hours: 2 });
      expect(advanced.body).toEqual({ now: '2026-06-02T10:00:00.000Z' });
      await post(sim, '/__sim/clock/advance', 60_000);
      expect(sim.clock.now().toISOString()).toBe('2026-06-02T10:01:00.000Z');
      const real = await post(sim, '/__sim/clock/real');
      expect(Math.abs(Date.parse(real.body.now) - Date.now())).toBeLessThan(5000);
      expect(sim.clock.frozen).toBe(false);
      expect((await post(sim, '/__sim/clock', { now: 'soon' })).status).toBe(400);
    });

    it('is set and advanced from JS, and the state shows it', async () => {
      sim.script.setNow('2026-04-01T00:00:00Z');
      sim.script.advance({ minutes: 90 });
      const state = await request(sim, 'GET', '/__sim/state');
      expect(state.body.clock).toEqual({ now: '2026-04-01T01:30:00.000Z', frozen: true });
      expect(state.body.seed).toBe(42);
      expect(state.body.competitions.generated).toBeGreaterThan(600);
      expect(state.body.requests).toEqual(expect.objectContaining({ list: expect.any(Number) }));
    });
  });

  describe('competitions', () => {
    it('are added from JS with sensible defaults: published now, registration open, one draw', async () => {
      const added = sim.script.addCompetition();
      expect(added.guid).toMatch(/^[0-9A-F-]{36}$/);
      expect(added.tournamentUids).toHaveLength(1);
      expect(added.tournamentIds).toHaveLength(1);
      const row = await rowOf(sim, added.guid);
      expect(row).toMatchObject({
        id_statoPUC: 4,
        cod_fonte: 1,
        tipo_torneo: 'Maschile',
        cat_class: '4.1;4.2;4.3;4.4;4.5;4.6;4.NC',
        data_inizio: '29/03/2026',
      });
      expect(row.cat_eta).toContain('NOR');
      expect(row.nome_torneo.length).toBeGreaterThan(3);
      const { body } = await detail(sim, added.guid);
      expect(body.CompetitionId).toBe(added.competitionId);
      expect(body.Tournaments[0]).toMatchObject({
        TournamentUid: added.tournamentUids[0],
        TournamentId: added.tournamentIds[0],
        Participants: [],
        NumberOfParticipants: 0,
      });
    });

    it('are added over HTTP with the given fields', async () => {
      const answer = await post(sim, '/__sim/competitions', {
        name: 'Open di Primavera del Simulatore',
        province: 'NA',
        city: 'Sorrento',
        club: 'Tennis Club Sorrento',
        startDate: '2026-04-10',
        endDate: '12/04/2026',
        prizeMoney: 750,
        tournaments: [
          {
            type: 'Femminile',
            categoryClass: 3,
            rankingLimit: '3.3',
            maxParticipants: 24,
            admissionType: 'cronologico',
          },
          { type: 'Misto', ageCategory: 'veterani' },
        ],
      });
      expect(answer.status).toBe(201);
      const { guid, tournamentUids } = answer.body;
      expect(await rowOf(sim, guid)).toMatchObject({
        nome_torneo: 'Open di Primavera del Simulatore',
        citta: 'Sorrento',
        tennisclub: 'Tennis Club Sorrento',
        provincia: 'Napoli',
        sigla_provincia: 'NA',
        data_inizio: '10/04/2026',
        data_fine: '12/04/2026',
        tipo_torneo: 'Femminile;Misto',
      });
      const first = await tournamentOf(guid, tournamentUids[0]);
      expect(first).toMatchObject({
        Gender: 'F',
        AvailableRankings: '3.3,3.4,3.5,4.1,4.2,4.3,4.4,4.5,4.6,4.NC',
      });
      expect((await tournamentOf(guid, tournamentUids[1])).CategoryAge).toMatch(/^O45,O50/);
      expect((await detail(sim, guid)).body.TotalPrizePool).toBe(750);
      expect((await list(sim, { id_provincia: 263, data_inizio: '10/04/2026' })).competizioni[0].guid).toBe(
        guid,
      );
    });

    it('of TPRA answer their id_torneo_digital, shown on their placeholder row', async () => {
      const added = sim.script.addCompetition({ codFonte: 2, province: 'TN' });
      expect(added.tpraId).toBeGreaterThan(0);
      const row = await rowOf(sim, added.guid);
      expect(row).toMatchObject({
        guid: '11111111-1111-1111-1111-111111111111',
        id_torneo_digital: added.tpraId,
      });
      expect((await detail(sim, added.guid)).status).toBe(204);
    });

    it('with generated activity fill up like seeded ones', async () => {
      const { guid } = sim.script.addCompetition({
        province: 'RM',
        generateActivity: true,
        registrationOpensAt: '2026-03-01T00:00:00',
        startDate: '2026-03-25',
        tournaments: [{ type: 'Maschile', targetEntries: 30 }],
      });
      const now = (await detail(sim, guid)).body.Tournaments[0].Participants.length;
      expect(now).toBeGreaterThan(0);
      sim.clock.set('2026-03-26T00:00:00Z');
      const { body } = await detail(sim, guid);
      expect(body.Tournaments[0].Participants).toHaveLength(30);
      expect((await post(sim, PATHS.ordersOfPlay, { competitionId: guid })).body.length).toBeGreaterThan(0);
    });

    it('refuse bad input with 400 and a duplicate guid with 409', async () => {
      const bad = await post(sim, '/__sim/competitions', { province: 'XX' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('province');
      expect((await post(sim, '/__sim/competitions', { colour: 'red' })).status).toBe(400);
      expect(
        (await post(sim, '/__sim/competitions', { startDate: '2026-04-10', endDate: '2026-04-01' })).status,
      ).toBe(400);
      const { guid } = sim.script.addCompetition();
      expect((await post(sim, '/__sim/competitions', { guid: guid.toLowerCase() })).status).toBe(409);
      expect(() => sim.script.addCompetition({ codFonte: 4 as never })).toThrow(/codFonte/);
    });
  });

  describe('documents, orders of play and draws', () => {
    it('are added from JS and over HTTP and appear at their publication time', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition({
        publishedAt: '2026-03-01T10:00:00',
        registrationOpensAt: '2026-03-02T00:00:00',
      });
      const uid = defined(tournamentUids[0]);
      const doc = sim.script.addDocument({
        tournamentUid: uid,
        title: 'Regolamento',
        url: 'https://example.org/r.pdf',
      });
      const oop = await post(sim, '/__sim/orders-of-play', {
        tournamentUid: uid.toLowerCase(),
        date: '2026-03-29',
        publishedAt: '2026-03-15T20:00:00',
      });
      const draw = await post(sim, '/__sim/draws', {
        tournamentUid: uid,
        publishedAt: '2026-03-15T11:30:00',
      });
      expect(oop.status).toBe(201);
      expect(draw.status).toBe(201);
      expect(draw.body.phaseIds).toHaveLength(1);
      expect(doc.fileName).toBe('Regolamento.pdf');
      const files = async (path: string) => (await post(sim, path, { competitionId: guid })).body;
      expect(await files(PATHS.documents)).toEqual(['Regolamento.pdf']);
      expect(await files(PATHS.ordersOfPlay)).toEqual([]);
      sim.clock.set('2026-03-15T19:00:00Z');
      expect(await files(PATHS.ordersOfPlay)).toEqual([oop.body.fileName]);
      expect(oop.body.fileName).toMatch(/^(orariodigioco|oraridigioco)_20260329\.pdf$/);
      const tabellone = await request(
        sim,
        'GET',
        `${PATHS.draw}?tournamentId=${draw.body.tournamentId}&phaseId=${draw.body.phaseIds[0]}`,
      );
      expect(tabellone.body.results[0].gara).toBe((await tournamentOf(guid, uid)).TournamentDescription);
      expect(new Set([doc.id, oop.body.id, draw.body.id]).size).toBe(3);
    });

    it('can be added to generated competitions; an unknown tournament is a 404', async () => {
      const c = defined(
        sim.federation
          .published(START.getTime())
          .find((x) => x.codFonte === 1 && x.startsAt > START.getTime()),
      );
      const added = await post(sim, '/__sim/documents', {
        competitionGuid: c.guid,
        title: 'Variazione orari',
      });
      expect(added.status).toBe(201);
      expect((await post(sim, PATHS.documents, { competitionId: c.guid })).body).toContain(
        'Variazione orari.pdf',
      );
      const missing = await post(sim, '/__sim/documents', {
        tournamentUid: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.status).toBe(404);
      expect((await post(sim, '/__sim/documents', { title: 'Senza competizione' })).status).toBe(400);
    });
  });

  describe('entries and players', () => {
    it('enter a known card with its own name and ranking', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition({ province: 'TO' });
      const player = sim.federation.pool.at(3);
      const added = await post(sim, '/__sim/entries', {
        tournamentUid: tournamentUids[0],
        cardNumber: player.cardNumber,
      });
      expect(added.status).toBe(201);
      expect(added.body.cardNumber).toBe(player.cardNumber);
      const t = await tournamentOf(guid, defined(tournamentUids[0]));
      expect(t.NumberOfParticipants).toBe(1);
      expect(t.Participants[0]).toEqual({
        Code: 111111,
        MembershipCard: player.cardNumber,
        Name: player.firstName.toUpperCase(),
        Surname: player.surname.toUpperCase(),
        Ranking: player.ranking,
        SubscriptionDate: expect.stringMatching(/^2026-03-15T11:00:00\.\d{1,3}$/),
      });
    });

    it('enter a new player, who becomes a known card with that entry', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition();
      const added = sim.script.addEntry({
        tournamentUid: defined(tournamentUids[0]),
        cardNumber: '0555000111',
        name: 'Giulia',
        surname: 'Rossi',
        ranking: '4.1',
        subscriptionDate: '2026-03-15T09:00:00',
      });
      expect(added.cardNumber).toBe('0555000111');
      const card = await post(sim, PATHS.card, { cardNumber: base64('0555000111') });
      expect(card.body.player).toMatchObject({
        name: 'GIULIA',
        surname: 'ROSSI',
        ranking: '4.1',
        category: '4° Categoria',
      });
      const t = await tournamentOf(guid, defined(tournamentUids[0]));
      expect(t.Participants[0].MembershipCard).toBe('0555000111');
    });

    it('order participants by subscription time, future entries hidden', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition();
      const uid = defined(tournamentUids[0]);
      sim.script.addEntry({ tournamentUid: uid, subscriptionDate: '2026-03-14T10:00:00' });
      sim.script.addEntry({ tournamentUid: uid, subscriptionDate: '2026-03-13T10:00:00' });
      sim.script.addEntry({ tournamentUid: uid, subscriptionDate: '2026-03-16T10:00:00' });
      const t = await tournamentOf(guid, uid);
      expect(t.Participants.map((p: Json) => p.SubscriptionDate.slice(0, 19))).toEqual([
        '2026-03-13T10:00:00',
        '2026-03-14T10:00:00',
      ]);
    });

    it('registers players over HTTP, lists pool players, and refuses a card that exists', async () => {
      const created = await post(sim, '/__sim/players', {
        name: 'Marco',
        surname: 'Bianchi',
        ranking: '3.2',
        province: 'FI',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Marco',
        surname: 'Bianchi',
        ranking: '3.2',
        province: 'FI',
      });
      const card = await post(sim, PATHS.card, { cardNumber: base64(created.body.cardNumber) });
      expect(card.body.player).toMatchObject({ name: 'MARCO', tennis_club_province: 'Firenze' });
      const players = await request(sim, 'GET', '/__sim/players?limit=5&ranking=2.');
      expect(players.body.players).toHaveLength(5);
      expect(players.body.players.every((p: Json) => p.ranking.startsWith('2.'))).toBe(true);
      const dup = await post(sim, '/__sim/players', { cardNumber: players.body.players[0].cardNumber });
      expect(dup.status).toBe(409);
    });
  });

  describe('reset', () => {
    it('removes scripted competitions, entries, items, players and faults, keeping the clock', async () => {
      const { guid } = sim.script.addCompetition();
      const c = defined(
        sim.federation
          .published(START.getTime())
          .find((x) => x.codFonte === 1 && x.startsAt > START.getTime()),
      );
      const generated = (await detail(sim, c.guid)).body;
      const uid = generated.Tournaments[0].TournamentUid;
      sim.script.addEntry({ tournamentUid: uid, cardNumber: '7778889990' });
      sim.script.addDocument({ tournamentUid: uid, title: 'Da rimuovere' });
      sim.script.fault({ kind: 'malformed' });
      sim.clock.set('2026-03-15T10:30:00Z');

      expect((await post(sim, '/__sim/reset')).status).toBe(204);
      expect((await detail(sim, guid)).status).toBe(204);
      expect((await detail(sim, c.guid)).body).toEqual(generated);
      expect((await post(sim, PATHS.card, { cardNumber: base64('7778889990') })).body).toBeUndefined();
      expect(sim.script.state().faults).toEqual([]);
      expect(sim.clock.now().toISOString()).toBe('2026-03-15T10:30:00.000Z');
    });

    it('answers 404 for an unknown hook, an unknown path or a method the path does not take', async () => {
      expect((await request(sim, 'GET', '/__sim/nothing')).status).toBe(404);
      expect((await request(sim, 'GET', PATHS.list)).status).toBe(404);
      expect((await post(sim, '/api/v9/other', {})).status).toBe(404);
    });
  });

  describe('changing a competition', () => {
    it('adds a tournament to a competition over HTTP, as of now', async () => {
      const { guid } = sim.script.addCompetition({});
      sim.clock.advance({ hours: 1 });
      const added = await post(sim, '/__sim/tournaments', {
        competitionGuid: guid,
        type: 'Femminile',
        categoryClass: 3,
      });
      expect(added.status).toBe(201);
      const uid = added.body.uid;
      const tournament = await tournamentOf(guid, uid);
      expect(tournament).toMatchObject({ Gender: 'F', Participants: [] });
      expect(tournament.AvailableRankings).toMatch(/^3\./);
      expect((await detail(sim, guid)).body.Tournaments).toHaveLength(2);
      expect((await rowOf(sim, guid)).tipo_torneo).toBe('Femminile;Maschile');
      const unknown = await post(sim, '/__sim/tournaments', {
        competitionGuid: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.status).toBe(404);
    });

    it("moves a competition's dates and registration deadline", async () => {
      const { guid } = sim.script.addCompetition({ startDate: '2026-04-10', endDate: '2026-04-12' });
      const moved = await post(sim, '/__sim/competitions/update', {
        guid,
        startDate: '2026-04-17',
        endDate: '2026-04-19',
        registrationClosesAt: '2026-04-15T12:00:00',
      });
      expect(moved).toMatchObject({ status: 200, body: { guid } });
      const row = await rowOf(sim, guid);
      expect([row.data_inizio, row.data_fine]).toEqual(['17/04/2026', '19/04/2026']);
      expect((await detail(sim, guid)).body.Tournaments[0].DateEndSubscription).toBe('2026-04-15T12:00:00Z');
      const bad = await post(sim, '/__sim/competitions/update', {
        guid,
        startDate: '2026-04-20',
        endDate: '2026-04-18',
      });
      expect(bad.status).toBe(400);
    });
  });
});
