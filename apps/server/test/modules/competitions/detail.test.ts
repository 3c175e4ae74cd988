import type { CompetitionDetail } from '@radar/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { competitionEvents, competitions, subscriptions } from '../../../src/db/schema';
import { declareJob } from '../../../src/jobs/definition';
import { LIVE_UPDATES_QUEUE, liveUpdatesJob } from '../../../src/jobs/subscriptions';
import { CADENCE } from '../../../src/modules/ingestion/cadence';
import { runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import {
  createFederationTestApp,
  type FederationTestApp,
  useFederationTestApp,
} from '../../helpers/competitions';
import { storeCompetition } from '../../helpers/detail-factories';
import { createUser, signIn } from '../../helpers/factories';

describe('GET /api/competitions/:guid', () => {
  let ctx: FederationTestApp;

  beforeAll(async () => {
    // Every test scripts its own competitions: a small generated calendar is enough.
    ctx = await createFederationTestApp({
      user: { fitpCardNumber: '700000001' },
      simulator: { competitions: 100 },
      withQueue: true,
    });
    // The queue a visit asks (no worker here: the test reads the jobs asked for).
    await declareJob(queue(), { ...liveUpdatesJob, cron: undefined }, null);
  });
  afterEach(() => ctx.sim.script.clearFaults());
  afterAll(() => ctx.close());

  const get = async (guid: string, cookie = ctx.cookie) => {
    const response = await ctx.test.app.inject({ url: `/api/competitions/${guid}`, headers: { cookie } });
    return { status: response.statusCode, body: response.json() };
  };
  const detailOf = async (guid: string, cookie = ctx.cookie): Promise<CompetitionDetail> => {
    const { status, body } = await get(guid, cookie);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.competition;
  };
  const queue = () => ctx.test.queue as NonNullable<typeof ctx.test.queue>;
  const liveUpdatesAsked = async () => (await queue().findJobs(LIVE_UPDATES_QUEUE)).length;
  /** Long enough for the stored detail to be read again from the federation. */
  const aMinuteLater = () => ctx.sim.clock.advance({ minutes: 2 });

  it('answers 401 to a visitor, 400 to a malformed guid and 404 to an unknown competition', async () => {
    const guid = ctx.sim.script.addCompetition({}).guid;
    expect((await ctx.test.app.inject({ url: `/api/competitions/${guid}` })).statusCode).toBe(401);
    expect((await get('not-a-guid')).status).toBe(400);
    const unknown = await get('00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'TOURNAMENT_NOT_FOUND' } });
  });

  it('gives every section of the detail: dates, draws with their settings, participants, items, prize and links', async () => {
    // The draw's settings the real detail carries (gender, eligible bands, balls), given to the
    // federation and expected back as they are.
    const draw = {
      type: 'Maschile',
      categoryClass: 3,
      balls: 'Dunlop Fort Clay Court',
      rankingLimit: '3.1',
    } as const;
    const added = ctx.sim.script.addCompetition({
      name: 'Open del Lago',
      province: 'CO',
      startDate: '2026-06-12',
      endDate: '2026-06-14',
      prizeMoney: 2500,
      tournaments: [draw],
    });
    const uid = added.tournamentUids[0] ?? '';
    ctx.sim.script.addEntry({ tournamentUid: uid, ranking: '3.4', name: 'Luca', surname: 'Neri' });
    ctx.sim.script.addEntry({ tournamentUid: uid, ranking: '3.3', name: 'Paolo', surname: 'Rossi' });
    ctx.sim.script.addDocument({ tournamentUid: uid, title: 'Locandina' });
    const oop = ctx.sim.script.addOrderOfPlay({ tournamentUid: uid, date: '2026-06-12' });
    await runIngestion(ctx.ingestion);

    const detail = await detailOf(added.guid.toLowerCase());
    expect(detail).toMatchObject({
      guid: added.guid,
      name: 'Open del Lago',
      provinceSigla: 'CO',
      regionId: 3,
      startDate: '2026-06-12',
      endDate: '2026-06-14',
      // Open registration: the stored deadline is still ahead (the real list gives no opening).
      status: 3,
      prizeMoney: 2500,
      hasCard: true,
      // The federation has no rules or external links (contract §2): rules are a file list.
      rulesUrl: null,
      externalUrl: null,
    });
    const [t] = detail.tournaments;
    expect(t).toMatchObject({
      uuid: uid,
      ...draw,
      // The real detail never says these (contract §2).
      admissionType: null,
      matchFormat: null,
      maxParticipants: null,
      surface: expect.any(String),
      participantsCount: 2,
      myEntry: null,
      draws: [],
    });
    expect(t?.participants).toEqual([
      expect.objectContaining({
        // As the federation writes names: upper-case.
        name: 'PAOLO',
        surname: 'ROSSI',
        ranking: '3.3',
        rankingValue: 3.03,
        position: 1,
      }),
      expect.objectContaining({
        name: 'LUCA',
        surname: 'NERI',
        ranking: '3.4',
        rankingValue: 3.04,
        position: 2,
      }),
    ]);
    // Documents and orders of play are the competition's (decision 182), by file name, linked to
    // our server; an order of play by its day of play.
    expect(detail.documents).toEqual([
      expect.objectContaining({
        fileName: 'Locandina.pdf',
        title: 'Locandina.pdf',
        url: `/api/competitions/${added.guid}/files/document/Locandina.pdf`,
      }),
    ]);
    expect(detail.ordersOfPlay).toEqual([
      expect.objectContaining({ fileName: oop.fileName, title: oop.fileName, date: '2026-06-12' }),
    ]);
    expect(oop.fileName).toMatch(/_20260612\.pdf$/);
    const file = detail.documents[0];
    const pdf = await ctx.test.app.inject({ url: file?.url ?? '', headers: { cookie: ctx.cookie } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Signed out: a script is told 401; a browser following the link (from an email) is sent to
    // sign in, then to the tournament's page.
    expect((await ctx.test.app.inject({ url: file?.url ?? '' })).statusCode).toBe(401);
    const followed = await ctx.test.app.inject({
      url: file?.url ?? '',
      headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
    });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe(
      `/auth/login?redirect=${encodeURIComponent(`/competition/${added.guid}`)}`,
    );

    // The draw is published once registration has closed (noon the day before the start), and the
    // passes read it then.
    const closed = new Date('2026-06-11T10:00:00Z').getTime();
    ctx.sim.clock.advance(closed + 60 * 60_000 - ctx.sim.clock.nowMs());
    const published = ctx.sim.script.addDraw({ tournamentUid: uid });
    await runIngestion(ctx.ingestion);
    const later = await detailOf(added.guid);
    expect(later.status).toBe(4);
    const [drawn] = later.tournaments;
    expect(drawn?.draws.map((d) => d.sectionCode)).toEqual(published.phaseIds);
    const players = drawn?.draws.flatMap((d) =>
      d.rounds.flatMap((r) => r.matches.flatMap((m) => m.sides.flatMap((side) => side?.players ?? []))),
    );
    expect(players?.map((p) => p.name).sort()).toEqual(['NERI LUCA', 'ROSSI PAOLO']);
  });

  it('places every participant by the admission rule, and the user by their card', async () => {
    const added = ctx.sim.script.addCompetition({
      tournaments: [{ admissionType: 'classifica' }, { admissionType: 'cronologico', type: 'Femminile' }],
    });
    const [byRanking = '', byTime = ''] = added.tournamentUids;
    const at = (minutes: number) => new Date(ctx.sim.clock.nowMs() - (100 - minutes) * 60_000);
    for (const uid of [byRanking, byTime]) {
      ctx.sim.script.addEntry({ tournamentUid: uid, ranking: '4.NC', subscriptionDate: at(1) });
      ctx.sim.script.addEntry({
        tournamentUid: uid,
        ranking: '3.2',
        subscriptionDate: at(2),
        cardNumber: '700000001',
      });
      ctx.sim.script.addEntry({ tournamentUid: uid, ranking: '4.1', subscriptionDate: at(3) });
      ctx.sim.script.addEntry({ tournamentUid: uid, ranking: '2.8', subscriptionDate: at(4) });
    }
    await runIngestion(ctx.ingestion);
    const detail = await detailOf(added.guid);
    // The real detail never says how entries are admitted: both go by ranking (decision 182).
    const byRankingOrder = [
      ['2.8', 1],
      ['3.2', 2],
      ['4.1', 3],
      ['4.NC', 4],
    ];
    for (const t of detail.tournaments) {
      expect(t.admissionType).toBeNull();
      expect(t.participants.map((p) => [p.ranking, p.position])).toEqual(byRankingOrder);
      expect(t.myEntry).toMatchObject({ position: 2, total: 4 });
    }
    expect(detail.tournaments).toHaveLength(2);

    // A tournament stored as admitting by entry order places by subscription.
    const db = ctx.test.database.db;
    const stored = await storeCompetition(
      db,
      { detailSyncedAt: ctx.sim.clock.now(), detailStatus: 'found' },
      [
        {
          admissionType: 'cronologico',
          entries: [
            { card: '0000000201', ranking: '4.NC', subscriptionDate: at(1) },
            { card: '700000001', ranking: '3.2', subscriptionDate: at(2) },
            { card: '0000000203', ranking: '4.1', subscriptionDate: at(3) },
            { card: '0000000204', ranking: '2.8', subscriptionDate: at(4) },
          ],
        },
      ],
    );
    const [chrono] = (await detailOf(stored.guid)).tournaments;
    expect(chrono?.participants.map((p) => [p.ranking, p.position])).toEqual([
      ['4.NC', 1],
      ['3.2', 2],
      ['4.1', 3],
      ['2.8', 4],
    ]);
    expect(chrono?.myEntry).toMatchObject({ position: 2, total: 4 });

    // No card: no entry; a card not entered: no entry either.
    const noCard = await detailOf(added.guid, await signIn(db, await createUser(db)));
    expect(noCard.hasCard).toBe(false);
    expect(noCard.tournaments.map((t) => t.myEntry)).toEqual([null, null]);
    const otherCard = await detailOf(
      added.guid,
      await signIn(db, await createUser(db, { fitpCardNumber: '123' })),
    );
    expect(otherCard.hasCard).toBe(true);
    expect(otherCard.tournaments.map((t) => t.myEntry)).toEqual([null, null]);
  });

  it("shows the user's follow, lost and notification state per tournament", async () => {
    const added = ctx.sim.script.addCompetition({ tournaments: [{}, { type: 'Femminile' }] });
    await runIngestion(ctx.ingestion);
    const [followed] = await ctx.test.database.db
      .insert(subscriptions)
      .values({
        userId: ctx.user.id,
        competitionGuid: added.guid,
        tournamentUuid: added.tournamentUids[1] ?? '',
        notificationsEnabled: false,
      })
      .returning();
    const detail = await detailOf(added.guid);
    expect(
      detail.tournaments.map((t) => [t.followed, t.subscriptionId, t.lost, t.notificationsEnabled]),
    ).toEqual([
      [false, null, false, null],
      [true, followed?.id, false, false],
    ]);
    expect(detail.followed).toBe(true);
  });

  it('reads the federation again when the stored detail is over a minute old, recording what is new', async () => {
    const added = ctx.sim.script.addCompetition({});
    const uid = added.tournamentUids[0] ?? '';
    await runIngestion(ctx.ingestion);
    ctx.sim.clock.advance({ seconds: 10 });
    ctx.sim.script.addEntry({ tournamentUid: uid, name: 'Marta', surname: 'Gialli' });
    const women = ctx.sim.script.addTournament({ competitionGuid: added.guid, type: 'Femminile' }).uid;
    ctx.sim.script.addDocument({ competitionGuid: added.guid, title: 'Comunicato' });
    // Read seconds ago: shown as stored.
    expect((await detailOf(added.guid)).tournaments[0]?.participants).toEqual([]);
    aMinuteLater();
    const asked = await liveUpdatesAsked();
    const fresh = await detailOf(added.guid);
    // As the federation writes names: upper-case.
    expect(fresh.tournaments[0]?.participants.map((p) => p.surname)).toEqual(['GIALLI']);
    expect(fresh.tournaments.map((t) => t.uuid)).toEqual([uid, women]);
    expect(fresh.detailUpdatedAt).toBe(ctx.sim.clock.now().toISOString());
    const recorded = async () =>
      (
        await ctx.test.database.db
          .select()
          .from(competitionEvents)
          .where(eq(competitionEvents.competitionGuid, added.guid))
          .orderBy(asc(competitionEvents.id))
      ).map((e) => [e.kind, e.tournamentUuid ?? e.itemKey]);
    // The visit's read records the news at once: the detail's and its files'.
    expect(await recorded()).toEqual([
      ['new_competition', null],
      ['tournament_added', women],
      ['new_document', 'Comunicato.pdf'],
    ]);
    expect(fresh.documents.map((d) => d.fileName)).toContain('Comunicato.pdf');
    // Its followers hear of the document now: the visit asks for a live-updates pass.
    await vi.waitFor(async () => expect(await liveUpdatesAsked()).toBe(asked + 1), { timeout: 30_000 });
    // The next pass reading the detail records nothing again.
    ctx.sim.clock.advance(CADENCE.detailSoonMs);
    await runIngestion(ctx.ingestion);
    expect(await recorded()).toEqual([
      ['new_competition', null],
      ['tournament_added', women],
      ['new_document', 'Comunicato.pdf'],
    ]);
  });

  it('answers a detail the federation says again as stored, with the new read instant', async () => {
    const added = ctx.sim.script.addCompetition({});
    await runIngestion(ctx.ingestion);
    const first = await detailOf(added.guid);
    aMinuteLater();
    // Read again from the federation, which says the same: the answer is what is stored, read now.
    const again = await detailOf(added.guid);
    expect(again.detailUpdatedAt).toBe(ctx.sim.clock.now().toISOString());
    expect(again).toEqual({ ...first, detailUpdatedAt: again.detailUpdatedAt });
    const [stored] = await ctx.test.database.db
      .select({ syncedAt: competitions.detailSyncedAt })
      .from(competitions)
      .where(eq(competitions.guid, added.guid));
    expect(stored?.syncedAt?.toISOString()).toBe(again.detailUpdatedAt);
    // Within the minute it is shown as stored, without asking the federation.
    expect(await detailOf(added.guid)).toEqual(again);
  });

  it('reads a competition the ingestion has not seen yet', async () => {
    const added = ctx.sim.script.addCompetition({ name: 'Appena pubblicato' });
    const detail = await detailOf(added.guid);
    expect(detail).toMatchObject({ name: 'Appena pubblicato', isNew: true });
    const [row] = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, added.guid));
    expect(row?.detailStatus).toBe('found');
  });

  it('answers 207 with the stored data when the federation is down, and 503 when nothing is stored', async () => {
    const added = ctx.sim.script.addCompetition({ name: 'Sempre disponibile' });
    const searchAlwaysAvailable = () =>
      ctx.test.app.inject({
        method: 'POST',
        url: '/api/competitions/search_competitions',
        headers: { cookie: ctx.cookie },
        payload: { search: 'sempre disponibile' },
      });
    await runIngestion(ctx.ingestion);
    aMinuteLater();
    ctx.sim.script.fault({ kind: 'error', status: 503 });

    const degraded = await ctx.test.app.inject({
      url: `/api/competitions/${added.guid}`,
      headers: { cookie: ctx.cookie },
    });
    expect(degraded.statusCode).toBe(207);
    expect(degraded.json()).toMatchObject({
      serviceDown: true,
      data: { competition: { guid: added.guid, name: 'Sempre disponibile' } },
    });
    expect(degraded.json().message).toMatch(/^Il servizio della federazione/);

    const missing = await get(ctx.sim.script.addCompetition({}).guid);
    expect(missing.status).toBe(503);
    expect(missing.body).toMatchObject({ code: 'FEDERATION_UNAVAILABLE', status: 503, serviceDown: true });

    // The search serves what is stored, marked as degraded, while the federation is known to be down.
    const search = await searchAlwaysAvailable();
    expect(search.statusCode).toBe(207);
    expect(search.json()).toMatchObject({ serviceDown: true, data: { total: 1 } });

    // Back up: the next read clears it.
    ctx.sim.script.clearFaults();
    ctx.sim.clock.advance({ minutes: 1 });
    expect((await get(added.guid)).status).toBe(200);
    const after = await searchAlwaysAvailable();
    expect(after.statusCode).toBe(200);
  });
});

describe('search with the federation down and nothing stored', () => {
  const ctx = useFederationTestApp({ ingest: false });

  it('answers 503 flagged serviceDown', async () => {
    ctx.sim.script.fault({ kind: 'error', status: 503 });
    await runIngestion(ctx.ingestion);
    const response = await ctx.test.app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      headers: { cookie: ctx.cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'FEDERATION_UNAVAILABLE',
      message:
        'Il servizio della federazione non è al momento raggiungibile: i dati mostrati potrebbero non essere aggiornati.',
      status: 503,
      serviceDown: true,
    });
  });
});
