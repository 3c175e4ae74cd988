/**
 * End to end: a filter saved through the API, a competition published on the federation
 * simulator, ingestion and matching (directly, then through the jobs), and the notification in
 * the API's inbox.
 */
import type { SimulatorHandle } from '@radar/fitp-simulator';
import type { Notification } from '@radar/shared';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareJob, startJob } from '../../../src/jobs/definition';
import { ingestJob, requestIngestion } from '../../../src/jobs/ingest';
import { matchJob } from '../../../src/jobs/match';
import { liveUpdatesJob, remindJob } from '../../../src/jobs/subscriptions';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { runMatching } from '../../../src/modules/matching/matching.service';
import { createUser, signIn } from '../../helpers/factories';
import { startTestSimulator, testFederationClient } from '../../helpers/federation';
import { call } from '../../helpers/http';
import { TEST_JOB_SETTINGS } from '../../helpers/jobs';
import { silentLogger } from '../../helpers/logger';
import { waitFor } from '../../helpers/notifications';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('new tournaments reach the users whose filters match them', () => {
  let sim: SimulatorHandle;
  let t: TestApp;
  let queue: PgBoss;
  let ingestion: IngestionDeps;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    sim = await startTestSimulator();
    const federation = testFederationClient(sim.url);
    const now = () => sim.clock.now();
    t = await createTestApp({ federation, now, withQueue: true });
    if (!t.queue) throw new Error('queue expected');
    queue = t.queue;
    ingestion = { db: t.database.db, federation, logger: silentLogger, now };
    // The baseline: the calendar as it is, nothing new.
    await runIngestion(ingestion);
    alice = await signIn(t.database.db, await createUser(t.database.db, { password: null }));
    bob = await signIn(t.database.db, await createUser(t.database.db, { password: null }));
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const newTournaments = async (cookie: string): Promise<Notification[]> => {
    const response = await call(t.app, 'GET', '/api/notifications', { cookie });
    expect(response.statusCode).toBe(200);
    return (response.json().items as Notification[]).filter((n) => n.type === 'new_tournament');
  };
  const saveFilter = async (cookie: string, body: object) => {
    const response = await call(t.app, 'POST', '/api/filters', { cookie, body });
    expect(response.statusCode, response.body).toBe(201);
  };

  it('notifies a matching user once, with the reasons and the count of their matching filters, and nobody else', async () => {
    // A women's draw in Rome: only in the detail (the list shows the first, men's, draw).
    await saveFilter(alice, { name: 'Roma femminile', regionId: 12, tipoTorneo: 'Femminile' });
    await saveFilter(alice, { name: 'Provincia di Roma', regionId: 12, provinceId: 58 });
    await saveFilter(alice, { name: 'Spento', regionId: 12, prize: 1001, notificationsEnabled: false });
    await saveFilter(alice, { name: 'Lombardia', regionId: 3 });
    await saveFilter(bob, { name: 'Lombardia', regionId: 3 });
    await saveFilter(bob, { name: 'Roma doppio misto', regionId: 12, tipoTorneo: 'Misto' });

    const { guid } = sim.script.addCompetition({
      name: 'Torneo Radar di Roma',
      province: 'RM',
      prizeMoney: 3000,
      tournaments: [
        { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
        { type: 'Femminile', categoryClass: 3, ageCategory: 'open' },
      ],
    });
    const pass = await runIngestion(ingestion);
    expect(pass.events.new_competition).toBe(1);
    const run = await runMatching({ db: t.database.db, queue, now: ingestion.now });
    expect(run).toMatchObject({ events: 1, notifications: 1, waiting: false });

    const notifications = await newTournaments(alice);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'new_tournament',
      group: 'new_tournaments',
      read: false,
      params: {
        tournamentName: 'Torneo Radar di Roma',
        competitionGuid: guid.toUpperCase(),
        reasons: ['region', 'province', 'type'],
        matchingFilters: 2,
      },
    });
    expect(await newTournaments(bob)).toEqual([]);

    // Ingesting and matching again changes nothing.
    await runIngestion(ingestion);
    expect(await runMatching({ db: t.database.db, queue, now: ingestion.now })).toMatchObject({
      events: 0,
      notifications: 0,
    });
    expect(await newTournaments(alice)).toHaveLength(1);
  });

  it('runs through the jobs: an ingestion pass that records new competitions asks for matching', async () => {
    // Every queue an ingestion pass may feed is declared first, as server.ts does.
    for (const job of [ingestJob, matchJob, remindJob, liveUpdatesJob])
      await declareJob(queue, job, TEST_JOB_SETTINGS);
    await startJob(queue, matchJob, {
      boss: queue,
      db: t.database.db,
      now: ingestion.now,
      logger: silentLogger,
    });
    await startJob(queue, ingestJob, { ...ingestion, boss: queue });
    expect((await queue.getSchedules('match')).map((s) => s.cron)).toEqual(['*/5 * * * *']);

    sim.script.addCompetition({ name: 'Torneo Radar di Milano', province: 'MI' });
    await requestIngestion(queue);
    const [notification] = await waitFor(
      async () => {
        const list = await newTournaments(bob);
        return list.length > 0 ? list : undefined;
      },
      { what: 'the notification of the job run', timeoutMs: 30_000 },
    );
    expect(notification?.params).toMatchObject({
      tournamentName: 'Torneo Radar di Milano',
      reasons: ['region'],
      matchingFilters: 1,
    });
    // Alice's Lombardy filter matched too; her Rome notification is still the only other one.
    expect((await newTournaments(alice)).map((n) => n.params.tournamentName).sort()).toEqual([
      'Torneo Radar di Milano',
      'Torneo Radar di Roma',
    ]);
  });
});
