import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { competitions } from '../../src/db/schema';
import type { FederationClient } from '../../src/federation';
import { readText } from '../../src/federation/quirks';
import { runIngestion } from '../../src/modules/ingestion/ingestion.service';
import { createFederationTestApp, type FederationTestApp } from '../helpers/competitions';
import { testFederationClient } from '../helpers/federation';
import { testConfig } from '../helpers/test-app';

describe('text from the federation (issue 16, point 3)', { timeout: 120_000 }, () => {
  let ctx: FederationTestApp;
  beforeAll(async () => {
    ctx = await createFederationTestApp();
  });
  afterAll(() => ctx.close());

  it('drops NUL characters and replaces lone surrogates', () => {
    expect(readText('Circolo\u0000 Tennis')).toBe('Circolo Tennis');
    expect(readText('Open \uD800del Lago')).toBe('Open \uFFFDdel Lago');
    expect(readText('Torneo 🎾')).toBe('Torneo 🎾');
    expect(readText('\u0000')).toBeUndefined();
  });

  it('stores a row holding a NUL, with the rest of its page and the pages after it', async () => {
    const bad = ctx.sim.script.addCompetition({ name: 'Torneo\u0000 di Prova', city: 'Co\uDC00mo' });
    const after = ctx.sim.script.addCompetition({ name: 'Torneo seguente' });
    await runIngestion(ctx.ingestion);
    const [stored] = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, bad.guid));
    expect(stored?.name).toBe('Torneo di Prova');
    expect(stored?.city).toBe('Co\uFFFDmo');
    const [next] = await ctx.test.database.db
      .select()
      .from(competitions)
      .where(eq(competitions.guid, after.guid));
    expect(next?.name).toBe('Torneo seguente');
  });
});

describe('a row the database refuses (point 3)', { timeout: 120_000 }, () => {
  it('is skipped and logged alone: the rest of the calendar and the details are stored', async () => {
    const ctx = await createFederationTestApp({ ingest: false });
    try {
      const before = ctx.sim.script.addCompetition({ name: 'Prima del guasto' });
      const bad = ctx.sim.script.addCompetition({ name: 'Numero impossibile' });
      const after = ctx.sim.script.addCompetition({ name: 'Dopo il guasto' });
      // A value no integer column holds, on one row of the federation's answers: the bulk write
      // of the rows fails on it.
      const real = ctx.ingestion.federation;
      const federation: FederationClient = {
        ...real,
        listPage: async (query, call) => {
          const page = await real.listPage(query, call);
          return {
            ...page,
            rows: page.rows.map((row) =>
              row.guid === bad.guid ? { ...row, tpraId: 5_000_000_000_000 } : row,
            ),
          };
        },
      };
      const summary = await runIngestion({ ...ctx.ingestion, federation });
      expect(summary).toMatchObject({ rowsFailed: 1, error: null, federationDown: false });
      expect(summary.listed).toBeGreaterThan(100);
      expect(summary.detailsRead).toBeGreaterThan(0);
      const stored = await ctx.test.database.db.select({ guid: competitions.guid }).from(competitions);
      const guids = new Set(stored.map((row) => row.guid));
      expect(guids.has(before.guid)).toBe(true);
      expect(guids.has(after.guid)).toBe(true);
      expect(guids.has(bad.guid)).toBe(false);
      expect(guids.size).toBe(summary.listed - 1);
    } finally {
      await ctx.close();
    }
  });
});

describe('a live detail read against a slow federation (point 11)', { timeout: 120_000 }, () => {
  it('answers within the live timeout with the stored data, marked degraded', async () => {
    const ctx = await createFederationTestApp();
    const guid = (
      await ctx.test.database.db.select({ guid: competitions.guid }).from(competitions).limit(1)
    )[0]?.guid;
    expect(guid).toBeTruthy();
    // A federation whose detail call never answers (and ignores timeouts): only the overall
    // budget can end the wait.
    const real = testFederationClient(ctx.sim.url);
    let release: () => void = () => undefined;
    const hung = new Promise<never>((_resolve, reject) => {
      release = () => reject(new Error('released'));
    });
    hung.catch(() => undefined);
    const hanging: FederationClient = { ...real, competitionDetail: () => hung };
    // The stored detail is older than a minute: the detail asks the federation again.
    ctx.sim.clock.advance({ minutes: 2 });
    const app = await buildApp({
      config: testConfig({ FITP_TIMEOUT_MS: '300' }),
      database: ctx.test.database,
      queue: null,
      mailer: ctx.test.mailer,
      logger: false,
      federation: hanging,
      now: () => ctx.sim.clock.now(),
    });
    try {
      const response = await app.inject({
        url: `/api/competitions/${guid}`,
        headers: { cookie: ctx.cookie },
      });
      expect(response.statusCode).toBe(207);
      expect(response.json()).toMatchObject({ serviceDown: true, data: { competition: { guid } } });
      expect(response.headers['cache-control']).toBe('private, no-store');
    } finally {
      release();
      await app.close();
      await ctx.close();
    }
  });
});
