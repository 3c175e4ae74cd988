/**
 * Federation faults (issue 16): 503s, timeouts, 204s, malformed rows and rows holding NUL,
 * scripted in the simulator (packages/fitp-simulator/src/faults.ts). While the federation
 * misbehaves, what is stored is served, marked degraded; after it recovers, nothing is lost:
 * every competition and document published meanwhile is stored, and its change events are
 * recorded once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionEvents, competitions, tournamentItems } from '../../src/db/schema';
import { runIngestion } from '../../src/modules/ingestion/ingestion.service';
import { createFederationTestApp, type FederationTestApp } from '../helpers/competitions';
import { testFederationClient } from '../helpers/federation';

describe('federation faults', { timeout: 180_000 }, () => {
  let ctx: FederationTestApp;
  let storedBefore: number;

  beforeAll(async () => {
    // A user's live read waits up to a minute: "within the live budget" below does not hang on
    // how fast the machine runs the slow federation's calls (each 1.5 s, several in a read).
    ctx = await createFederationTestApp({
      env: { FITP_TIMEOUT_MS: '60000', FITP_LIVE_TIMEOUT_MS: '60000' },
    });
    // A client that gives up on a slow answer quickly (the timeout fault below), the search too
    // (its own timeout is longer, §10).
    ctx.ingestion = {
      ...ctx.ingestion,
      federation: testFederationClient(ctx.sim.url, { timeoutMs: 400, listTimeoutMs: 1_000, maxRetries: 1 }),
    };
    storedBefore = (await ctx.test.database.db.select({ guid: competitions.guid }).from(competitions)).length;
    // The baseline pass reads every detail, file list and draw due (decision 181): the suite's time.
  }, 180_000);
  afterAll(() => ctx.close());

  const count = async () =>
    (await ctx.test.database.db.select({ guid: competitions.guid }).from(competitions)).length;
  const search = (text: string) =>
    ctx.test.app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      headers: { cookie: ctx.cookie },
      payload: { search: text },
    });
  const detail = (guid: string) =>
    ctx.test.app.inject({ url: `/api/competitions/${guid}`, headers: { cookie: ctx.cookie } });

  /** Published while the federation misbehaves: must all be there after it recovers. */
  const publishedDuringOutage: { guid: string; name: string }[] = [];

  it('serves stored data marked degraded through 503s and timeouts, and loses nothing', async () => {
    const known = (await ctx.test.database.db.select().from(competitions).limit(1))[0];
    if (!known) throw new Error('nothing stored');

    for (const fault of [
      { kind: 'error' as const, status: 503 },
      { kind: 'slow' as const, delayMs: 1_500 },
    ]) {
      ctx.sim.script.clearFaults();
      const name = `Pubblicato durante ${fault.kind}`;
      publishedDuringOutage.push({ guid: ctx.sim.script.addCompetition({ name }).guid, name });
      ctx.sim.script.fault(fault);
      const summary = await runIngestion(ctx.ingestion);
      expect(summary.federationDown, fault.kind).toBe(true);
      expect(await count(), fault.kind).toBe(storedBefore);

      // The search serves the stored calendar, marked degraded while the federation is down.
      const found = await search(known.name);
      expect(found.statusCode, fault.kind).toBe(207);
      expect(found.json()).toMatchObject({ serviceDown: true });
      expect(found.json().data.total).toBeGreaterThan(0);
      // A detail read live: a failing federation gives the stored detail, degraded; a slow one
      // within the live budget answers fresh.
      ctx.sim.clock.advance({ minutes: 2 });
      const read = await detail(known.guid);
      if (fault.kind === 'error') {
        expect(read.statusCode).toBe(207);
        expect(read.json()).toMatchObject({ serviceDown: true, data: { competition: { guid: known.guid } } });
      } else {
        expect(read.statusCode).toBe(200);
        expect(read.json().competition.guid).toBe(known.guid);
      }
    }
  });

  it('keeps the readable rows of malformed pages, and stores rows holding NUL cleaned', async () => {
    ctx.sim.script.clearFaults();
    const withNul = ctx.sim.script.addCompetition({ name: 'Torneo\u0000 del Porto' });
    publishedDuringOutage.push({ guid: withNul.guid, name: 'Torneo del Porto' });
    ctx.sim.script.fault({ kind: 'malformed', endpoint: 'list', times: 2 });
    const summary = await runIngestion(ctx.ingestion);
    expect(summary.error).toBeNull();
    const [stored] = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, withNul.guid));
    expect(stored?.name).toBe('Torneo del Porto');
  });

  it('treats a 204 detail as not published yet, and reads it once published', async () => {
    ctx.sim.script.clearFaults();
    const added = ctx.sim.script.addCompetition({ name: 'Dettaglio in arrivo' });
    const uid = added.tournamentUids[0] ?? '';
    ctx.sim.script.fault({ kind: 'no-content', guid: added.guid });
    const document = ctx.sim.script.addDocument({ tournamentUid: uid, title: 'Locandina in arrivo' });
    const first = await runIngestion(ctx.ingestion);
    expect(first.detailsUnpublished).toBeGreaterThan(0);
    // Documents are the competition's (decision 182): none read while it has no detail.
    const documents = () =>
      ctx.test.database.db
        .select()
        .from(tournamentItems)
        .where(and(eq(tournamentItems.competitionGuid, added.guid), eq(tournamentItems.kind, 'document')));
    const [unpublished] = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, added.guid));
    expect(unpublished?.detailStatus).toBe('unpublished');
    expect(await documents()).toHaveLength(0);

    ctx.sim.script.clearFaults();
    // Its detail is asked again at its interval (decision 181: 5 hours before the start).
    ctx.sim.clock.advance({ hours: 6 });
    const second = await runIngestion(ctx.ingestion);
    expect(second.detailsRead).toBeGreaterThan(0);
    const [published] = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, added.guid));
    expect(published?.detailStatus).toBe('found');
    expect((await documents()).map((item) => item.itemKey)).toEqual([document.fileName]);
  });

  it('after recovery, has every competition published meanwhile, each recorded once', async () => {
    ctx.sim.script.clearFaults();
    ctx.sim.clock.advance({ minutes: 20 });
    const summary = await runIngestion(ctx.ingestion);
    expect(summary).toMatchObject({ federationDown: false, error: null });
    const guids = publishedDuringOutage.map((c) => c.guid);
    const stored = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(inArray(competitions.guid, guids));
    expect(stored.map((c) => c.name).sort()).toEqual(publishedDuringOutage.map((c) => c.name).sort());
    const events = await ctx.test.database.db
      .select()
      .from(competitionEvents)
      .where(
        and(inArray(competitionEvents.competitionGuid, guids), eq(competitionEvents.kind, 'new_competition')),
      );
    expect(events).toHaveLength(guids.length);
    // A second pass records nothing again.
    await runIngestion(ctx.ingestion);
    const again = await ctx.test.database.db
      .select()
      .from(competitionEvents)
      .where(
        and(inArray(competitionEvents.competitionGuid, guids), eq(competitionEvents.kind, 'new_competition')),
      );
    expect(again).toHaveLength(guids.length);
    // Served normally again.
    ctx.sim.clock.advance({ minutes: 2 });
    expect((await search('Pubblicato durante')).statusCode).toBe(200);
  });
});
