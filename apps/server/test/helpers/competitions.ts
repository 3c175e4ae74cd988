import type { SimulatorHandle, SimulatorOptions } from '@radar/fitp-simulator';
import type { DrawDescriptor, MatchableCompetition, SearchCompetitionsBody } from '@radar/shared';
import { afterAll, beforeAll } from 'vitest';
import { competitions, tournaments, type User } from '../../src/db/schema';
import { type IngestionDeps, runIngestion } from '../../src/modules/ingestion/ingestion.service';
import { createUser, signIn } from './factories';
import { startTestSimulator, testFederationClient } from './federation';
import { silentLogger } from './logger';
import { createTestApp, type TestApp } from './test-app';

export type Stored = MatchableCompetition & { guid: string; name: string; searchText: string };

export interface FederationTestApp {
  sim: SimulatorHandle;
  test: TestApp;
  ingestion: IngestionDeps;
  user: User;
  cookie: string;
  close(): Promise<void>;
}

/** The app on a test simulator (its clock is the app's), with the calendar ingested and a signed-in user. */
export async function createFederationTestApp(
  options: {
    ingest?: boolean;
    user?: Parameters<typeof createUser>[1];
    /** The simulator's options (a smaller calendar for tests that script their own competitions). */
    simulator?: SimulatorOptions;
    /** With the job queue (no workers, no schedules): a test looks at the jobs the app asks for. */
    withQueue?: boolean;
    /** The app's environment (e.g. its federation timeouts). */
    env?: Record<string, string>;
  } = {},
): Promise<FederationTestApp> {
  const sim = await startTestSimulator(options.simulator);
  const federation = testFederationClient(sim.url);
  const now = () => sim.clock.now();
  const test = await createTestApp({ federation, now, withQueue: options.withQueue, env: options.env });
  const ingestion: IngestionDeps = { db: test.database.db, federation, logger: silentLogger, now };
  if (options.ingest ?? true) await runIngestion(ingestion);
  const user = await createUser(test.database.db, options.user);
  const cookie = await signIn(test.database.db, user);
  return {
    sim,
    test,
    ingestion,
    user,
    cookie,
    async close() {
      await test.close();
      await sim.close();
    },
  };
}

/**
 * One federation test app for the enclosing describe block: created before its tests, closed
 * after them. The returned object reads the current app (as `useTestApp` does).
 */
export function useFederationTestApp(
  options: Parameters<typeof createFederationTestApp>[0] = {},
): FederationTestApp {
  let current: FederationTestApp | undefined;
  beforeAll(async () => {
    current = await createFederationTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('the federation test app is created in beforeAll');
    return current;
  };
  return {
    get sim() {
      return get().sim;
    },
    get test() {
      return get().test;
    },
    get ingestion() {
      return get().ingestion;
    },
    get user() {
      return get().user;
    },
    get cookie() {
      return get().cookie;
    },
    close: () => get().close(),
  };
}

/** A band's class, read independently of the app: `3.1` → 3, `4.NC` → 4, padel's `2` → 2. */
const classOfBand = (band: string): number | null => {
  const digit = Number(band.charAt(0));
  return digit >= 1 && digit <= 4 && (band.length === 1 || band.charAt(1) === '.') ? digit : null;
};

/** An age code's group: `U08`…`U18` giovanili, `O30`… veterani, `NOR`/`NOF` open. */
const groupOfAge = (code: string): string | null => {
  if (/^U\d+$/.test(code)) return 'giovanili';
  if (/^O\d+$/.test(code)) return 'veterani';
  return code === 'NOR' || code === 'NOF' ? 'open' : null;
};

/**
 * The draws a list row offers (issue 27 point 3: the federation ignores these filters, we match
 * them on its `;` lists): every type × class of its bands × group of its ages, a list left empty
 * matching any.
 */
function listDraws(c: { drawTypes: string[]; bands: string[]; ageCodes: string[] }): DrawDescriptor[] {
  const distinct = <T>(values: (T | null)[]): (T | null)[] => {
    const known = [...new Set(values.filter((v): v is T => v !== null))];
    return known.length ? known : [null];
  };
  const types = distinct(c.drawTypes);
  const classes = distinct(c.bands.map(classOfBand));
  const ages = distinct(c.ageCodes.map(groupOfAge));
  return types.flatMap((type) =>
    classes.flatMap((categoryClass) => ages.map((ageCategory) => ({ type, categoryClass, ageCategory }))),
  );
}

/** Every stored competition as the shared predicate sees it. */
export async function loadStored(app: TestApp): Promise<Stored[]> {
  const rows = await app.database.db.select().from(competitions);
  const draws = await app.database.db.select().from(tournaments);
  return rows.map((c) => ({
    guid: c.guid,
    name: c.name,
    searchText: c.searchText,
    regionId: c.regionId,
    provinceId: c.provinceId,
    codFonte: c.codFonte,
    startDate: c.startDate,
    endDate: c.endDate,
    prizeMoney: c.prizeMoney,
    idStato: c.idStato,
    registrationOpensAt: c.registrationOpensAt,
    registrationClosesAt: c.registrationClosesAt,
    draws: [
      { type: c.tipoTorneo, categoryClass: c.catClass, ageCategory: c.catEta },
      ...listDraws(c),
      ...draws.filter((t) => t.competitionGuid === c.guid),
    ],
    venuePoint: c.venueLat === null || c.venueLng === null ? null : { lat: c.venueLat, lng: c.venueLng },
  }));
}

/** `POST /api/competitions/search_competitions` as the app's signed-in user (or `cookie`'s). */
export function postSearch(
  ctx: Pick<FederationTestApp, 'test' | 'cookie'>,
  body: SearchCompetitionsBody,
  cookie = ctx.cookie,
) {
  return ctx.test.app.inject({
    method: 'POST',
    url: '/api/competitions/search_competitions',
    headers: { cookie },
    payload: body,
  });
}
