/**
 * End to end on the federation simulator: a card holder entered in a followed tournament, an order
 * of play scripted with their match; ingestion records it, the live-updates pass reads the PDF
 * through the federation client and tells the follower the match, in either layout.
 */
import type { SimulatorHandle } from '@radar/fitp-simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/db/schema';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { runLiveUpdates } from '../../../src/modules/subscriptions/live-updates.service';
import { createUser, linkCard, signIn } from '../../helpers/factories';
import { startTestSimulator, testFederationClient } from '../../helpers/federation';
import { silentLogger } from '../../helpers/logger';
import { followOk, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('orders of play on the federation simulator', () => {
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

  it.each(['grid', 'list'] as const)(
    'tells a follower named in a %s order of play their match',
    async (layout) => {
      const mine = layout === 'grid' ? '6091127196' : '6091127197';
      const theirs = layout === 'grid' ? '6091127198' : '6091127199';
      sim.script.addPlayer({ cardNumber: mine, name: "Nicolo'", surname: "D'Amico", gender: 'M' });
      sim.script.addPlayer({ cardNumber: theirs, name: 'Mario', surname: 'Rossi', gender: 'M' });
      const day = new Date(sim.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
      const { guid, tournamentUids } = sim.script.addCompetition({ startDate: day, endDate: day });
      for (const cardNumber of [mine, theirs]) {
        sim.script.addEntry({ tournamentUid: tournamentUids[0] ?? '', cardNumber });
      }
      sim.clock.advance({ minutes: 7 });
      await runIngestion(ingestion);
      const user = await createUser(t.database.db);
      const player = sim.script.players({ limit: 500 }).find((p) => p.cardNumber === mine);
      await linkCard(t.database.db, user, {
        cardNumber: mine,
        name: (player?.name ?? "Nicolo'").toUpperCase(),
        surname: (player?.surname ?? "D'Amico").toUpperCase(),
      });
      const client = subscriptionsClient(t.app, await signIn(t.database.db, user));
      await followOk(client, guid.toUpperCase(), (tournamentUids[0] ?? '').toUpperCase());

      sim.clock.advance({ minutes: 5 });
      const { fileName } = sim.script.addOrderOfPlay({
        competitionGuid: guid,
        date: day,
        layout,
        matches: [{ time: '10:30', court: 3, top: [theirs], bottom: [mine] }],
      });
      sim.clock.advance({ hours: 2 });
      const summary = await runIngestion(ingestion);
      expect(summary.events).toMatchObject({ new_order_of_play: 1 });
      const live = {
        db: t.database.db,
        queue: t.queue as NonNullable<TestApp['queue']>,
        now: () => sim.clock.now(),
      };
      expect(await runLiveUpdates({ ...live, federation: ingestion.federation, logger: silentLogger })).toBe(
        1,
      );
      const [notification] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user.id));
      expect(notification?.params.fileUrl).toContain(encodeURIComponent(fileName));
      expect(notification?.params.match).toEqual({
        date: day,
        time: '10:30',
        timeKind: 'at',
        court: '3',
        opponents: [layout === 'grid' ? 'ROSSI MARIO' : 'ROSSI M.'],
      });
    },
  );
});
