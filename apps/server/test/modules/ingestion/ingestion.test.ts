import type { SimulatorHandle } from '@radar/fitp-simulator';
import { asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import {
  competitionEvents,
  competitions,
  participants,
  tournamentItems,
  tournaments,
} from '../../../src/db/schema';
import { readFederationStatus } from '../../../src/modules/ingestion/ingestion.repository';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { type IngestionBed, startIngestionBed } from '../../helpers/ingestion';

describe('ingestion', () => {
  let sim: SimulatorHandle;
  let database: Database;
  let deps: IngestionDeps;
  let bed: IngestionBed;

  beforeAll(async () => {
    bed = await startIngestionBed();
    ({ sim, database, deps } = bed);
  });
  afterEach(() => sim.script.clearFaults());
  afterAll(() => bed.close());

  const events = () => database.db.select().from(competitionEvents).orderBy(asc(competitionEvents.id));
  const countOf = async (
    table: typeof competitions | typeof tournaments | typeof participants | typeof tournamentItems,
  ) => (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  /** Lets the federation's clock move on, as real changes happen at different instants. */
  const later = () => sim.clock.advance({ minutes: 7 });

  it('loads the whole calendar at the first pass, recording no events and marking nothing new', async () => {
    const summary = await runIngestion(deps);
    const published = sim.federation.published(sim.clock.nowMs());
    expect(summary).toMatchObject({
      baseline: true,
      listed: published.length,
      added: published.length,
      error: null,
    });
    expect(Object.values(summary.events).every((n) => n === 0)).toBe(true);
    expect(summary.detailsRead).toBeGreaterThan(100);
    expect(summary.detailsFailed).toBe(0);
    expect(await countOf(competitions)).toBe(published.length);
    expect(
      (await database.db.select({ n: count() }).from(competitions).where(isNotNull(competitions.addedAt)))[0]
        ?.n,
    ).toBe(0);
    expect(await countOf(tournaments)).toBeGreaterThan(summary.detailsRead);
    expect(await countOf(participants)).toBeGreaterThan(1000);
    expect(await countOf(tournamentItems)).toBeGreaterThan(100);
    expect(await events()).toEqual([]);
    const status = await readFederationStatus(database.db);
    expect(status).toMatchObject({ state: 'up' });
    expect(status?.baselineCompletedAt).toBeInstanceOf(Date);

    // What it stored is what the federation says.
    const sample = published.find(
      (c) => c.tournaments.length > 1 && c.endDay * 86_400_000 > sim.clock.nowMs(),
    );
    const [row] = await database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, sample?.guid ?? ''));
    expect(row).toMatchObject({
      name: sample?.name,
      city: sample?.city,
      provinceId: sample?.province.id,
      regionId: sample?.province.regionId,
      prizeMoney: sample?.prizeMoney,
      detailStatus: 'found',
    });
    const stored = await database.db
      .select()
      .from(tournaments)
      .where(eq(tournaments.competitionGuid, sample?.guid ?? ''));
    expect(stored.map((t) => t.uuid).sort()).toEqual(sample?.tournaments.map((t) => t.uid).sort());
  });

  it('records nothing when run again over unchanged data', async () => {
    const summary = await runIngestion(deps);
    expect(summary).toMatchObject({ baseline: false, added: 0, detailsRead: 0, error: null });
    expect(Object.values(summary.events).every((n) => n === 0)).toBe(true);
    expect(await events()).toEqual([]);
  });

  it('records a new competition, and only that, the first time it is seen', async () => {
    later();
    const added = sim.script.addCompetition({ province: 'RM', name: 'Open di Primavera', prizeMoney: 1200 });
    sim.script.addDocument({ tournamentUid: added.tournamentUids[0] ?? '', title: 'Locandina' });
    const summary = await runIngestion(deps);
    expect(summary.events).toMatchObject({ new_competition: 1, tournament_added: 0, new_document: 0 });
    const recorded = await events();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: 'new_competition',
      competitionGuid: added.guid,
      tournamentUuid: null,
      payload: { competitionName: 'Open di Primavera', regionId: 12, provinceId: 58, codFonte: 1 },
      createdAt: sim.clock.now(),
    });
    const [row] = await database.db.select().from(competitions).where(eq(competitions.guid, added.guid));
    expect(row?.addedAt).toEqual(sim.clock.now());
    expect(row?.itemsCount).toBe(1);
  });

  it('records a new tournament, document, order of play and draw of a known competition', async () => {
    const [known] = await database.db
      .select()
      .from(competitions)
      .where(eq(competitions.name, 'Open di Primavera'));
    const guid = known?.guid ?? '';
    const [first] = await database.db.select().from(tournaments).where(eq(tournaments.competitionGuid, guid));
    const uid = first?.uuid ?? '';
    const before = (await events()).length;

    later();
    const { uid: newUid } = sim.script.addTournament({
      competitionGuid: guid,
      type: 'Femminile',
      categoryClass: 3,
    });
    const document = sim.script.addDocument({ tournamentUid: uid, title: 'Regolamento aggiornato' });
    const orderOfPlay = sim.script.addOrderOfPlay({ tournamentUid: uid, title: 'OdG sabato' });
    const draw = sim.script.addDraw({ tournamentUid: uid, title: 'Tabellone finale' });
    const summary = await runIngestion(deps);
    expect(summary.events).toMatchObject({
      new_competition: 0,
      tournament_added: 1,
      new_document: 1,
      new_order_of_play: 1,
      new_scoreboard: 1,
    });
    const recorded = (await events()).slice(before);
    expect(recorded.map((e) => [e.kind, e.tournamentUuid, e.itemId])).toEqual(
      expect.arrayContaining([
        ['tournament_added', newUid, null],
        ['new_document', uid, document.id],
        ['new_order_of_play', uid, orderOfPlay.id],
        ['new_scoreboard', uid, draw.id],
      ]),
    );
    const drawEvent = recorded.find((e) => e.kind === 'new_scoreboard');
    expect(drawEvent?.payload).toMatchObject({
      competitionName: 'Open di Primavera',
      title: 'Tabellone finale',
      tournamentDescription: first?.description,
    });
    expect(String(drawEvent?.payload.url)).toMatch(new RegExp(`^${sim.url}/files/`));
    // Ids grow with each recording.
    const ids = recorded.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // A document of the new tournament is news too, now that the tournament is known.
    later();
    sim.script.addDocument({ tournamentUid: newUid, title: 'Programma femminile' });
    expect((await runIngestion(deps)).events.new_document).toBe(1);
  });

  it('records a moved registration deadline and moved dates, once each', async () => {
    const [known] = await database.db
      .select()
      .from(competitions)
      .where(eq(competitions.name, 'Open di Primavera'));
    const guid = known?.guid ?? '';
    later();
    sim.script.updateCompetition({ guid, registrationClosesAt: '2026-06-22T18:00:00' });
    let summary = await runIngestion(deps);
    expect(summary.events).toMatchObject({ deadline_changed: 1, dates_changed: 0 });
    const deadline = (await events()).at(-1);
    expect(deadline).toMatchObject({
      kind: 'deadline_changed',
      competitionGuid: guid,
      payload: { from: known?.registrationClosesAt?.toISOString(), to: '2026-06-22T16:00:00.000Z' },
    });

    later();
    sim.script.updateCompetition({ guid, startDate: '2026-06-27', endDate: '2026-07-05' });
    summary = await runIngestion(deps);
    expect(summary.events).toMatchObject({ deadline_changed: 0, dates_changed: 1 });
    expect((await events()).at(-1)).toMatchObject({
      kind: 'dates_changed',
      payload: {
        from: { startDate: known?.startDate, endDate: known?.endDate },
        to: { startDate: '2026-06-27', endDate: '2026-07-05' },
      },
    });

    const total = (await events()).length;
    summary = await runIngestion(deps);
    expect(Object.values(summary.events).every((n) => n === 0)).toBe(true);
    expect(await events()).toHaveLength(total);
  });

  it('records each change once even when two passes run at the same time', async () => {
    later();
    const a = sim.script.addCompetition({ province: 'MI' });
    sim.script.addCompetition({ province: 'NA' });
    const before = (await events()).length;
    const [one, two] = await Promise.all([runIngestion(deps), runIngestion(deps)]);
    expect((one?.events.new_competition ?? 0) + (two?.events.new_competition ?? 0)).toBe(2);
    const recorded = (await events()).slice(before);
    expect(recorded.map((e) => e.kind)).toEqual(['new_competition', 'new_competition']);
    expect(recorded.map((e) => e.competitionGuid)).toContain(a.guid);
  });

  it('keeps going when one competition fails, and reads it at the next pass', async () => {
    later();
    const broken = sim.script.addCompetition({ province: 'TO' });
    const fine = sim.script.addCompetition({ province: 'TO' });
    sim.script.fault({ kind: 'error', endpoint: 'detail', guid: broken.guid });
    const summary = await runIngestion(deps);
    expect(summary).toMatchObject({ detailsFailed: 1, federationDown: false, error: null });
    expect(summary.events.new_competition).toBe(2);
    const rows = await database.db
      .select({ guid: competitions.guid, detail: competitions.detailSyncedAt })
      .from(competitions)
      .where(isNull(competitions.detailSyncedAt));
    expect(rows.map((r) => r.guid)).toContain(broken.guid);
    expect(rows.map((r) => r.guid)).not.toContain(fine.guid);

    sim.script.clearFaults();
    const next = await runIngestion(deps);
    expect(next.detailsFailed).toBe(0);
    expect(next.detailsRead).toBeGreaterThanOrEqual(1);
    const [row] = await database.db.select().from(competitions).where(eq(competitions.guid, broken.guid));
    expect(row?.detailStatus).toBe('found');
  });

  it('keeps the last good data when the federation is down, and says so', async () => {
    const storedBefore = await countOf(competitions);
    const participantsBefore = await countOf(participants);
    later();
    sim.script.addCompetition({});
    sim.script.fault({ kind: 'error', status: 503 });
    const summary = await runIngestion(deps);
    expect(summary).toMatchObject({ federationDown: true, listed: 0 });
    expect(await countOf(competitions)).toBe(storedBefore);
    expect(await countOf(participants)).toBe(participantsBefore);
    expect(await readFederationStatus(database.db)).toMatchObject({ state: 'down' });

    sim.script.clearFaults();
    const recovered = await runIngestion(deps);
    expect(recovered).toMatchObject({ federationDown: false, error: null, added: 1 });
    expect(await readFederationStatus(database.db)).toMatchObject({ state: 'up' });
  });

  it('stores a competition not published in detail yet, and reads it once it is', async () => {
    later();
    const added = sim.script.addCompetition({});
    sim.script.fault({ kind: 'no-content', guid: added.guid });
    await runIngestion(deps);
    const [pending] = await database.db.select().from(competitions).where(eq(competitions.guid, added.guid));
    expect(pending).toMatchObject({ detailStatus: 'unpublished', detailSyncedAt: null });
    sim.script.clearFaults();
    await runIngestion(deps);
    const [read] = await database.db.select().from(competitions).where(eq(competitions.guid, added.guid));
    expect(read?.detailStatus).toBe('found');
  });
});
