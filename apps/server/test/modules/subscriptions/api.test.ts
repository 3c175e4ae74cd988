import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, participants, subscriptions, type User } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { followOk, insertCompetition, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('subscriptions API', () => {
  let t: TestApp;
  const clock = new Date('2026-06-10T08:00:00Z');
  let alice: User;
  let bob: User;
  let a: ReturnType<typeof subscriptionsClient>;
  let b: ReturnType<typeof subscriptionsClient>;
  let en: ReturnType<typeof subscriptionsClient>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    alice = await createUser(t.database.db);
    bob = await createUser(t.database.db);
    const carol = await createUser(t.database.db, { language: 'en' });
    a = subscriptionsClient(t.app, await signIn(t.database.db, alice));
    b = subscriptionsClient(t.app, await signIn(t.database.db, bob));
    en = subscriptionsClient(t.app, await signIn(t.database.db, carol));
  });
  afterAll(() => t.close());

  const upcoming = () =>
    insertCompetition(t.database.db, {
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      registrationOpensAt: new Date('2026-06-20T08:00:00Z'),
      registrationClosesAt: new Date('2026-07-08T10:00:00Z'),
    });

  it('answers 401 to a visitor on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, object?][] = [
      ['GET', '/api/subscriptions/my-tournaments'],
      ['GET', '/api/subscriptions/check_subscriptions'],
      ['POST', '/api/subscriptions/tournaments/subscribe', { competitionGuid: id, tournamentUuid: id }],
      ['DELETE', `/api/subscriptions/tournaments/unsubscribe/${id}`],
      ['PATCH', `/api/subscriptions/tournaments/subscribe/${id}/notifications`, { enabled: true }],
      ['PATCH', `/api/subscriptions/tournaments/subscribe/${id}/lost`, { lost: true }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await t.app.inject({ method: method as 'GET', url, ...(payload && { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('follows a tournament (any case of the ids), lists it, and refuses a second follow in it and en', async () => {
    const { guid, uuid } = await upcoming();
    const created = await a.follow(guid.toLowerCase(), uuid.toLowerCase());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      competitionGuid: guid,
      tournamentUuid: uuid,
      notificationsEnabled: true,
      lost: false,
      createdAt: clock.toISOString(),
    });
    expect((await a.check()).body.items).toContainEqual(created.body);

    const again = await a.follow(guid, uuid);
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_SUBSCRIBED', message: 'Sei già iscritto a questo torneo', status: 409 },
    });
    await en.follow(guid, uuid);
    expect(await en.follow(guid, uuid)).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_SUBSCRIBED', message: 'You are already subscribed to this tournament' },
    });
    // Another user follows the same tournament independently.
    expect((await b.follow(guid, uuid)).status).toBe(201);
  });

  it('creates one follow when two requests race (the unique index decides)', async () => {
    const { guid, uuid } = await upcoming();
    const answers = await Promise.all([a.follow(guid, uuid), a.follow(guid, uuid), a.follow(guid, uuid)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.tournamentUuid, uuid));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 TOURNAMENT_NOT_FOUND for a tournament not in that competition, and 400 for malformed ids', async () => {
    const first = await upcoming();
    const second = await upcoming();
    expect(await a.follow(first.guid, second.uuid)).toMatchObject({
      status: 404,
      body: { code: 'TOURNAMENT_NOT_FOUND', message: 'Torneo non trovato.' },
    });
    expect(await en.follow('00000000-0000-4000-8000-000000000000', first.uuid)).toMatchObject({
      status: 404,
      body: { code: 'TOURNAMENT_NOT_FOUND', message: 'Tournament not found.' },
    });
    expect((await a.follow('nope', first.uuid)).status).toBe(400);
    expect((await a.follow(first.guid, 'nope')).status).toBe(400);
  });

  it('unfollows with 204, then answers NOT_SUBSCRIBED in it and en', async () => {
    const { guid, uuid } = await upcoming();
    const id = await followOk(a, guid, uuid);
    expect(await a.unfollow(id)).toEqual({ status: 204, body: null });
    expect((await a.check()).body.items.map((s: { id: string }) => s.id)).not.toContain(id);
    expect(await a.unfollow(id)).toMatchObject({
      status: 404,
      body: { code: 'NOT_SUBSCRIBED', message: 'Non segui questo torneo.' },
    });
    expect(await en.unfollow(id)).toMatchObject({
      status: 404,
      body: { code: 'NOT_SUBSCRIBED', message: 'You are not following this tournament.' },
    });
    expect((await a.unfollow('not-a-uuid')).status).toBe(400);
    // Following again after unfollowing works.
    expect((await a.follow(guid, uuid)).status).toBe(201);
  });

  it('never lets another user read, change or delete a follow, and never reveals that it exists', async () => {
    const { guid, uuid } = await upcoming();
    const id = await followOk(a, guid, uuid);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const target of [id, missing]) {
      for (const answer of [
        await b.unfollow(target),
        await b.notifications(target, false),
        await b.lost(target, true),
      ]) {
        expect(answer).toMatchObject({
          status: 404,
          body: { code: 'NOT_SUBSCRIBED', message: 'Non segui questo torneo.' },
        });
      }
    }
    expect((await b.check()).body.items.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await b.myTournaments()).body.items.map((s: { id: string }) => s.id)).not.toContain(id);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ userId: alice.id, notificationsEnabled: true, lost: false });
  });

  it('turns notifications off and on', async () => {
    const { guid, uuid } = await upcoming();
    const id = await followOk(a, guid, uuid);
    expect(await a.notifications(id, false)).toMatchObject({
      status: 200,
      body: { id, notificationsEnabled: false },
    });
    expect(await a.notifications(id, false)).toMatchObject({
      status: 200,
      body: { notificationsEnabled: false },
    });
    expect(await a.notifications(id, true)).toMatchObject({
      status: 200,
      body: { notificationsEnabled: true },
    });
    expect((await a.notifications(id, 'yes' as never)).status).toBe(400);
  });

  it('marking lost turns notifications off, and unmarking restores the previous setting (on or off)', async () => {
    const { guid, uuid } = await upcoming();
    const id = await followOk(a, guid, uuid);

    expect((await a.lost(id, true)).body).toMatchObject({ lost: true, notificationsEnabled: false });
    expect((await a.lost(id, true)).body).toMatchObject({ lost: true, notificationsEnabled: false }); // idempotent
    expect((await a.lost(id, false)).body).toMatchObject({ lost: false, notificationsEnabled: true });
    expect((await a.lost(id, false)).body).toMatchObject({ lost: false, notificationsEnabled: true }); // idempotent

    await a.notifications(id, false);
    expect((await a.lost(id, true)).body).toMatchObject({ lost: true, notificationsEnabled: false });
    expect((await a.lost(id, false)).body).toMatchObject({ lost: false, notificationsEnabled: false });
  });

  it('keeps notifications off while lost: turning them on sets what unmarking restores', async () => {
    const { guid, uuid } = await upcoming();
    const id = await followOk(a, guid, uuid);
    await a.notifications(id, false);
    await a.lost(id, true);
    expect((await a.notifications(id, true)).body).toMatchObject({ lost: true, notificationsEnabled: false });
    expect((await a.lost(id, false)).body).toMatchObject({ lost: false, notificationsEnabled: true });

    await a.lost(id, true);
    expect((await a.notifications(id, false)).body).toMatchObject({
      lost: true,
      notificationsEnabled: false,
    });
    expect((await a.lost(id, false)).body).toMatchObject({ lost: false, notificationsEnabled: false });
  });

  it('shows the follow on the competition answers (subscriptionId, followed, lost, notificationsEnabled)', async () => {
    const { guid, uuid } = await upcoming();
    const id = await followOk(a, guid, uuid);
    await a.lost(id, true);
    const response = await t.app.inject({
      url: `/api/competitions/${guid}`,
      headers: { cookie: await signIn(t.database.db, alice) },
    });
    // Without a federation the stored detail answers (200, or 207 when flagged degraded).
    const competition = response.json().competition ?? response.json().data?.competition;
    const tournament = competition.tournaments.find((x: { uuid: string }) => x.uuid === uuid);
    expect(tournament).toMatchObject({
      followed: true,
      subscriptionId: id,
      lost: true,
      notificationsEnabled: false,
    });
  });
});

describe('My tournaments', () => {
  let t: TestApp;
  let clock = new Date('2026-06-01T08:00:00Z');
  let client: ReturnType<typeof subscriptionsClient>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const user = await createUser(t.database.db);
    client = subscriptionsClient(t.app, await signIn(t.database.db, user));
  });
  afterAll(() => t.close());

  type Item = {
    id: string;
    section: string;
    competition: { name: string; status: number } | null;
    tournament: unknown;
    tournamentUuid: string;
    myEntry: unknown;
  };
  const sections = async () => {
    const { status, body } = await client.myTournaments();
    expect(status).toBe(200);
    return (body.items as Item[]).map((item) => [item.competition?.name ?? null, item.section]);
  };

  it('puts each followed tournament in its section at each instant, lost ones apart, in a stable order', async () => {
    const db = t.database.db;
    // Registration 10-20 June (Rome), play 25-28 June.
    const window = {
      registrationOpensAt: new Date('2026-06-10T08:00:00Z'),
      registrationClosesAt: new Date('2026-06-20T10:00:00Z'),
      startDate: '2026-06-25',
      endDate: '2026-06-28',
    };
    const main = await insertCompetition(db, { name: 'A Main', ...window });
    const sooner = await insertCompetition(db, {
      name: 'B Sooner',
      ...window,
      registrationClosesAt: new Date('2026-06-18T10:00:00Z'),
      startDate: '2026-06-23',
      endDate: '2026-06-26',
    });
    const old = await insertCompetition(db, {
      name: 'C Old',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
    });
    const older = await insertCompetition(db, {
      name: 'D Older',
      startDate: '2026-04-01',
      endDate: '2026-04-03',
    });
    const lostOne = await insertCompetition(db, { name: 'E Lost', ...window });
    for (const c of [main, sooner, old, older, lostOne]) await followOk(client, c.guid, c.uuid);
    const lostId = (await client.check()).body.items.find(
      (s: { tournamentUuid: string }) => s.tournamentUuid === lostOne.uuid,
    ).id;
    await client.lost(lostId, true);

    // 1 June: before registration opens.
    expect(await sections()).toEqual([
      ['B Sooner', 'upcoming'],
      ['A Main', 'upcoming'],
      ['C Old', 'concluded'],
      ['D Older', 'concluded'],
      ['E Lost', 'lost'],
    ]);
    // 15 June: registration open; the sooner deadline first.
    clock = new Date('2026-06-15T08:00:00Z');
    expect(await sections()).toEqual([
      ['B Sooner', 'open_registration'],
      ['A Main', 'open_registration'],
      ['C Old', 'concluded'],
      ['D Older', 'concluded'],
      ['E Lost', 'lost'],
    ]);
    // 19 June: B's registration closed, A's still open.
    clock = new Date('2026-06-19T08:00:00Z');
    expect(await sections()).toEqual([
      ['A Main', 'open_registration'],
      ['B Sooner', 'upcoming'],
      ['C Old', 'concluded'],
      ['D Older', 'concluded'],
      ['E Lost', 'lost'],
    ]);
    // 24 June 23:30 Rome (21:30Z): B started on the 23rd, A starts tomorrow.
    clock = new Date('2026-06-24T21:30:00Z');
    expect(await sections()).toEqual([
      ['A Main', 'upcoming'],
      ['B Sooner', 'ongoing'],
      ['C Old', 'concluded'],
      ['D Older', 'concluded'],
      ['E Lost', 'lost'],
    ]);
    // 25 June 00:30 Rome (24 June 22:30Z): A's first day in Rome.
    clock = new Date('2026-06-24T22:30:00Z');
    expect(await sections()).toEqual([
      ['B Sooner', 'ongoing'],
      ['A Main', 'ongoing'],
      ['C Old', 'concluded'],
      ['D Older', 'concluded'],
      ['E Lost', 'lost'],
    ]);
    // July: everything concluded, most recent first; unmarking lost returns E to its section.
    clock = new Date('2026-07-01T08:00:00Z');
    await client.lost(lostId, false);
    expect(await sections()).toEqual([
      ['A Main', 'concluded'],
      ['E Lost', 'concluded'],
      ['B Sooner', 'concluded'],
      ['C Old', 'concluded'],
      ['D Older', 'concluded'],
    ]);
    const { body } = await client.myTournaments();
    expect(body.items[0]).toMatchObject({
      section: 'concluded',
      competition: {
        name: 'A Main',
        status: 1,
        startDate: '2026-06-25',
        endDate: '2026-06-28',
        registrationClosesAt: '2026-06-20T10:00:00.000Z',
      },
      tournament: { description: 'Singolare maschile 4a categoria', categoryClass: 4, participantsCount: 0 },
    });
  });

  it('keeps a follow whose competition our data no longer holds, with null competition and tournament', async () => {
    const gone = await insertCompetition(t.database.db, {
      name: 'Z Gone',
      startDate: '2026-08-01',
      endDate: '2026-08-02',
    });
    const id = await followOk(client, gone.guid, gone.uuid);
    await t.database.db.delete(competitions).where(eq(competitions.guid, gone.guid));
    const { body } = await client.myTournaments();
    const item = body.items.find((i: Item) => i.id === id);
    expect(item).toMatchObject({
      section: 'concluded',
      competition: null,
      tournament: null,
      tournamentUuid: gone.uuid,
    });
    await client.lost(id, true);
    const after = (await client.myTournaments()).body.items.find((i: Item) => i.id === id);
    expect(after).toMatchObject({ section: 'lost', competition: null });
  });

  it('says where the user’s card stands in each followed tournament: position out of the entries and the cut line', async () => {
    const card = '123456';
    const player = await createUser(t.database.db, { fitpCardNumber: card });
    const mine = subscriptionsClient(t.app, await signIn(t.database.db, player));
    const upcoming = () =>
      insertCompetition(t.database.db, { startDate: '2026-07-10', endDate: '2026-07-12' });
    const { guid, uuid } = await upcoming();
    const reserves = await insertCompetition(
      t.database.db,
      { startDate: '2026-07-11', endDate: '2026-07-12' },
      { maxParticipants: 1, admissionType: 'classifica' },
    );
    const notEntered = await upcoming();
    // By ranking: 3.1 first, then the card (4.1), then 4.3; the second draw has room for 1.
    const entries = (tournamentUuid: string) =>
      [
        ['ROSSI', '3.1', '900001'],
        ['BIANCHI', '4.3', '900002'],
        ['VERDI', '4.1', ' 123.456 '],
      ].map(([surname, ranking, membershipCard], ordinal) => ({
        tournamentUuid,
        ordinal,
        name: 'MARIO',
        surname: surname as string,
        ranking: ranking as string,
        membershipCard: membershipCard as string,
      }));
    await t.database.db.insert(participants).values([...entries(uuid), ...entries(reserves.uuid)]);
    for (const [g, u] of [
      [guid, uuid],
      [reserves.guid, reserves.uuid],
      [notEntered.guid, notEntered.uuid],
    ] as const) {
      await followOk(mine, g, u);
    }
    const { body } = await mine.myTournaments();
    const entryOf = (tournamentUuid: string) =>
      body.items.find((i: Item) => i.tournamentUuid === tournamentUuid)?.myEntry;
    // No draw size known: a position alone.
    expect(entryOf(uuid)).toEqual({ position: 2, total: 3, cutLine: 'unknown', reservePosition: null });
    expect(entryOf(reserves.uuid)).toEqual({ position: 2, total: 3, cutLine: 'reserve', reservePosition: 1 });
    expect(entryOf(notEntered.uuid)).toBeNull();
    // A user without a card is in no entry list.
    const { body: others } = await client.myTournaments();
    expect(others.items.every((i: Item) => i.myEntry === null)).toBe(true);
  });
});
