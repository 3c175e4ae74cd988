import type { SimulatorHandle } from '@radar/fitp-simulator';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionEvents, competitions, notifications, reminders, type User } from '../../../src/db/schema';
import { declareJob, startJob } from '../../../src/jobs/definition';
import { INGEST_QUEUE, ingestJob, requestIngestion } from '../../../src/jobs/ingest';
import { liveUpdatesJob, REMIND_QUEUE, remindJob } from '../../../src/jobs/subscriptions';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { runLiveUpdates } from '../../../src/modules/subscriptions/live-updates.service';
import { runReminderPass } from '../../../src/modules/subscriptions/reminders.service';
import { createUser, signIn } from '../../helpers/factories';
import { startTestSimulator, testFederationClient } from '../../helpers/federation';
import { TEST_JOB_SETTINGS } from '../../helpers/jobs';
import { silentLogger } from '../../helpers/logger';
import { deliveriesOf, waitFor } from '../../helpers/notifications';
import { followOk, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const HOUR = 3_600_000;

type Inbox = { items: { type: string; params: Record<string, unknown> }[] };

describe('followed tournaments on the federation simulator', () => {
  let sim: SimulatorHandle;
  let t: TestApp;
  let ingestion: IngestionDeps;

  beforeAll(async () => {
    sim = await startTestSimulator({ competitions: 200 });
    const federation = testFederationClient(sim.url);
    const now = () => sim.clock.now();
    t = await createTestApp({ federation, now, withQueue: true });
    ingestion = { db: t.database.db, federation, logger: silentLogger, now };
    await runIngestion(ingestion); // the baseline
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const queue = () => {
    if (!t.queue) throw new Error('queue expected');
    return t.queue;
  };
  const live = () => runLiveUpdates({ db: t.database.db, queue: queue(), now: () => sim.clock.now() });
  const user = async () => {
    const u = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, u);
    return { u, cookie, client: subscriptionsClient(t.app, cookie) };
  };
  const inbox = async (cookie: string): Promise<Inbox> =>
    (await t.app.inject({ url: '/api/notifications', headers: { cookie } })).json();
  /** The kinds of the events recorded for one competition, in order. */
  const eventsOf = async (guid: string) =>
    (
      await t.database.db
        .select({ kind: competitionEvents.kind })
        .from(competitionEvents)
        .where(eq(competitionEvents.competitionGuid, guid))
        .orderBy(asc(competitionEvents.id))
    ).map((e) => e.kind);
  /** A scripted competition, ingested; its first tournament's uuid. */
  const published = async (input: Parameters<SimulatorHandle['script']['addCompetition']>[0] = {}) => {
    sim.clock.advance({ minutes: 7 });
    const { guid, tournamentUids } = sim.script.addCompetition(input);
    await runIngestion(ingestion);
    return {
      guid: guid.toUpperCase(),
      uuid: (tournamentUids[0] ?? '').toUpperCase(),
      uid: tournamentUids[0] ?? '',
      uids: tournamentUids,
    };
  };

  it('tells followers with notifications on of a new document, order of play and draw, once, and nobody else', async () => {
    // Registration closes in a few hours: the draw is read once it has closed (decision 181).
    const closes = new Date(sim.clock.now().getTime() + 6 * HOUR);
    const { guid, uuid, uid, uids } = await published({
      name: 'Trofeo dei Colli',
      registrationClosesAt: closes,
      startDate: new Date(closes.getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
      tournaments: [{ type: 'Maschile' }, { type: 'Femminile' }],
    });
    const other = (uids[1] ?? '').toUpperCase();
    for (let i = 0; i < 4; i++) sim.script.addEntry({ tournamentUid: uid, ranking: '4.NC' });
    const follower = await user();
    const muted = await user();
    const lost = await user();
    const bystander = await user();
    await followOk(follower.client, guid, uuid);
    // Files are the competition's: a follower of its other tournament is told of them, not of the draw;
    // one following both tournaments is told of each item once.
    const ofOther = await user();
    await followOk(ofOther.client, guid, other);
    const ofBoth = await user();
    await followOk(ofBoth.client, guid, uuid);
    await followOk(ofBoth.client, guid, other);
    // One follower wants documents by email too (the default is push only).
    const emailed = await user();
    await followOk(emailed.client, guid, uuid);
    const preference = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie: emailed.cookie },
      payload: { group: 'documents', channel: 'email', enabled: true },
    });
    expect(preference.statusCode).toBe(200);
    await muted.client.notifications(await followOk(muted.client, guid, uuid), false);
    await lost.client.lost(await followOk(lost.client, guid, uuid), true);

    // Past the close, and past the detail's interval: the next pass lists the files and reads the draw.
    sim.clock.advance({ hours: 7 });
    const document = sim.script.addDocument({ tournamentUid: uid, title: 'Locandina ufficiale' });
    const oop = sim.script.addOrderOfPlay({ tournamentUid: uid, title: 'OdG sabato' });
    sim.script.addDraw({ tournamentUid: uid, title: 'Tabellone principale' });
    await runIngestion(ingestion);
    expect(await eventsOf(guid)).toEqual([
      'new_competition',
      'new_document',
      'new_order_of_play',
      'new_scoreboard',
    ]);
    // The document and the order of play to 4 followers each, the draw to the 3 of its tournament.
    expect(await live()).toBe(11);
    expect(await live()).toBe(0); // run again: nothing new

    const types = async (cookie: string) => (await inbox(cookie)).items.map((n) => n.type).sort();
    const items = (await inbox(follower.cookie)).items;
    expect(items.map((n) => n.type).sort()).toEqual(['new_document', 'new_order_of_play', 'new_scoreboard']);
    expect(items.find((n) => n.type === 'new_document')?.params).toEqual({
      tournamentName: 'Trofeo dei Colli',
      competitionGuid: guid,
      tournamentUuid: uuid,
      // The federation lists files by name (fitp-contract.md §4).
      documentName: document.fileName,
      fileUrl: `/api/competitions/${guid}/files/document/Locandina%20ufficiale.pdf`,
    });
    expect(document.fileName).toBe('Locandina ufficiale.pdf');
    // The order of play's notification links its file, and the link serves it (issue 31 point 8).
    const orderOfPlay = items.find((n) => n.type === 'new_order_of_play')?.params;
    expect(orderOfPlay?.fileUrl).toBe(
      `/api/competitions/${guid}/files/order_of_play/${encodeURIComponent(oop.fileName)}`,
    );
    const file = await t.app.inject({
      method: 'GET',
      url: String(orderOfPlay?.fileUrl),
      headers: { cookie: follower.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('pdf');
    expect(items.find((n) => n.type === 'new_scoreboard')?.params).toMatchObject({ tournamentUuid: uuid });
    expect(await types(ofBoth.cookie)).toEqual(['new_document', 'new_order_of_play', 'new_scoreboard']);
    expect(await types(ofOther.cookie)).toEqual(['new_document', 'new_order_of_play']);
    expect((await inbox(ofOther.cookie)).items.find((n) => n.type === 'new_document')?.params).toMatchObject({
      tournamentUuid: other,
    });
    for (const o of [muted, lost, bystander]) expect((await inbox(o.cookie)).items).toEqual([]);
    // Delivered by each one's preferences, like every notification.
    const documentOf = async (u: User) =>
      (
        await t.database.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.userId, u.id), eq(notifications.type, 'new_document')))
      ).map((n) => n.id);
    expect(await deliveriesOf(t.database.db, await documentOf(follower.u))).toEqual([]);
    expect((await deliveriesOf(t.database.db, await documentOf(emailed.u))).map((d) => d.channel)).toEqual([
      'email',
    ]);
    expect(document.id).toBeGreaterThan(0);

    // Ingesting again (every file and draw read again) records nothing, so nothing is sent again.
    sim.clock.advance({ hours: 6 });
    const again = await runIngestion(ingestion);
    expect(again.fileListsRead).toBeGreaterThan(0);
    expect(again.drawsRead).toBeGreaterThan(0);
    expect(await eventsOf(guid)).toHaveLength(4);
    expect(await live()).toBe(0);
    expect((await inbox(follower.cookie)).items).toHaveLength(3);
  });

  it('does not tell a follower of items published before they followed', async () => {
    const { guid, uuid, uid } = await published();
    // Past the detail's interval: the pass lists the competition's documents.
    sim.clock.advance({ hours: 6 });
    sim.script.addDocument({ tournamentUid: uid, title: 'Prima di seguirlo' });
    await runIngestion(ingestion);
    expect(await eventsOf(guid)).toEqual(['new_competition', 'new_document']);
    const late = await user();
    sim.clock.advance({ minutes: 1 });
    await followOk(late.client, guid, uuid);
    await live();
    expect((await inbox(late.cookie)).items).toEqual([]);
  });

  it('reschedules the pending reminders when the federation moves the deadline', async () => {
    const closes = new Date(sim.clock.now().getTime() + 20 * 86_400_000);
    const { guid, uuid } = await published({
      registrationClosesAt: closes,
      startDate: new Date(closes.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    const follower = await user();
    const id = await followOk(follower.client, guid, uuid);
    const [stored] = await t.database.db.select().from(competitions).where(eq(competitions.guid, guid));
    const deadline = stored?.registrationClosesAt as Date;
    const dueBefore = await t.database.db.select().from(reminders).where(eq(reminders.subscriptionId, id));
    expect(dueBefore).toHaveLength(4);

    sim.clock.advance({ minutes: 7 });
    const moved = new Date(deadline.getTime() + 2 * 86_400_000);
    sim.script.updateCompetition({ guid, registrationClosesAt: moved });
    // The detail is read again past its interval (decision 181): the moved deadline is seen then.
    sim.clock.advance({ hours: 6 });
    await runIngestion(ingestion);
    expect(await eventsOf(guid)).toEqual(['new_competition', 'deadline_changed']);
    const result = await runReminderPass({ db: t.database.db, queue: queue(), now: () => sim.clock.now() });
    expect(result.rescheduled).toBe(1);
    const after = await t.database.db.select().from(reminders).where(eq(reminders.subscriptionId, id));
    for (const row of after) {
      const before = dueBefore.find((r) => r.type === row.type);
      expect(row.status).toBe('pending');
      expect(row.deadline.toISOString()).toBe(moved.toISOString());
      expect(row.dueAt.getTime() - (before?.dueAt.getTime() ?? 0)).toBe(2 * 86_400_000);
    }
  });

  it('runs through the jobs: an ingestion pass asks for live updates, whose worker notifies the follower; the remind worker sends due reminders', async () => {
    const boss = queue();
    for (const job of [ingestJob, remindJob, liveUpdatesJob]) await declareJob(boss, job, TEST_JOB_SETTINGS);
    expect((await boss.getSchedules()).map((s) => s.name)).toEqual(
      expect.arrayContaining(['remind', 'live-updates', INGEST_QUEUE]),
    );
    await startJob(boss, ingestJob, { ...ingestion, boss });
    const passDeps = { boss, db: t.database.db, now: () => sim.clock.now() };
    await startJob(boss, remindJob, passDeps);
    await startJob(boss, liveUpdatesJob, {
      ...passDeps,
      federation: ingestion.federation,
      logger: silentLogger,
    });

    const { guid, uuid, uid } = await published({ name: 'Coppa del Lago' });
    const follower: { u: User; cookie: string; client: ReturnType<typeof subscriptionsClient> } =
      await user();
    await followOk(follower.client, guid, uuid);
    // Past the detail's interval (decision 181): the requested pass lists the documents.
    sim.clock.advance({ hours: 6 });
    const programme = sim.script.addDocument({ tournamentUid: uid, title: 'Programma' });
    await requestIngestion(boss);
    const items = await waitFor(
      async () => {
        const found = (await inbox(follower.cookie)).items;
        return found.length > 0 ? found : undefined;
      },
      { timeoutMs: 60_000, what: 'the new_document notification' },
    );
    expect(items.map((n) => [n.type, n.params.documentName])).toEqual([['new_document', programme.fileName]]);

    // The remind worker sends a reminder that fell due (publishing moves the clock 7 minutes).
    const soon = new Date(
      Math.ceil((sim.clock.now().getTime() + 7 * 86_400_000 + 10 * 60_000) / 1000) * 1000,
    );
    const closing = await published({ name: 'Coppa Ultimi Posti', registrationClosesAt: soon });
    await followOk(follower.client, closing.guid, closing.uuid);
    sim.clock.advance({ minutes: 5 });
    await boss.send(REMIND_QUEUE, null);
    const reminder = await waitFor(
      async () => (await inbox(follower.cookie)).items.find((n) => n.type === 'reminder_1w'),
      { timeoutMs: 60_000, what: 'the reminder_1w notification' },
    );
    expect(reminder.params).toMatchObject({
      tournamentName: 'Coppa Ultimi Posti',
      tournamentUuid: closing.uuid,
    });
  }, 150_000);
});
