import { distanceKm, type Home } from '@radar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitpCards, type User } from '../../../src/db/schema';
import { placeOfPostalCode, pointOfComune } from '../../../src/modules/places/places';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { followOk, insertCompetition, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('GET /api/home', () => {
  let t: TestApp;
  // Monday 30 November 2026, 00:30 in Rome (UTC+1) — still Sunday the 29th in UTC.
  let clock = new Date('2026-11-29T23:30:00Z');
  let user: User;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    user = await createUser(t.database.db, { username: 'mario_rossi', fitpCardNumber: '123456789' });
    cookie = await signIn(t.database.db, user);
  });
  afterAll(() => t.close());

  const home = async (query = '', language = 'it') => {
    const response = await call(t.app, 'GET', `/api/home${query}`, { cookie, language });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 401 to a visitor', async () => {
    const response = await call(t.app, 'GET', '/api/home');
    expect(response.statusCode).toBe(401);
  });

  it('builds the Rome week (Monday to Sunday) with followed tournaments on their days and deadlines on theirs', async () => {
    const client = subscriptionsClient(t.app, cookie);
    // Played Sunday 29 November to Tuesday 1 December: on Monday and Tuesday of this week only.
    const spanning = await insertCompetition(t.database.db, {
      name: 'Torneo a cavallo',
      city: 'Roma',
      provinceSigla: 'RM',
      startDate: '2026-11-29',
      endDate: '2026-12-01',
    });
    // Registration closes at 00:30 of Friday 4 December in Rome (23:30 UTC of the 3rd).
    const later = await insertCompetition(t.database.db, {
      name: 'Open di Tivoli',
      city: 'Tivoli',
      provinceSigla: 'RM',
      provinceId: 58,
      regionId: 12,
      startDate: '2026-12-12',
      endDate: '2026-12-20',
      registrationOpensAt: new Date('2026-11-01T08:00:00Z'),
      registrationClosesAt: new Date('2026-12-03T23:30:00Z'),
    });
    // Next week: outside this week's calendar.
    const nextWeek = await insertCompetition(t.database.db, {
      name: 'Torneo della settimana dopo',
      startDate: '2026-12-07',
      endDate: '2026-12-08',
    });
    await followOk(client, spanning.guid, spanning.uuid);
    await followOk(client, later.guid, later.uuid);
    await followOk(client, nextWeek.guid, nextWeek.uuid);

    const { status, body } = await home();
    expect(status).toBe(200);
    const week = (body as Home).week;
    expect(week).toMatchObject({ from: '2026-11-30', to: '2026-12-06', today: '2026-11-30' });
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    const names = (i: number) => week.days[i]?.tournaments.map((x) => x.name);
    expect(names(0)).toEqual(['Torneo a cavallo']);
    expect(names(1)).toEqual(['Torneo a cavallo']);
    expect(names(2)).toEqual([]);
    expect(week.days[3]?.deadlines).toEqual([]);
    expect(week.days[4]?.deadlines).toMatchObject([
      { name: 'Open di Tivoli', closesAt: '2026-12-03T23:30:00.000Z' },
    ]);
    expect(week.days.flatMap((d) => d.tournaments.map((x) => x.name))).not.toContain(
      'Torneo della settimana dopo',
    );

    // Current: the one being played; next: the one that starts soonest, with its province's name.
    expect(body.current).toMatchObject({ name: 'Torneo a cavallo', state: 'active', status: 2 });
    expect(body.next).toMatchObject({
      name: 'Torneo della settimana dopo',
      startDate: '2026-12-07',
    });
    expect(body.myTournaments.count).toBe(3);
    expect(body.myTournaments.items.map((i: { name: string }) => i.name)).toEqual([
      'Torneo a cavallo',
      'Torneo della settimana dopo',
      'Open di Tivoli',
    ]);
    expect(body.greetingName).toBe('mario_rossi');
  });

  it('tells the next tournament its deadline, start, city and province; and a finished one as completed', async () => {
    const u = await createUser(t.database.db);
    const c = await signIn(t.database.db, u);
    const client = subscriptionsClient(t.app, c);
    const done = await insertCompetition(t.database.db, {
      name: 'Appena finito',
      startDate: '2026-11-20',
      endDate: '2026-11-27',
    });
    const next = await insertCompetition(t.database.db, {
      name: 'Prossimo a Lecce',
      city: 'Lecce',
      provinceSigla: 'LE',
      startDate: '2026-12-15',
      endDate: '2026-12-20',
      registrationOpensAt: new Date('2026-11-01T08:00:00Z'),
      registrationClosesAt: new Date('2026-12-12T11:00:00Z'),
    });
    await followOk(client, done.guid, done.uuid);
    await followOk(client, next.guid, next.uuid);
    const response = await call(t.app, 'GET', '/api/home', { cookie: c });
    const body = response.json() as Home;
    expect(body.current).toMatchObject({ name: 'Appena finito', state: 'completed', status: 1 });
    expect(body.next).toMatchObject({
      name: 'Prossimo a Lecce',
      city: 'Lecce',
      provinceSigla: 'LE',
      provinceName: 'Lecce',
      startDate: '2026-12-15',
      registrationClosesAt: '2026-12-12T11:00:00.000Z',
      status: 3,
    });
    // Nothing near without a postal code; a user without a card is not connected.
    expect(body.nearYou).toEqual({ place: null, items: [] });
    expect(body.federation).toEqual({ connected: false, cardNumber: null, ranking: null });
  });

  it('lists tournaments near a postal code: by distance, then same province, then same region', async () => {
    const db = t.database.db;
    const lazio = { regionId: 12, startDate: '2027-01-10', endDate: '2027-01-12' };
    await insertCompetition(db, {
      ...lazio,
      name: 'Trofeo Frascati',
      city: 'Frascati',
      provinceSigla: 'RM',
      provinceId: 58,
    });
    await insertCompetition(db, {
      ...lazio,
      name: 'Torneo Roma centro',
      city: 'ROMA',
      provinceSigla: 'RM',
      provinceId: 58,
    });
    await insertCompetition(db, {
      ...lazio,
      name: 'Torneo Borgata',
      city: 'Borgata Inesistente',
      provinceSigla: 'RM',
      provinceId: 58,
    });
    await insertCompetition(db, {
      ...lazio,
      name: 'Torneo Pontino',
      city: 'Località Ignota',
      provinceSigla: 'LT',
      provinceId: 59,
    });
    await insertCompetition(db, {
      regionId: 3,
      startDate: '2027-01-10',
      endDate: '2027-01-12',
      name: 'Open Milano',
      city: 'Milano',
      provinceSigla: 'MI',
      provinceId: 15,
    });
    // Already being played: not "open or upcoming".
    await insertCompetition(db, {
      regionId: 12,
      startDate: '2026-11-28',
      endDate: '2026-12-02',
      name: 'In corso a Roma',
      city: 'Roma',
      provinceSigla: 'RM',
      provinceId: 58,
    });

    const { status, body } = await home('?postal=00184');
    expect(status).toBe(200);
    expect(body.nearYou.place).toEqual({
      postalCode: '00184',
      comune: 'Roma',
      provinceSigla: 'RM',
      provinceName: 'Roma',
      regionId: 12,
      regionName: 'Lazio',
    });
    const items = body.nearYou.items as Home['nearYou']['items'];
    expect(items.map((i) => [i.name, i.rule])).toEqual([
      ['Torneo Roma centro', 'distance'],
      ['Trofeo Frascati', 'distance'],
      ['Open di Tivoli', 'distance'],
      ['Torneo Borgata', 'province'],
      ['Torneo Pontino', 'region'],
    ]);
    const km = items.map((i) => i.distanceKm);
    expect(km[0]).toBeLessThan(10);
    expect(km[1]).toBeGreaterThan(10);
    expect(km[1]).toBeLessThan(30);
    expect(km[3]).toBeNull();

    // The browser position near the Colosseum gives the same place's comune.
    const byPosition = await home('?lat=41.89&lng=12.49');
    expect(byPosition.body.nearYou.place).toMatchObject({ comune: 'Roma', provinceSigla: 'RM' });
    expect(byPosition.body.nearYou.items[0].name).toBe('Torneo Roma centro');

    // A Milan postal code finds the Milan tournament, not the Roman ones.
    const milan = await home('?postal=20121');
    expect(milan.body.nearYou.items.map((i: { name: string }) => i.name)).toEqual(['Open Milano']);
  });

  /** A competition seated where `seat` says, played in a comune (its detail's venue); its venue's point. */
  async function insertPlayedIn(
    comune: string,
    sigla: string,
    seat: Parameters<typeof insertCompetition>[1],
  ): Promise<{ lat: number; lng: number }> {
    const venue = pointOfComune(comune, sigla);
    if (!venue) throw new Error(`${comune} is in the dataset`);
    await insertCompetition(t.database.db, {
      ...seat,
      venueLat: venue.lat,
      venueLng: venue.lng,
      venueSource: 'venue',
    });
    return venue;
  }

  it('measures from where a tournament is played, not from the organiser’s seat', async () => {
    // Seated in Roma, played in Anzio.
    const anzio = await insertPlayedIn('Anzio', 'RM', {
      regionId: 12,
      startDate: '2027-02-10',
      endDate: '2027-02-12',
      name: 'Open sul mare',
      city: 'Roma',
      provinceSigla: 'RM',
      provinceId: 58,
    });
    const { body } = await home('?postal=00184');
    const item = (body.nearYou.items as Home['nearYou']['items']).find((i) => i.name === 'Open sul mare');
    const centre = placeOfPostalCode('00184')?.point;
    if (!centre) throw new Error('00184 is in the dataset');
    expect(item?.distanceKm).toBe(Math.round(distanceKm(centre, anzio) * 10) / 10);
    expect(item?.distanceKm).toBeGreaterThan(40);
  });

  it('finds a tournament played near the place whose organiser sits in a far region', async () => {
    // Seated in Milano, played in Frascati.
    await insertPlayedIn('Frascati', 'RM', {
      regionId: 3,
      startDate: '2027-02-14',
      endDate: '2027-02-16',
      name: 'Open dei Castelli',
      city: 'Milano',
      provinceSigla: 'MI',
      provinceId: 15,
    });
    const { body } = await home('?postal=00184');
    const item = (body.nearYou.items as Home['nearYou']['items']).find((i) => i.name === 'Open dei Castelli');
    expect(item).toMatchObject({ rule: 'distance' });
    expect(item?.distanceKm).toBeLessThan(30);
    // And not near Milan, where the organiser sits: it is played 480 km away.
    const milan = await home('?postal=20121');
    expect(milan.body.nearYou.items.map((i: { name: string }) => i.name)).not.toContain('Open dei Castelli');
  });

  it('answers an unknown postal code with a clear error in the user language, and a malformed one as invalid', async () => {
    const unknown = await home('?postal=99999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'POSTAL_CODE_UNKNOWN',
      message: 'Non conosciamo questo CAP: controllalo e riprova.',
    });
    const englishUser = await createUser(t.database.db, { language: 'en' });
    const en = await call(t.app, 'GET', '/api/home?postal=99999', {
      cookie: await signIn(t.database.db, englishUser),
    });
    expect(en.json().message).toBe("We don't know this postal code: check it and try again.");
    const malformed = await home('?postal=12ab');
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.fields.postal).toEqual(['Inserisci un CAP di 5 cifre']);
  });

  it("shows the connected FITP card with the player's ranking, and greets the player by first name", async () => {
    await t.database.db.insert(fitpCards).values({
      userId: user.id,
      cardNumber: '123456789',
      name: 'Mario',
      surname: 'Rossi',
      ranking: '4.2',
      fetchedAt: clock,
      connectedAt: clock,
    });
    try {
      const { body } = await home();
      expect(body.federation).toEqual({ connected: true, cardNumber: '123456789', ranking: '4.2' });
      expect(body.greetingName).toBe('Mario');
    } finally {
      await t.database.db.delete(fitpCards).where(eq(fitpCards.userId, user.id));
    }
  });

  it('counts active filters and shows the first ones by name', async () => {
    for (const [name, on] of [
      ['Zeta', true],
      ['alfa', true],
      ['Spento', false],
    ] as const) {
      const created = await call(t.app, 'POST', '/api/filters', {
        cookie,
        body: { name, notificationsEnabled: on },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const { body } = await home();
    expect(body.activeFilters.count).toBe(2);
    expect(body.activeFilters.total).toBe(3);
    expect(body.activeFilters.items.map((f: { name: string }) => f.name)).toEqual(['alfa', 'Zeta']);
  });

  it('moves to the next week at Monday 00:00 Rome time', async () => {
    clock = new Date('2026-12-06T22:59:59Z'); // Sunday 6 December, 23:59:59 in Rome
    expect((await home()).body.week.from).toBe('2026-11-30');
    clock = new Date('2026-12-06T23:00:00Z'); // Monday 7 December, 00:00 in Rome
    const { body } = await home();
    expect(body.week).toMatchObject({ from: '2026-12-07', to: '2026-12-13' });
    expect(body.week.days[0].tournaments.map((x: { name: string }) => x.name)).toEqual([
      'Torneo della settimana dopo',
    ]);
    clock = new Date('2026-11-29T23:30:00Z');
  });
});
