import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import {
  competitionEvents,
  competitions,
  draws,
  participants,
  tournamentDeadlines,
  tournamentItems,
  tournaments,
} from '../../../src/db/schema';
import { readFederationStatus } from '../../../src/modules/ingestion/ingestion.repository';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { pointOfComune } from '../../../src/modules/places/places';
import {
  FakeFederation,
  fakeCompetition,
  fakeDetail,
  fakeMatch,
  fakeParticipant,
  fakeRow,
  fakeTournament,
  generateCalendar,
} from '../../helpers/fake-federation';
import { silentLogger } from '../../helpers/logger';
import { createTestDatabase } from '../../helpers/test-db';

const START = new Date('2026-06-10T08:00:00Z');
const HOUR = 3_600_000;

describe('ingestion (sharded sweep)', () => {
  let database: Database;
  let fed: FakeFederation;
  let clock: Date;
  let deps: IngestionDeps;

  beforeEach(async () => {
    database = await createTestDatabase();
    fed = new FakeFederation();
    clock = START;
    deps = { db: database.db, federation: fed, logger: silentLogger, now: () => clock };
  });
  afterEach(() => database.close());

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const events = () => database.db.select().from(competitionEvents).orderBy(asc(competitionEvents.id));
  const storedGuids = async () =>
    (await database.db.select({ guid: competitions.guid }).from(competitions)).map((r) => r.guid).sort();

  it('finds a calendar of more than 100 rows per region, and a province over 100, whole', async () => {
    // Lombardia: Milano 250 (walked on the start date), Bergamo 60; Lazio: Roma 80, Latina 40.
    // Concluded over two weeks ago: no detail to read, the test is about the list.
    const calendar = generateCalendar(
      { 15: 250, 16: 60, 58: 80, 59: 40, 1: 30 },
      { from: '2026-04-12', perDay: 8 },
    );
    fed.add(...calendar);
    const summary = await runIngestion(deps);
    expect(summary).toMatchObject({ baseline: true, sweep: 'full', listed: 460, added: 460, error: null });
    expect(await storedGuids()).toEqual(calendar.map((c) => c.row.guid).sort());
    // The walk re-queried Milano from a start date.
    expect(
      fed.listQueries.some(
        (q) => q.provinceId === 15 && q.startFrom !== undefined && q.startFrom > '2026-04-12',
      ),
    ).toBe(true);
    expect(Object.values(summary.events).every((n) => n === 0)).toBe(true);
    expect(await events()).toEqual([]);
    expect((await readFederationStatus(database.db))?.baselineCompletedAt).toBeInstanceOf(Date);
  }, 60_000);

  it('records new competitions after the baseline, once, and is idempotent', async () => {
    fed.add(...generateCalendar({ 15: 120 }, { from: '2026-06-12' }));
    await runIngestion(deps);
    const extra = fakeCompetition(fakeRow({ n: 5000, provinceId: 15, startDate: '2026-06-20' }));
    fed.add(extra);
    later(15 * 60_000);
    const second = await runIngestion(deps);
    expect(second).toMatchObject({ baseline: false, sweep: 'near', added: 1 });
    expect(second.events.new_competition).toBe(1);
    later(15 * 60_000);
    const third = await runIngestion(deps);
    expect(Object.values(third.events).every((n) => n === 0)).toBe(true);
    expect((await events()).map((e) => [e.kind, e.competitionGuid])).toEqual([
      ['new_competition', extra.row.guid],
    ]);
  }, 90_000);

  it('discards a snapshot whose totals do not reconcile: the stored calendar stays byte for byte', async () => {
    fed.add(...generateCalendar({ 15: 150, 16: 30 }, { from: '2026-06-12' }));
    await runIngestion(deps);
    const snapshot = async () =>
      JSON.stringify({
        competitions: await database.db.select().from(competitions).orderBy(asc(competitions.guid)),
        tournaments: await database.db.select().from(tournaments).orderBy(asc(tournaments.uuid)),
        participants: await database.db.select().from(participants),
        items: await database.db.select().from(tournamentItems),
      });
    const before = await snapshot();
    // The calendar changes (a new row, a renamed one), but Bergamo's total is off by one.
    fed.add(fakeCompetition(fakeRow({ n: 9000, provinceId: 16, startDate: '2026-06-30' })));
    const renamed = [...fed.competitions.values()][0];
    if (renamed) renamed.row.name = 'Renamed';
    fed.totalSkew = (q) => (q.provinceId === 16 ? 1 : 0);
    later(15 * 60_000);
    const summary = await runIngestion(deps);
    expect(summary.federationDown).toBe(true);
    expect(summary.error).toMatch(/reconcile/);
    expect(await snapshot()).toBe(before);
    expect(await events()).toEqual([]);
    expect((await readFederationStatus(database.db))?.state).toBe('down');
  });

  it('reports a province it cannot split (a full page on one day) and applies nothing', async () => {
    fed.add(...generateCalendar({ 15: 130 }, { from: '2026-06-12', perDay: 130 }));
    const summary = await runIngestion(deps);
    expect(summary.federationDown).toBe(true);
    expect(summary.error).toMatch(/saturated/);
    expect(await storedGuids()).toEqual([]);
    expect((await readFederationStatus(database.db))?.baselineCompletedAt ?? null).toBeNull();
  });

  it('keeps the stored data when the federation is down', async () => {
    fed.add(...generateCalendar({ 15: 20 }, { from: '2026-06-12' }));
    await runIngestion(deps);
    fed.down = true;
    later(HOUR);
    const summary = await runIngestion(deps);
    expect(summary).toMatchObject({ federationDown: true });
    expect((await storedGuids()).length).toBe(20);
    expect((await readFederationStatus(database.db))?.state).toBe('down');
  });

  it('stores TPRA rows and team championships without asking their detail', async () => {
    const tpra = fakeCompetition(
      fakeRow({ n: 1, provinceId: 15, startDate: '2026-06-15', codFonte: 2, tpraId: 4242 }),
    );
    const team = fakeCompetition(
      fakeRow({
        n: 2,
        provinceId: 15,
        startDate: '2026-06-20',
        endDate: null,
        codFonte: 3,
        bands: [],
        ageCodes: [],
      }),
    );
    const fitp = fakeCompetition(
      fakeRow({
        n: 3,
        provinceId: 15,
        startDate: '2026-06-21',
        bands: ['3.1', '4.NC'],
        ageCodes: ['U14', 'NOR'],
      }),
    );
    fed.add(tpra, team, fitp);
    await runIngestion(deps);
    const rows = await database.db.select().from(competitions).orderBy(asc(competitions.startDate));
    expect(rows.map((r) => [r.guid, r.tpraId, r.endDate, r.endDateKnown])).toEqual([
      ['11111111-1111-1111-1111-000000004242', 4242, '2026-06-15', true],
      [team.row.guid, null, '2026-06-20', false],
      [fitp.row.guid, null, '2026-06-21', true],
    ]);
    expect(rows[2]).toMatchObject({
      bands: ['3.1', '4.NC'],
      ageCodes: ['U14', 'NOR'],
      drawTypes: ['Maschile'],
    });
    expect(rows[2]?.drawKeys).toEqual(expect.arrayContaining(['Maschile|3|giovanili', 'Maschile|4|open']));
    expect(fed.detailGuids).toEqual([fitp.row.guid]);
  });

  it('places a competition at its detail’s venue, not the organiser’s seat; at the seat until a venue is known', async () => {
    // Seated in Pavia, played in Brallo di Pregola (its CAP 27050 is shared with other comuni).
    const row = fakeRow({ n: 21, provinceId: 18, startDate: '2026-06-21' });
    const played = fakeCompetition(
      row,
      fakeDetail(row, [fakeTournament(`${row.guid.slice(0, 24)}T00000000021`, 21)], {
        venues: [{ address: 'Via Roma 1', cap: '27050', municipality: 'Brallo di Pregola', province: 'PV' }],
      }),
    );
    // A TPRA row has no detail: its seat, flagged as such.
    const seated = fakeCompetition(fakeRow({ n: 22, provinceId: 18, startDate: '2026-06-22', codFonte: 2 }));
    fed.add(played, seated);
    await runIngestion(deps);
    const placeOf = async (guid: string) => {
      const [stored] = await database.db
        .select({ lat: competitions.venueLat, lng: competitions.venueLng, source: competitions.venueSource })
        .from(competitions)
        .where(eq(competitions.guid, guid));
      return stored;
    };
    expect(await placeOf(played.row.guid)).toEqual({ lat: 44.7385, lng: 9.28, source: 'venue' });
    const pavia = pointOfComune('Pavia', 'PV');
    expect(await placeOf(seated.row.guid)).toEqual({ lat: pavia?.lat, lng: pavia?.lng, source: 'seat' });
    // The next list pass (the seat again) leaves the venue's point alone.
    later(6 * HOUR);
    await runIngestion(deps);
    expect(await placeOf(played.row.guid)).toEqual({ lat: 44.7385, lng: 9.28, source: 'venue' });
    // A detail whose own venues say nothing: its tournaments' venue (Milano in the fakes) places it.
    if (played.detail.kind === 'found') played.detail.detail.venues = [];
    later(6 * HOUR);
    await runIngestion(deps);
    const milano = pointOfComune('Milano', 'MI');
    expect(await placeOf(played.row.guid)).toEqual({ lat: milano?.lat, lng: milano?.lng, source: 'venue' });
  });

  it('stores per-band deadlines, entries by card with doubles pairs, and the prize', async () => {
    const row = fakeRow({ n: 7, provinceId: 15, startDate: '2026-07-01' });
    const first = new Date('2026-06-25T10:00:00Z');
    const second = new Date('2026-06-27T10:00:00Z');
    const doubles = fakeTournament('T-DOUBLES', 77, {
      isDouble: true,
      deadlines: [
        { minRank: '4.NC', maxRank: '4.1', closesAt: first, byReferee: false },
        { minRank: '3.5', maxRank: '1', closesAt: second, byReferee: false },
        { minRank: '2.8', maxRank: '1', closesAt: null, byReferee: true },
      ],
      participants: [
        fakeParticipant('0123456789', '4.1', 0),
        fakeParticipant('0987654321', '4.2', 0),
        fakeParticipant('5119882249', '4.NC', 1),
        fakeParticipant('5119882250', '4.NC', 1),
      ],
    });
    fed.add({ ...fakeCompetition(row), detail: fakeDetail(row, [doubles], { prizeMoney: 1500 }) });
    await runIngestion(deps);
    const deadlines = await database.db
      .select()
      .from(tournamentDeadlines)
      .orderBy(asc(tournamentDeadlines.ordinal));
    expect(
      deadlines.map((d) => [d.minRank, d.maxRank, d.closesAt?.toISOString() ?? null, d.byReferee]),
    ).toEqual([
      ['4.NC', '4.1', first.toISOString(), false],
      ['3.5', '1', second.toISOString(), false],
      ['2.8', '1', null, true],
    ]);
    const entries = await database.db.select().from(participants).orderBy(asc(participants.ordinal));
    expect(entries.map((p) => [p.membershipCard, p.pair])).toEqual([
      ['0123456789', 0],
      ['0987654321', 0],
      ['5119882249', 1],
      ['5119882250', 1],
    ]);
    const [stored] = await database.db.select().from(competitions);
    expect(stored).toMatchObject({ prizeMoney: 1500, registrationClosesAt: second, participantsCount: 2 });
    const [t] = await database.db.select().from(tournaments);
    expect(t).toMatchObject({
      tournamentId: 77,
      fee: 'Euro 20',
      courts: 3,
      nightPlay: true,
      surface: 'Terra rossa',
      // The best of its AvailableRankings (4.1, 4.2, 4.NC): what the card's eligibility reads.
      rankingLimit: '4.1',
      availableRankings: ['4.1', '4.2', '4.NC'],
    });
  });

  it('records deadline_changed once when a band deadline moves, though the last deadline stays', async () => {
    const row = fakeRow({ n: 8, provinceId: 15, startDate: '2026-07-01' });
    const fourth = new Date('2026-06-25T10:00:00Z');
    const last = new Date('2026-06-27T10:00:00Z');
    const bands = [
      { minRank: '4.NC', maxRank: '4.1', closesAt: fourth, byReferee: false },
      { minRank: '3.5', maxRank: '1', closesAt: last, byReferee: false },
    ];
    const t = fakeTournament('T-BANDS', 88, { deadlines: bands });
    fed.add({ ...fakeCompetition(row), detail: fakeDetail(row, [t]) });
    await runIngestion(deps);
    later(6 * HOUR);
    await runIngestion(deps); // read again, unchanged: the starting point stands
    // The fourth category closes a day later; the competition's last deadline is the same.
    const moved = new Date(fourth.getTime() + 24 * HOUR);
    t.deadlines = [
      { minRank: '4.NC', maxRank: '4.1', closesAt: moved, byReferee: false },
      { minRank: '3.5', maxRank: '1', closesAt: last, byReferee: false },
    ];
    later(6 * HOUR);
    const pass = await runIngestion(deps);
    expect(pass.events.deadline_changed).toBe(1);
    later(6 * HOUR);
    expect((await runIngestion(deps)).events.deadline_changed).toBe(0);
    // Then the better band is left to the referee: one more.
    t.deadlines = [
      { minRank: '4.NC', maxRank: '4.1', closesAt: moved, byReferee: false },
      { minRank: '3.5', maxRank: '1', closesAt: null, byReferee: true },
    ];
    later(6 * HOUR);
    expect((await runIngestion(deps)).events.deadline_changed).toBe(1);
    const recorded = (await events()).filter((e) => e.kind === 'deadline_changed');
    expect(recorded.map((e) => [e.competitionGuid, e.payload])).toEqual([
      [row.guid, expect.objectContaining({ from: last.toISOString(), to: last.toISOString() })],
      [row.guid, expect.objectContaining({ from: last.toISOString(), to: moved.toISOString() })],
    ]);
  });

  it('an unchanged detail writes nothing (checksum); a changed one is written', async () => {
    fed.add(...generateCalendar({ 15: 3 }, { from: '2026-06-20' }));
    await runIngestion(deps);
    const before = await database.db.select().from(tournaments).orderBy(asc(tournaments.uuid));
    later(6 * HOUR);
    const again = await runIngestion(deps);
    expect(again).toMatchObject({ detailsRead: 0, detailsUnchanged: 3 });
    expect(await database.db.select().from(tournaments).orderBy(asc(tournaments.uuid))).toEqual(before);
    const one = [...fed.competitions.values()][0];
    if (one?.detail.kind === 'found') one.detail.detail.prizeMoney = 800;
    later(6 * HOUR);
    const changed = await runIngestion(deps);
    expect(changed).toMatchObject({ detailsRead: 1, detailsUnchanged: 2 });
    const [stored] = await database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, one?.row.guid ?? ''));
    expect(stored?.prizeMoney).toBe(800);
  });

  it('records each new document, order of play and draw version once', async () => {
    // Playing today: orders of play and draws are read.
    const row = fakeRow({ n: 11, provinceId: 15, startDate: '2026-06-09', endDate: '2026-06-14' });
    const t = fakeTournament('T-PLAY', 111, { registrationClosesAt: new Date('2026-06-05T10:00:00Z') });
    const comp = { ...fakeCompetition(row), detail: fakeDetail(row, [t]) };
    comp.documents = ['bando.pdf'];
    fed.add(comp);
    await runIngestion(deps); // baseline: starting point
    comp.documents.push('locandina.pdf');
    comp.ordersOfPlay.push({ fileName: 'odg_20260610.pdf', date: '2026-06-10' });
    comp.draws.set('111:S1', {
      tournamentId: 111,
      sectionCode: 'S1',
      matches: [fakeMatch(1, 'ROSSI MARIO', 'BIANCHI LUCA')],
    });
    later(6 * HOUR);
    const second = await runIngestion(deps);
    expect(second.events).toMatchObject({ new_document: 1, new_order_of_play: 1, new_scoreboard: 1 });
    later(6 * HOUR);
    const third = await runIngestion(deps);
    expect(third.events).toMatchObject({ new_document: 0, new_order_of_play: 0, new_scoreboard: 0 });
    expect(third.drawsRead).toBeGreaterThan(0);
    // A score is played: the draw's checksum changes, one more event.
    comp.draws.set('111:S1', {
      tournamentId: 111,
      sectionCode: 'S1',
      matches: [fakeMatch(1, 'ROSSI MARIO', 'BIANCHI LUCA', '63 61')],
    });
    later(HOUR);
    const fourth = await runIngestion(deps);
    expect(fourth.events.new_scoreboard).toBe(1);
    const recorded = await events();
    expect(recorded.map((e) => [e.kind, e.itemKey])).toEqual([
      ['new_document', 'locandina.pdf'],
      ['new_order_of_play', 'odg_20260610.pdf'],
      ['new_scoreboard', '111:S1'],
      ['new_scoreboard', '111:S1'],
    ]);
    const items = await database.db.select().from(tournamentItems).orderBy(asc(tournamentItems.itemKey));
    expect(items.map((i) => [i.kind, i.itemKey, i.tournamentUuid, i.playDate])).toEqual([
      ['draw', '111:S1', 'T-PLAY', null],
      ['document', 'bando.pdf', null, null],
      ['document', 'locandina.pdf', null, null],
      ['order_of_play', 'odg_20260610.pdf', null, '2026-06-10'],
    ]);
    const [draw] = await database.db.select().from(draws);
    expect(draw?.matches).toHaveLength(1);
  });

  it('reads details by priority: none again within the interval, the next pass after it', async () => {
    fed.add(...generateCalendar({ 15: 5 }, { from: '2026-06-20' }));
    // Far away: daily.
    fed.add(fakeCompetition(fakeRow({ n: 900, provinceId: 16, startDate: '2026-12-01' })));
    await runIngestion(deps);
    expect(fed.calls.competitionDetail).toBe(6);
    fed.resetCalls();
    later(HOUR);
    await runIngestion(deps);
    expect(fed.calls.competitionDetail).toBe(0);
    later(5 * HOUR);
    await runIngestion(deps);
    expect(fed.calls.competitionDetail).toBe(5);
    fed.resetCalls();
    later(19 * HOUR);
    const daily = await runIngestion(deps);
    expect(daily.sweep).toBe('full');
    expect(fed.detailGuids).toContain([...fed.competitions.values()].at(-1)?.row.guid);
  });

  it('sweeps the next 60 days at every pass and the rest of the calendar daily', async () => {
    // Milano over 100 rows from today on: walked; the near sweep stops past today + 60 days.
    fed.add(...generateCalendar({ 15: 240 }, { from: '2026-06-11', perDay: 2 }));
    await runIngestion(deps);
    const near = fakeCompetition(fakeRow({ n: 7001, provinceId: 15, startDate: '2026-07-01' }));
    const far = fakeCompetition(fakeRow({ n: 7002, provinceId: 15, startDate: '2026-12-20' }));
    fed.add(near, far);
    later(HOUR);
    const second = await runIngestion(deps);
    expect(second).toMatchObject({ sweep: 'near', added: 1, federationDown: false });
    expect(await storedGuids()).toContain(near.row.guid);
    expect(await storedGuids()).not.toContain(far.row.guid);
    later(23 * HOUR);
    const daily = await runIngestion(deps);
    expect(daily).toMatchObject({ sweep: 'full', added: 1 });
    expect(await storedGuids()).toContain(far.row.guid);
  }, 60_000);

  it('reads a detail hourly in the 24 hours before one of its band deadlines', async () => {
    const row = fakeRow({ n: 31, provinceId: 15, startDate: '2026-06-20' });
    const closing = fakeTournament('T-CLOSING', 31, {
      deadlines: [
        { minRank: '4.NC', maxRank: '1', closesAt: new Date(START.getTime() + 20 * HOUR), byReferee: false },
      ],
    });
    fed.add({ ...fakeCompetition(row), detail: fakeDetail(row, [closing]) });
    await runIngestion(deps);
    fed.resetCalls();
    later(HOUR);
    await runIngestion(deps);
    expect(fed.detailGuids).toEqual([row.guid]);
  });

  it('goes on past one failing competition', async () => {
    const calendar = generateCalendar({ 15: 4 }, { from: '2026-06-20' });
    fed.add(...calendar);
    const failing = calendar[1]?.row.guid ?? '';
    fed.failingDetails.add(failing);
    const summary = await runIngestion(deps);
    expect(summary).toMatchObject({ detailsRead: 3, detailsFailed: 1, federationDown: false });
    const read = await database.db.select({ guid: tournaments.competitionGuid }).from(tournaments);
    expect(read.map((r) => r.guid).sort()).toEqual(
      calendar
        .map((c) => c.row.guid)
        .filter((g) => g !== failing)
        .sort(),
    );
    // Its detail is due again at the next pass.
    fed.failingDetails.clear();
    fed.resetCalls();
    later(15 * 60_000);
    await runIngestion(deps);
    expect(fed.detailGuids).toEqual([failing]);
  });
});
