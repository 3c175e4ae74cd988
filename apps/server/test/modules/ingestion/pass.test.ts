/**
 * THE pass (`runIngestPass`, the schedule's and `npm run ingest`'s) runs the card radar over the
 * entry lists it wrote; and the live refresh of one competition (decision 134) goes through the
 * same checksum: an unchanged detail only moves its read instant.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, fitpCards, participants, subscriptions, tournaments } from '../../../src/db/schema';
import { runIngestPass } from '../../../src/jobs/ingest';
import {
  type IngestionDeps,
  refreshCompetition,
  runIngestion,
} from '../../../src/modules/ingestion/ingestion.service';
import { createUser } from '../../helpers/factories';
import {
  FakeFederation,
  fakeCompetition,
  fakeDetail,
  fakeMatch,
  fakeParticipant,
  fakeRow,
  fakeTournament,
} from '../../helpers/fake-federation';
import { silentLogger } from '../../helpers/logger';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('the ingestion pass', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T08:00:00Z');
  const fed = new FakeFederation();
  let deps: IngestionDeps;

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, now: () => clock });
    deps = { db: t.database.db, federation: fed, logger: silentLogger, now: () => clock };
  });
  afterAll(() => t.close());

  it('runs the card radar after the pass: a card entered in a tournament is followed', async () => {
    const user = await createUser(t.database.db);
    await t.database.db.insert(fitpCards).values({
      userId: user.id,
      cardNumber: '0123456789',
      name: 'MARIO',
      surname: 'ROSSI',
      fetchedAt: clock,
      connectedAt: clock,
    });
    const row = fakeRow({ n: 1, provinceId: 15, startDate: '2026-06-25' });
    const entered = fakeTournament('T-ENTERED', 1, { participants: [fakeParticipant('0123456789', '4.1')] });
    fed.add({ ...fakeCompetition(row), detail: fakeDetail(row, [entered]) });
    const { summary, radar } = await runIngestPass({
      ...deps,
      boss: t.queue as NonNullable<TestApp['queue']>,
    });
    expect(summary.detailsRead).toBe(1);
    expect(radar).toMatchObject({ entered: 1, followed: 1 });
    const follows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(follows.map((s) => s.tournamentUuid)).toEqual(['T-ENTERED']);
  });

  it('refreshes one competition: an unchanged detail only moves its read instant', async () => {
    const guid = fakeRow({ n: 1, provinceId: 15, startDate: '2026-06-25' }).guid;
    const before = await t.database.db
      .select()
      .from(tournaments)
      .where(eq(tournaments.competitionGuid, guid));
    clock = new Date(clock.getTime() + 60_000);
    const outcome = await refreshCompetition(deps, guid);
    expect(outcome).toEqual({ found: true, touchedAt: clock, itemEvents: 0 });
    expect(
      await t.database.db.select().from(tournaments).where(eq(tournaments.competitionGuid, guid)),
    ).toEqual(before);
    const [stored] = await t.database.db.select().from(competitions).where(eq(competitions.guid, guid));
    expect(stored?.detailSyncedAt).toEqual(clock);
  });

  it('refreshes a competition not stored yet from its detail; 204 is not found', async () => {
    const row = fakeRow({ n: 2, provinceId: 58, startDate: '2026-07-02' });
    fed.add({
      ...fakeCompetition(row),
      detail: fakeDetail(
        row,
        [fakeTournament('T-NEW', 2, { participants: [fakeParticipant('5119882249', '4.NC')] })],
        { venues: [{ address: 'Via del Lago 1', cap: '86170', municipality: 'Isernia', province: 'IS' }] },
      ),
    });
    expect(await refreshCompetition(deps, row.guid)).toEqual({ found: true, touchedAt: null, itemEvents: 0 });
    // Until the list's row arrives, its place is the venue the detail names.
    const [stored] = await t.database.db.select().from(competitions).where(eq(competitions.guid, row.guid));
    expect(stored).toMatchObject({ city: 'Isernia', provinceSigla: 'IS', provinceId: 94, regionId: 14 });
    const entries = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.tournamentUuid, 'T-NEW'));
    expect(entries.map((p) => p.membershipCard)).toEqual(['5119882249']);
    const team = fakeRow({ n: 3, provinceId: 58, startDate: '2026-07-02', codFonte: 3, endDate: null });
    fed.add(fakeCompetition(team));
    expect(await refreshCompetition(deps, team.guid)).toEqual({ found: false });
  });
  it('a visit reads the draws of closed tournaments until the competition ends (issue 29)', async () => {
    const row = fakeRow({ n: 4, provinceId: 15, startDate: '2026-06-10', endDate: '2026-06-14' });
    const closed = fakeTournament('T-VISIT', 4, { registrationClosesAt: new Date('2026-06-01T10:00:00Z') });
    const comp = { ...fakeCompetition(row), detail: fakeDetail(row, [closed]) };
    fed.add(comp);
    await runIngestion(deps);
    const reads = fed.calls.draw;
    comp.draws.set('4:S1', {
      tournamentId: 4,
      sectionCode: 'S1',
      matches: [fakeMatch(1, 'ROSSI MARIO', 'VERDI LUCA')],
    });
    clock = new Date(clock.getTime() + 60_000);
    expect(await refreshCompetition(deps, row.guid)).toMatchObject({ found: true, itemEvents: 1 });
    expect(fed.calls.draw).toBe(reads + 1);
    // Read again, unchanged: nothing new.
    clock = new Date(clock.getTime() + 60_000);
    expect(await refreshCompetition(deps, row.guid)).toMatchObject({ found: true, itemEvents: 0 });
    // Once it has ended, a visit no longer asks for its draws.
    clock = new Date('2026-06-16T08:00:00Z');
    const before = fed.calls.draw;
    await refreshCompetition(deps, row.guid);
    expect(fed.calls.draw).toBe(before);
  });
});
