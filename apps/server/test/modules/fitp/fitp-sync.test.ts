/**
 * The card's entries against the user's follows (the sync dialog), the card radar after ingestion
 * passes, and what a connected card adds to the detail (position, cut line, opponents,
 * eligibility) and to the search (eligibility, "only tournaments I can enter").
 */
import type { SimulatorHandle } from '@radar/fitp-simulator';
import { addDays, romeDate } from '@radar/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, subscriptions } from '../../../src/db/schema';
import { JOBS } from '../../../src/jobs';
import { declareJob } from '../../../src/jobs/definition';
import { ingestJob } from '../../../src/jobs/ingest';
import { runCardRadar } from '../../../src/modules/fitp/card-radar.service';
import { markCardFollow } from '../../../src/modules/fitp/fitp.repository';
import { CADENCE } from '../../../src/modules/ingestion/cadence';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { storeCompetition } from '../../helpers/detail-factories';
import { createUser, signIn } from '../../helpers/factories';
import { startTestSimulator, testFederationClient } from '../../helpers/federation';
import { call } from '../../helpers/http';
import { TEST_JOB_SETTINGS } from '../../helpers/jobs';
import { silentLogger } from '../../helpers/logger';
import { createTestApp, type TestApp } from '../../helpers/test-app';

type CompetitionInput = Parameters<SimulatorHandle['script']['addCompetition']>[0];

describe('the card’s entries, the sync and the card radar', () => {
  let sim: SimulatorHandle;
  let t: TestApp;
  let ingestion: IngestionDeps;

  beforeAll(async () => {
    sim = await startTestSimulator({ competitions: 100 });
    const federation = testFederationClient(sim.url);
    const now = () => sim.clock.now();
    t = await createTestApp({ federation, now, withQueue: true });
    ingestion = { db: t.database.db, federation, logger: silentLogger, now };
    await runIngestion(ingestion);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const queue = () => {
    if (!t.queue) throw new Error('queue expected');
    return t.queue;
  };
  const radar = () => runCardRadar({ db: t.database.db, queue: queue(), now: () => sim.clock.now() });
  const ingest = async () => {
    sim.clock.advance({ minutes: 7 });
    await runIngestion(ingestion);
  };
  /**
   * A pass late enough to read the stored details again: the entry lists are only seen through
   * the detail, read every few hours before the start (decision 181), not at every pass.
   */
  const reread = async () => {
    sim.clock.advance(CADENCE.detailSoonMs);
    await runIngestion(ingestion);
  };
  /** A player of the federation with a card of their own, and a signed-in user with it connected. */
  const cardHolder = async (ranking = '4.2') => {
    const player = sim.script.addPlayer({ ranking, province: 'RM' });
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    return { player, card: player.cardNumber, user, cookie };
  };
  const connect = async (cookie: string, card: string) => {
    const answer = await call(t.app, 'POST', '/api/fitp/validate', {
      cookie,
      body: { membershipCard: card },
    });
    expect(answer.statusCode).toBe(200);
  };
  const competition = (input: CompetitionInput = {}) => {
    const { guid, tournamentUids } = sim.script.addCompetition({ province: 'RM', ...input });
    return { guid: guid.toUpperCase(), uuids: tournamentUids.map((u) => u.toUpperCase()) };
  };
  const sync = (cookie: string) => call(t.app, 'GET', '/api/fitp/sync', { cookie });
  const apply = (cookie: string, body: object) => call(t.app, 'POST', '/api/fitp/sync', { cookie, body });
  const followed = async (userId: string) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).map(
      (s) => s.tournamentUuid,
    );
  const inbox = async (userId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  const status = async (cookie: string) => (await call(t.app, 'GET', '/api/fitp/status', { cookie })).json();

  it('lists the entries to follow and the card’s follows to drop, and applies the choices', async () => {
    const holder = await cardHolder();
    const a = competition({ name: 'Torneo Sync A', startDate: '2026-07-01' });
    const b = competition({ name: 'Torneo Sync B', startDate: '2026-07-08' });
    sim.script.addEntry({ tournamentUid: a.uuids[0] as string, cardNumber: holder.card });
    sim.script.addEntry({ tournamentUid: b.uuids[0] as string, cardNumber: holder.card });
    await ingest();
    await connect(holder.cookie, holder.card);

    const first = await sync(holder.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().toRemove).toEqual([]);
    expect(first.json().toAdd).toEqual([
      expect.objectContaining({
        competitionGuid: a.guid,
        tournamentUuid: a.uuids[0],
        competitionName: 'Torneo Sync A',
        startDate: '2026-07-01',
        provinceSigla: 'RM',
      }),
      expect.objectContaining({ competitionGuid: b.guid, competitionName: 'Torneo Sync B' }),
    ]);
    expect(first.json().toAdd[0].subscriptionDate).not.toBeNull();

    const refs = first.json().toAdd.map((i: { competitionGuid: string; tournamentUuid: string }) => ({
      competitionGuid: i.competitionGuid,
      tournamentUuid: i.tournamentUuid,
    }));
    const applied = await apply(holder.cookie, { add: refs, remove: [] });
    expect(applied.json().outcome).toBe('success');
    expect((await followed(holder.user.id)).sort()).toEqual([a.uuids[0], b.uuids[0]].sort());
    expect((await sync(holder.cookie)).json()).toEqual({ toAdd: [], toRemove: [] });

    // The card leaves one list: once the detail is read again, the sync offers to unfollow it.
    sim.script.withdrawEntry({ tournamentUid: a.uuids[0] as string, cardNumber: holder.card });
    expect((await sync(holder.cookie)).json()).toEqual({ toAdd: [], toRemove: [] });
    await reread();
    const after = (await sync(holder.cookie)).json();
    expect(after.toAdd).toEqual([]);
    expect(after.toRemove).toEqual([expect.objectContaining({ tournamentUuid: a.uuids[0] })]);
    expect((await status(holder.cookie)).syncPending).toBe(true);
    const removed = await apply(holder.cookie, {
      add: [],
      remove: [{ competitionGuid: a.guid, tournamentUuid: a.uuids[0] }],
    });
    expect(removed.json()).toMatchObject({ outcome: 'success', items: [{ action: 'remove', ok: true }] });
    expect(await followed(holder.user.id)).toEqual([b.uuids[0]]);
    expect((await status(holder.cookie)).syncPending).toBe(false);
  });

  it('never offers to drop a tournament the user followed on their own', async () => {
    const holder = await cardHolder();
    const c = competition({ name: 'Torneo Seguito' });
    await ingest();
    await connect(holder.cookie, holder.card);
    const own = await call(t.app, 'POST', '/api/subscriptions/tournaments/subscribe', {
      cookie: holder.cookie,
      body: { competitionGuid: c.guid, tournamentUuid: c.uuids[0] },
    });
    expect(own.statusCode).toBeLessThan(300);
    expect((await sync(holder.cookie)).json()).toEqual({ toAdd: [], toRemove: [] });
  });

  it('never proposes a finished tournament, to follow or to unfollow', async () => {
    const holder = await cardHolder();
    await connect(holder.cookie, holder.card);
    const today = romeDate(sim.clock.now());
    const entered = (startDate: string, endDate: string, name: string) =>
      storeCompetition(t.database.db, { name, startDate, endDate }, [{ entries: [{ card: holder.card }] }]);
    const ended = await entered(addDays(today, -10), addDays(today, -1), 'Torneo Finito Ieri');
    const endsToday = await entered(addDays(today, -3), today, 'Torneo Finisce Oggi');

    const first = (await sync(holder.cookie)).json();
    expect(first.toAdd.map((i: { competitionName: string }) => i.competitionName)).toEqual([
      'Torneo Finisce Oggi',
    ]);
    expect(first.toAdd.map((i: { tournamentUuid: string }) => i.tournamentUuid)).not.toContain(
      ended.uuids[0],
    );
    expect(endsToday.uuids).toHaveLength(1);

    // Followed and marked as the card's, the card no longer in the list: offered only if not finished.
    const left = async (startDate: string, endDate: string, name: string) => {
      const stored = await storeCompetition(t.database.db, { name, startDate, endDate });
      const ref = { competitionGuid: stored.guid, tournamentUuid: stored.uuids[0] as string };
      const followed = await call(t.app, 'POST', '/api/subscriptions/tournaments/subscribe', {
        cookie: holder.cookie,
        body: ref,
      });
      expect(followed.statusCode).toBeLessThan(300);
      await markCardFollow(t.database.db, { userId: holder.user.id, ...ref, createdAt: sim.clock.now() });
      return ref;
    };
    await left(addDays(today, -20), addDays(today, -2), 'Lasciato e Finito');
    const running = await left(addDays(today, 5), addDays(today, 9), 'Lasciato e Da Giocare');
    expect((await sync(holder.cookie)).json().toRemove).toEqual([
      expect.objectContaining({
        tournamentUuid: running.tournamentUuid,
        competitionName: 'Lasciato e Da Giocare',
      }),
    ]);
  });

  it('offers to unfollow a tournament the user followed on their own once the card has left its list', async () => {
    const holder = await cardHolder();
    const c = competition({ name: 'Torneo Seguito e Lasciato' });
    const uuid = c.uuids[0] as string;
    sim.script.addEntry({ tournamentUid: uuid, cardNumber: holder.card });
    await ingest();
    await connect(holder.cookie, holder.card);
    await radar(); // what earlier tests left to tell
    const own = await call(t.app, 'POST', '/api/subscriptions/tournaments/subscribe', {
      cookie: holder.cookie,
      body: { competitionGuid: c.guid, tournamentUuid: uuid },
    });
    expect(own.statusCode).toBeLessThan(300);
    // Entered and followed: nothing to do.
    expect((await sync(holder.cookie)).json()).toEqual({ toAdd: [], toRemove: [] });

    sim.clock.advance({ minutes: 1 });
    sim.script.withdrawEntry({ tournamentUid: uuid, cardNumber: holder.card });
    await reread();
    expect(await radar()).toMatchObject({ withdrawn: 1 });
    expect((await status(holder.cookie)).syncPending).toBe(true);
    expect((await sync(holder.cookie)).json()).toEqual({
      toAdd: [],
      toRemove: [
        expect.objectContaining({ tournamentUuid: uuid, competitionName: 'Torneo Seguito e Lasciato' }),
      ],
    });
    const removed = await apply(holder.cookie, {
      add: [],
      remove: [{ competitionGuid: c.guid, tournamentUuid: uuid }],
    });
    expect(removed.json()).toMatchObject({ outcome: 'success', items: [{ action: 'remove', ok: true }] });
    expect(await followed(holder.user.id)).toEqual([]);
  });

  it('answers partial success and failure item by item', async () => {
    const holder = await cardHolder();
    const c = competition();
    await ingest();
    await connect(holder.cookie, holder.card);
    const bogus = { competitionGuid: c.guid, tournamentUuid: '00000000-0000-4000-8000-000000000001' };
    const partial = await apply(holder.cookie, {
      add: [{ competitionGuid: c.guid, tournamentUuid: c.uuids[0] }, bogus],
    });
    expect(partial.json().outcome).toBe('partial');
    expect(partial.json().items).toEqual([
      expect.objectContaining({ action: 'add', ok: true }),
      expect.objectContaining({
        action: 'add',
        ok: false,
        code: 'TOURNAMENT_NOT_FOUND',
        message: 'Torneo non trovato.',
      }),
    ]);
    const failure = await apply(holder.cookie, { add: [bogus], remove: [bogus] });
    expect(failure.json().outcome).toBe('failure');
    expect(failure.json().items.map((i: { code: string }) => i.code)).toEqual([
      'TOURNAMENT_NOT_FOUND',
      'NOT_SUBSCRIBED',
    ]);
  });

  it('defers the review: the dashboard status reminds the user', async () => {
    const holder = await cardHolder();
    await connect(holder.cookie, holder.card);
    const deferred = await call(t.app, 'POST', '/api/fitp/sync/defer', { cookie: holder.cookie });
    expect(deferred.statusCode).toBe(200);
    expect(deferred.json()).toMatchObject({
      connected: true,
      syncPending: true,
      syncDeferredAt: sim.clock.now().toISOString(),
    });
  });

  it('answers 404 without a card (the sync reads the stored lists: no federation call, decision 182)', async () => {
    const holder = await cardHolder();
    expect((await sync(holder.cookie)).json().code).toBe('FITP_NOT_CONNECTED');
  });

  it('the radar tells the user at once when the card enters or leaves a list, following it automatically', async () => {
    const holder = await cardHolder();
    await connect(holder.cookie, holder.card);
    await radar(); // what earlier tests left to tell

    const c = competition({ name: 'Torneo del Radar' });
    const uuid = c.uuids[0] as string;
    sim.script.addEntry({ tournamentUid: uuid, cardNumber: holder.card });
    await ingest();
    expect(await radar()).toMatchObject({ entered: 1, followed: 1 });
    expect(await followed(holder.user.id)).toEqual([uuid]);
    const entered = (await inbox(holder.user.id)).filter((n) => n.type === 'card_entered');
    expect(entered).toHaveLength(1);
    expect(entered[0]?.params).toMatchObject({
      tournamentName: 'Torneo del Radar',
      tournamentUuid: uuid,
      followed: true,
    });
    const list = await call(t.app, 'GET', '/api/notifications', { cookie: holder.cookie });
    expect(list.json().items[0]).toMatchObject({ type: 'card_entered', group: 'card_entries' });

    // A second run finds nothing new.
    expect(await radar()).toEqual({ entered: 0, withdrawn: 0, followed: 0 });

    sim.clock.advance({ minutes: 1 });
    sim.script.withdrawEntry({ tournamentUid: uuid, cardNumber: holder.card });
    await reread();
    expect(await radar()).toMatchObject({ withdrawn: 1 });
    const left = (await inbox(holder.user.id)).filter((n) => n.type === 'card_withdrawn');
    expect(left).toHaveLength(1);
    // The follow the card made is offered for removal, and the dashboard says so.
    expect((await status(holder.cookie)).syncPending).toBe(true);
    expect((await sync(holder.cookie)).json().toRemove).toEqual([
      expect.objectContaining({ tournamentUuid: uuid }),
    ]);
  });

  it('the radar leaves the follow to the user when automatic follows are off', async () => {
    const holder = await cardHolder();
    await connect(holder.cookie, holder.card);
    await radar(); // what earlier tests left to tell
    const off = await call(t.app, 'PATCH', '/api/fitp/settings', {
      cookie: holder.cookie,
      body: { autoFollow: false },
    });
    expect(off.json().card.autoFollow).toBe(false);
    const c = competition();
    sim.script.addEntry({ tournamentUid: c.uuids[0] as string, cardNumber: holder.card });
    await ingest();
    expect(await radar()).toMatchObject({ entered: 1, followed: 0 });
    expect(await followed(holder.user.id)).toEqual([]);
    const [told] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, holder.user.id), eq(notifications.type, 'card_entered')));
    expect(told?.params).toMatchObject({ followed: false });
    expect((await status(holder.cookie)).syncPending).toBe(true);
  });

  it('runs after every pass of the ingest job', async () => {
    const holder = await cardHolder();
    await connect(holder.cookie, holder.card);
    await radar(); // what earlier tests left to tell
    const c = competition({ name: 'Torneo del Lavoro' });
    sim.script.addEntry({ tournamentUid: c.uuids[0] as string, cardNumber: holder.card });
    sim.clock.advance({ minutes: 7 });
    // The queues a pass asks for runs on (matching, live updates).
    for (const job of JOBS) await declareJob(queue(), job, TEST_JOB_SETTINGS);
    const pass = await ingestJob.handler({ ...ingestion, boss: queue() });
    await pass([]);
    const told = (await inbox(holder.user.id)).filter((n) => n.type === 'card_entered');
    expect(told.map((n) => n.params.tournamentName)).toEqual(['Torneo del Lavoro']);
    expect(await followed(holder.user.id)).toEqual([c.uuids[0]]);
  });

  it('does not tell of the entries the card already had when it was connected', async () => {
    const holder = await cardHolder();
    const c = competition();
    sim.script.addEntry({ tournamentUid: c.uuids[0] as string, cardNumber: holder.card });
    await ingest();
    await connect(holder.cookie, holder.card);
    await radar();
    expect(await inbox(holder.user.id)).toEqual([]);
  });

  it('shows the position, the cut line, the opponents and the eligibility on the detail', async () => {
    const holder = await cardHolder('4.3');
    await connect(holder.cookie, holder.card);
    const myEntryIn = async (guid: string, uuid: string) =>
      (await call(t.app, 'GET', `/api/competitions/${guid}`, { cookie: holder.cookie }))
        .json()
        .competition.tournaments.find((d: { uuid: string }) => d.uuid === uuid).myEntry;
    const c = competition({
      tournaments: [
        { maxParticipants: 2, admissionType: 'classifica', rankingLimit: '4.1' },
        { rankingLimit: '3.1', categoryClass: 3 },
      ],
    });
    const [first, second] = c.uuids as [string, string];
    sim.script.addEntry({ tournamentUid: first, ranking: '4.1', name: 'Luca', surname: 'Forte' });
    sim.script.addEntry({ tournamentUid: first, ranking: '4.2', name: 'Marco', surname: 'Medio' });
    sim.script.addEntry({ tournamentUid: first, cardNumber: holder.card });
    await ingest();
    const detail = (await call(t.app, 'GET', `/api/competitions/${c.guid}`, { cookie: holder.cookie })).json()
      .competition;
    expect(detail.cardRanking).toBe('4.3');
    const draw = detail.tournaments.find((d: { uuid: string }) => d.uuid === first);
    // The real detail carries no entry cap (contract §2): the cut line is unknown.
    expect(draw.myEntry).toMatchObject({ position: 3, total: 3, cutLine: 'unknown', reservePosition: null });
    // Names as the federation writes them: upper-case (contract §2).
    expect(draw.participants.map((p: { surname: string; isMe: boolean }) => [p.surname, p.isMe])).toEqual([
      ['FORTE', false],
      ['MEDIO', false],
      [holder.player.surname.toUpperCase(), true],
    ]);
    // Entered in the first draw; the second is a men's draw, and the card holder has not said
    // their gender yet: it is not guessed (decision 206).
    expect(draw.eligibility).toEqual({ verdict: 'entered', detail: null });
    const secondDraw = (answer: { tournaments: { uuid: string }[] }) =>
      answer.tournaments.find((d) => d.uuid === second) as unknown as { eligibility: unknown };
    expect(secondDraw(detail).eligibility).toEqual({ verdict: 'unknown', detail: 'profile' });
    expect(detail.eligibility).toEqual({ verdict: 'entered', detail: null });
    await call(t.app, 'PATCH', '/api/fitp/settings', {
      cookie: holder.cookie,
      body: { gender: 'M', birthYear: 1990 },
    });
    const told = (await call(t.app, 'GET', `/api/competitions/${c.guid}`, { cookie: holder.cookie })).json()
      .competition;
    expect(secondDraw(told).eligibility).toEqual({ verdict: 'eligible', detail: null });
    expect(told.eligibility).toEqual({ verdict: 'eligible', detail: null });

    // With a cap stored, the card beyond it is first reserve.
    const capped = await storeCompetition(
      t.database.db,
      { detailSyncedAt: sim.clock.now(), detailStatus: 'found' },
      [
        {
          maxParticipants: 2,
          entries: [
            { card: '0000000101', ranking: '4.1' },
            { card: '0000000102', ranking: '4.2' },
            { card: holder.card, ranking: '4.3' },
          ],
        },
      ],
    );
    expect(await myEntryIn(capped.guid, capped.uuids[0] as string)).toMatchObject({
      position: 3,
      total: 3,
      cutLine: 'reserve',
      reservePosition: 1,
    });
  });

  it('marks what the card may enter in the search, and keeps only those on request', async () => {
    const holder = await cardHolder('3.5');
    await connect(holder.cookie, holder.card);
    await call(t.app, 'PATCH', '/api/fitp/settings', {
      cookie: holder.cookie,
      body: { gender: 'M', birthYear: 1990 },
    });
    const open = competition({
      name: 'Zebedeo Aperto',
      tournaments: [{ rankingLimit: '2.8', categoryClass: 2 }],
    });
    const limited = competition({
      name: 'Zebedeo Limitato',
      tournaments: [{ rankingLimit: '4.1', categoryClass: 4 }],
    });
    await ingest();
    const search = (eligibleOnly: boolean) =>
      call(t.app, 'POST', '/api/competitions/search_competitions', {
        cookie: holder.cookie,
        body: { search: 'Zebedeo', eligibleOnly },
      });
    const all = (await search(false)).json().items;
    const byName = (name: string) => all.find((i: { name: string }) => i.name === name);
    expect(byName('Zebedeo Aperto').eligibility).toEqual({ verdict: 'eligible', detail: null });
    expect(byName('Zebedeo Limitato').eligibility).toEqual({ verdict: 'ranking', detail: '4.1' });
    expect(byName('Zebedeo Limitato').tournaments[0].eligibility).toEqual({
      verdict: 'ranking',
      detail: '4.1',
    });
    const only = (await search(true)).json().items.map((i: { guid: string }) => i.guid);
    expect(only).toEqual([open.guid]);
    expect(only).not.toContain(limited.guid);

    // Without a card: no eligibility, and the criterion is ignored.
    const nobody = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, nobody);
    const plain = await call(t.app, 'POST', '/api/competitions/search_competitions', {
      cookie,
      body: { search: 'Zebedeo', eligibleOnly: true },
    });
    expect(plain.json().items.map((i: { eligibility: unknown }) => i.eligibility)).toEqual([null, null]);
  });
});
