import type { SimulatorHandle } from '@radar/fitp-simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { competitions, federationStatus, participants, tournaments } from '../../../src/db/schema';
import { readSearchContext } from '../../../src/modules/competitions/competitions.repository';
import {
  FEDERATION_UP_REFRESH_MS,
  markFederationDown,
  markFederationUp,
  readFederationStatus,
} from '../../../src/modules/ingestion/ingestion.repository';
import {
  type IngestionDeps,
  runIngestion,
  syncDetail,
} from '../../../src/modules/ingestion/ingestion.service';
import { type IngestionBed, startIngestionBed } from '../../helpers/ingestion';
import { createTestDatabase } from '../../helpers/test-db';

/** Decision 134: a detail read that finds nothing new writes nothing but the instant it was read. */
describe('reading a detail again', () => {
  let sim: SimulatorHandle;
  let database: Database;
  let deps: IngestionDeps;
  let bed: IngestionBed;
  let guid: string;
  let tournamentUuid: string;

  beforeAll(async () => {
    bed = await startIngestionBed();
    ({ sim, database, deps } = bed);
    await runIngestion(deps);
    const [row] = await database.db
      .select({ guid: competitions.guid, uuid: tournaments.uuid })
      .from(competitions)
      .innerJoin(tournaments, eq(tournaments.competitionGuid, competitions.guid))
      .where(sql`${tournaments.participantsCount} > 0`)
      .orderBy(sql`${competitions.endDate} desc`)
      .limit(1);
    if (!row) throw new Error('no competition with entries');
    guid = row.guid;
    tournamentUuid = row.uuid;
  });
  afterAll(() => bed.close());

  const competition = async () =>
    (await database.db.select().from(competitions).where(eq(competitions.guid, guid)))[0];
  /** The transaction ids that last wrote the competition's tournaments and entries. */
  const writers = async () => {
    const result = (await database.db.execute(sql`
      select p.xmin::text as xmin from ${participants} p
      join ${tournaments} t on t.uuid = p.tournament_uuid where t.competition_guid = ${guid}
      union all select xmin::text from ${tournaments} where competition_guid = ${guid}
      order by 1`)) as unknown as { rows: { xmin: string }[] };
    return result.rows.map((r) => r.xmin);
  };
  const calendarVersion = async () =>
    (await readSearchContext(database.db, '00000000-0000-4000-8000-000000000000')).version;

  it('moves only the read instant when the federation says the same', async () => {
    const before = await competition();
    const written = await writers();
    const version = await calendarVersion();
    sim.clock.advance({ minutes: 3 });

    expect(await syncDetail(deps, guid)).toEqual({ outcome: 'read', events: [], touchedAt: sim.clock.now() });
    const after = await competition();
    expect(after?.detailSyncedAt).toEqual(sim.clock.now());
    expect(after).toEqual({ ...before, detailSyncedAt: after?.detailSyncedAt });
    expect(await writers()).toEqual(written);
    expect(await calendarVersion()).toBe(version);
  });

  it('writes the detail when it changed', async () => {
    const entriesBefore = (await competition())?.participantsCount ?? 0;
    const fingerprint = (await competition())?.detailFingerprint;
    sim.clock.advance({ minutes: 3 });
    sim.script.addEntry({ tournamentUid: tournamentUuid });

    await syncDetail(deps, guid);
    const after = await competition();
    expect(after?.participantsCount).toBe(entriesBefore + 1);
    expect(after?.detailFingerprint).not.toBe(fingerprint);
    // …and the same detail once more is a touch again.
    const written = await writers();
    sim.clock.advance({ minutes: 3 });
    await syncDetail(deps, guid);
    expect(await writers()).toEqual(written);
  });

  it('fills in the detail’s prize again when a list pass put back a 0', async () => {
    const [row] = await database.db
      .select({ guid: competitions.guid })
      .from(competitions)
      .where(sql`${competitions.prizeMoney} > 0 and ${competitions.detailStatus} = 'found'`)
      .limit(1);
    if (!row) throw new Error('no competition with a prize');
    const { prizeMoney } =
      (await database.db.select().from(competitions).where(eq(competitions.guid, row.guid)))[0] ?? {};
    // As a list answer without the prize would leave it (the detail's fingerprint unchanged).
    await database.db.update(competitions).set({ prizeMoney: 0 }).where(eq(competitions.guid, row.guid));
    const detail = await deps.federation.competitionDetail(row.guid);
    if (detail.kind !== 'found') throw new Error('no detail');
    sim.clock.advance({ minutes: 3 });
    await syncDetail(deps, row.guid);
    const [after] = await database.db.select().from(competitions).where(eq(competitions.guid, row.guid));
    expect(after?.prizeMoney).toBe(detail.detail.prizeMoney ?? prizeMoney);
    expect(after?.prizeMoney).toBeGreaterThan(0);
  });

  it('writes the detail again once it was unpublished in between', async () => {
    sim.clock.advance({ minutes: 3 });
    sim.script.fault({ kind: 'no-content', guid });
    await syncDetail(deps, guid);
    expect((await competition())?.detailStatus).toBe('unpublished');
    sim.script.clearFaults();
    sim.clock.advance({ minutes: 3 });
    await syncDetail(deps, guid);
    expect(await competition()).toMatchObject({ detailStatus: 'found', detailSyncedAt: sim.clock.now() });
  });
});

describe('the federation marked up', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const updatedAt = async () => (await database.db.select().from(federationStatus))[0]?.updatedAt;

  it('is written when it was down or its last success is over a minute old, not at every answer', async () => {
    const t0 = new Date('2026-03-02T10:00:00Z');
    await markFederationUp(database.db, t0);
    expect(await readFederationStatus(database.db)).toMatchObject({ state: 'up', lastSuccessAt: t0 });

    const soon = new Date(t0.getTime() + FEDERATION_UP_REFRESH_MS - 1);
    await markFederationUp(database.db, soon);
    expect(await updatedAt()).toEqual(t0);

    const down = new Date(soon.getTime() + 1);
    await markFederationDown(database.db, down, new Error('503'));
    const back = new Date(down.getTime() + 1);
    await markFederationUp(database.db, back);
    expect(await readFederationStatus(database.db)).toMatchObject({ state: 'up', lastSuccessAt: back });

    const later = new Date(back.getTime() + FEDERATION_UP_REFRESH_MS);
    await markFederationUp(database.db, later);
    expect(await readFederationStatus(database.db)).toMatchObject({ state: 'up', lastSuccessAt: later });
  });
});
