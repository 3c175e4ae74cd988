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
      const [row] = (await list(sim, { guid: added.guid })).competizioni;
      expect(row).toMatchObject({
        id_stato: 3,
        cod_fonte: 1,
        tipo_torneo: 'Maschile',
        cat_class: 4,
        cat_eta: 'open',
      });
      expect(row.nome_torneo.length).toBeGreaterThan(3);
      expect(row.data_inizio).toBe('2026-03-29');
      const { body } = await detail(sim, added.guid);
      expect(body.Tournaments[0]).toMatchObject({ TournamentUid: added.tournamentUids[0], Participants: [] });
    });

    it('are added over HTTP with the given fields', async () => {
      const answer = await post(sim, '/__sim/competitions', {
        name: 'Open di Primavera del Simulatore',
        province: 'NA',
        city: 'Sorrento',
        club: 'Tennis Club Sorrento',
        codFonte: 2,
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
      const [row] = (await list(sim, { guid })).competizioni;
      expect(row).toMatchObject({
        nome_torneo: 'Open di Primavera del Simulatore',
        citta: 'Sorrento',
        tennisclub: 'Tennis Club Sorrento',
        sigla_provincia: 'NA',
        id_provincia: 63,
        id_regione: 15,
        cod_fonte: 2,
        id_fonte: 'TPRA',
        data_inizio: '2026-04-10',
        data_fine: '2026-04-12',
        montepremi: 750,
        tipo_torneo: 'Femminile',
      });
      const first = await tournamentOf(guid, tournamentUids[0]);
      expect(first).toMatchObject({
        CategoryClass: 3,
        RankingLimit: '3.3',
        MaxParticipants: 24,
        AdmissionType: 'cronologico',
      });
      expect((await tournamentOf(guid, tournamentUids[1])).AgeCategory).toBe('veterani');
      expect((await list(sim, { sesso: 'Misto', guid })).record).toBe(1);
    });

    it('scripted as unpublished answer 204 until their publication', async () => {
      const { guid } = sim.script.addCompetition({ publishedAt: '2026-03-20T09:00:00' });
      expect((await detail(sim, guid)).status).toBe(204);
      expect((await list(sim, { guid })).record).toBe(0);
      sim.clock.set('2026-03-20T08:00:00Z');
      expect((await detail(sim, guid)).status).toBe(200);
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
      expect(body.Tournaments[0].Draws.length).toBeGreaterThan(0);
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
    it('are added from JS and over HTTP, appear at their publication time and move data_modifica', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition({
        publishedAt: '2026-03-01T10:00:00',
        registrationOpensAt: '2026-03-02T00:00:00',
      });
      const uid = defined(tournamentUids[0]);
      const before = (await list(sim, { guid })).competizioni[0].data_modifica;

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

      let t = await tournamentOf(guid, uid);
      expect(t.Documents).toEqual([
        {
          Id: doc.id,
          Title: 'Regolamento',
          Url: 'https://example.org/r.pdf',
          PublishedAt: '2026-03-15T11:00:00',
        },
      ]);
      expect(t.OrdersOfPlay).toEqual([]);
      expect(t.Draws).toEqual([]);
      const [row] = (await list(sim, { guid })).competizioni;
      expect(row.data_modifica).toBe('2026-03-15T11:00:00');
      expect(before).toBe('2026-03-02T00:00:00');

      sim.clock.set('2026-03-15T19:00:00Z');
      t = await tournamentOf(guid, uid);
      expect(t.Draws).toEqual([
        expect.objectContaining({
          Id: draw.body.id,
          Title: expect.stringMatching(/^Tabellone /),
          PublishedAt: '2026-03-15T11:30:00',
        }),
      ]);
      expect(t.OrdersOfPlay).toEqual([
        expect.objectContaining({
          Id: oop.body.id,
          Date: '2026-03-29',
          Title: 'OdG domenica 29/03',
          PublishedAt: '2026-03-15T20:00:00',
        }),
      ]);
      expect(new Set([doc.id, oop.body.id, draw.body.id]).size).toBe(3);
      expect((await list(sim, { guid })).competizioni[0].data_modifica).toBe('2026-03-15T20:00:00');
    });

    it('can be added to generated tournaments; an unknown tournament is a 404', async () => {
      const [row] = (await list(sim, { id_stato: '3', fetchrows: '1' })).competizioni;
      const uid = (await detail(sim, row.guid)).body.Tournaments[0].TournamentUid;
      const added = await post(sim, '/__sim/documents', { tournamentUid: uid, title: 'Variazione orari' });
      expect(added.status).toBe(201);
      const t = await tournamentOf(row.guid, uid);
      expect(t.Documents.map((d: Json) => d.Title)).toContain('Variazione orari');
      const missing = await post(sim, '/__sim/documents', {
        tournamentUid: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.status).toBe(404);
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
        Id: added.body.participantId,
        Name: player.firstName,
        Surname: player.surname,
        MembershipCard: player.cardNumber,
        Ranking: player.ranking,
        SubscriptionDate: '2026-03-15T11:00:00',
      });
    });

    it('enter a new player, who becomes a known card with that entry', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition();
      const added = sim.script.addEntry({
        tournamentUid: defined(tournamentUids[0]),
        cardNumber: '555000111',
        name: 'Giulia',
        surname: 'Rossi',
        ranking: '4.1',
        subscriptionDate: '2026-03-15T09:00:00',
      });
      expect(added.cardNumber).toBe('555000111');
      const card = await post(sim, PATHS.card, { cardNumber: base64('555000111') });
      expect(card.body).toMatchObject({ result: 'OK', Name: 'Giulia', Surname: 'Rossi', Ranking: '4.1' });
      const entries = await post(sim, PATHS.entries, { cardNumber: base64('555000111') });
      expect(entries.body.items).toEqual([
        { competitionUid: guid, tournamentUid: tournamentUids[0], SubscriptionDate: '2026-03-15T09:00:00' },
      ]);
    });

    it('order participants by subscription time, future entries hidden', async () => {
      const { guid, tournamentUids } = sim.script.addCompetition();
      const uid = defined(tournamentUids[0]);
      sim.script.addEntry({ tournamentUid: uid, subscriptionDate: '2026-03-14T10:00:00' });
      sim.script.addEntry({ tournamentUid: uid, subscriptionDate: '2026-03-13T10:00:00' });
      sim.script.addEntry({ tournamentUid: uid, subscriptionDate: '2026-03-16T10:00:00' });
      const t = await tournamentOf(guid, uid);
      expect(t.Participants.map((p: Json) => p.SubscriptionDate)).toEqual([
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
      expect(card.body).toMatchObject({ result: 'OK', Name: 'Marco', Province: 'FI' });
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
      const [row] = (await list(sim, { id_stato: '3', fetchrows: '1' })).competizioni;
      const generated = (await detail(sim, row.guid)).body;
      const uid = generated.Tournaments[0].TournamentUid;
      sim.script.addEntry({ tournamentUid: uid, cardNumber: '777888999' });
      sim.script.addDocument({ tournamentUid: uid, title: 'Da rimuovere' });
      sim.script.fault({ kind: 'malformed' });
      sim.clock.set('2026-03-15T10:30:00Z');

      expect((await post(sim, '/__sim/reset')).status).toBe(204);
      expect((await detail(sim, guid)).status).toBe(404);
      expect((await detail(sim, row.guid)).body).toEqual(generated);
      expect((await post(sim, PATHS.card, { cardNumber: base64('777888999') })).body).toEqual({
        result: 'KO',
      });
      expect(sim.script.state().faults).toEqual([]);
      expect(sim.clock.now().toISOString()).toBe('2026-03-15T10:30:00.000Z');
    });

    it('answers 404 for an unknown hook', async () => {
      expect((await request(sim, 'GET', '/__sim/nothing')).status).toBe(404);
      expect((await request(sim, 'GET', PATHS.list)).status).toBe(405);
      expect((await post(sim, '/api/v9/other', {})).status).toBe(404);
    });
  });

  describe('changing a competition', () => {
    it('adds a tournament to a competition over HTTP, as of now', async () => {
      const { guid } = sim.script.addCompetition({});
      const before = (await list(sim, { guid })).competizioni[0].data_modifica;
      sim.clock.advance({ hours: 1 });
      const added = await post(sim, '/__sim/tournaments', {
        competitionGuid: guid,
        type: 'Femminile',
        categoryClass: 3,
      });
      expect(added.status).toBe(201);
      const uid = added.body.uid;
      const tournament = await tournamentOf(guid, uid);
      expect(tournament).toMatchObject({ Type: 'Femminile', CategoryClass: 3, Participants: [] });
      expect((await detail(sim, guid)).body.Tournaments).toHaveLength(2);
      expect((await list(sim, { guid })).competizioni[0].data_modifica).not.toBe(before);
      // The new draw takes entries and documents like any other.
      sim.script.addDocument({ tournamentUid: uid, title: 'Locandina femminile' });
      expect((await tournamentOf(guid, uid)).Documents).toHaveLength(1);
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
      const row = (await list(sim, { guid })).competizioni[0];
      expect([row.data_inizio, row.data_fine, row.data_chiusura_iscrizioni]).toEqual([
        '2026-04-17',
        '2026-04-19',
        '2026-04-15T12:00:00',
      ]);
      const bad = await post(sim, '/__sim/competitions/update', {
        guid,
        startDate: '2026-04-20',
        endDate: '2026-04-18',
      });
      expect(bad.status).toBe(400);
    });
  });
});
