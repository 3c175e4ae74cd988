/**
 * Live updates of the real dialect's items: a competition's documents and orders of play (no
 * tournament) reach the followers of any of its tournaments once each; a draw reaches its own
 * tournament's followers, once per published version. Ingested from the in-memory federation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, subscriptions } from '../../../src/db/schema';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { runLiveUpdates } from '../../../src/modules/subscriptions/live-updates.service';
import { createUser } from '../../helpers/factories';
import {
  FakeFederation,
  fakeCompetition,
  fakeDetail,
  fakeMatch,
  fakeRow,
  fakeTournament,
} from '../../helpers/fake-federation';
import { silentLogger } from '../../helpers/logger';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('live updates of files and draws', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T08:00:00Z');
  const fed = new FakeFederation();
  let deps: IngestionDeps;

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, now: () => clock });
    deps = { db: t.database.db, federation: fed, logger: silentLogger, now: () => clock };
  });
  afterAll(() => t.close());

  it('tells each follower of the competition once of a file, and a draw only to its tournament', async () => {
    const row = fakeRow({ n: 1, provinceId: 15, startDate: '2026-06-09', endDate: '2026-06-14' });
    const closed = new Date('2026-06-01T10:00:00Z');
    const singles = fakeTournament('T-SINGLES', 1, { registrationClosesAt: closed });
    const doubles = fakeTournament('T-DOUBLES', 2, { registrationClosesAt: closed, isDouble: true });
    const comp = { ...fakeCompetition(row), detail: fakeDetail(row, [singles, doubles]) };
    fed.add(comp);
    await runIngestion(deps); // the baseline

    const both = await createUser(t.database.db);
    const onlyDoubles = await createUser(t.database.db);
    const before = new Date(clock.getTime() - 60_000);
    await t.database.db.insert(subscriptions).values([
      { userId: both.id, competitionGuid: row.guid, tournamentUuid: 'T-SINGLES', createdAt: before },
      { userId: both.id, competitionGuid: row.guid, tournamentUuid: 'T-DOUBLES', createdAt: before },
      { userId: onlyDoubles.id, competitionGuid: row.guid, tournamentUuid: 'T-DOUBLES', createdAt: before },
    ]);

    comp.documents.push('bando.pdf');
    comp.draws.set('1:S1', {
      tournamentId: 1,
      sectionCode: 'S1',
      matches: [fakeMatch(1, 'ROSSI MARIO', 'VERDI LUCA')],
    });
    clock = new Date(clock.getTime() + 6 * 3_600_000);
    const summary = await runIngestion(deps);
    expect(summary.events).toMatchObject({ new_document: 1, new_scoreboard: 1 });

    const live = () =>
      runLiveUpdates({
        db: t.database.db,
        queue: t.queue as NonNullable<TestApp['queue']>,
        now: () => clock,
      });
    expect(await live()).toBe(3);
    expect(await live()).toBe(0);
    const of = async (userId: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId)))
        .map((n) => n.type)
        .sort();
    expect(await of(both.id)).toEqual(['new_document', 'new_scoreboard']);
    expect(await of(onlyDoubles.id)).toEqual(['new_document']);
  });
});
