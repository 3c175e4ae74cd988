/**
 * The optimised search (issue 17, docs/decisions/130) answers exactly what the search answered
 * before it: on the simulator's calendar, for a user with enabled and disabled filters of
 * every kind and followed (and lost) tournaments, every search — fixed ones, then random
 * criteria, pages and limits — is compared field by field with the frozen implementation in
 * helpers/search-reference.ts.
 */
import {
  EMPTY_CRITERIA,
  type FilterCriteria,
  SEARCH_SORTS,
  type SearchCompetitionsBody,
  type SearchCompetitionsResponse,
  searchCompetitionsBodySchema,
} from '@radar/shared';
import { and } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filters, subscriptions, tournaments } from '../../../src/db/schema';
import { closingSoonRows } from '../../../src/modules/competitions/competitions.repository';
import { centreOf } from '../../../src/modules/competitions/competitions.service';
import { criteriaConditions, matchInstant } from '../../../src/modules/filters/filter-sql';
import {
  createFederationTestApp,
  type FederationTestApp,
  loadStored,
  postSearch,
  type Stored,
} from '../../helpers/competitions';
import { criteriaArb } from '../../helpers/filter-arbitraries';
import { referenceSearch, referenceSummaries } from '../../helpers/search-reference';

describe('search results are those of the implementation before issue 17', () => {
  let ctx: FederationTestApp;
  let stored: Stored[];

  beforeAll(async () => {
    ctx = await createFederationTestApp();
    stored = await loadStored(ctx.test);
    const { db } = ctx.test.database;
    // The most common region and province, so that filters match some results.
    const mostCommon = (key: (c: Stored) => number | null) => {
      const counts = new Map<number, number>();
      for (const c of stored) {
        const value = key(c);
        if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    };
    const regionId = mostCommon((c) => c.regionId);
    const provinceId = mostCommon((c) => c.provinceId);
    const userId = ctx.user.id;
    await db.insert(filters).values([
      { userId, name: 'Regione', regionId },
      { userId, name: 'Provincia', provinceId },
      { userId, name: 'Regione e quarta', regionId, catClass: 4 },
      { userId, name: 'Iscrizioni aperte', idStatopuc: 3 },
      { userId, name: 'Premi', prize: 1001, timePeriod: 'next_3_months' },
      { userId, name: 'Femminile', tipoTorneo: 'Femminile' },
      { userId, name: 'TPRA', codFonte: 2 },
      { userId, name: 'Veterani', catEta: 'veterani', dataInizio: stored[0]?.startDate ?? null },
      { userId, name: 'Spento', regionId, notificationsEnabled: false },
      { userId, name: 'Tutto' },
    ]);
    // Follows: the first tournament of every seventh competition; every other one lost.
    const draws = await db.select().from(tournaments);
    const followed = draws.filter((_, i) => i % 7 === 0);
    await db.insert(subscriptions).values(
      followed.map((t, i) => ({
        userId,
        competitionGuid: t.competitionGuid,
        tournamentUuid: t.uuid,
        lost: i % 2 === 1,
        notificationsEnabled: i % 2 === 0,
      })),
    );
  });
  afterAll(() => ctx.close());

  const search = async (body: SearchCompetitionsBody) => {
    const response = await postSearch(ctx, body);
    expect(response.statusCode).toBe(200);
    return response.json() as SearchCompetitionsResponse;
  };

  /** The app's answer and the reference's, through JSON both. */
  const compare = async (body: SearchCompetitionsBody) => {
    const answer = await search(body);
    const query = searchCompetitionsBodySchema.parse(body);
    const now = ctx.sim.clock.now();
    const expected = await referenceSearch(ctx.test.database.db, ctx.user, query, now);
    expect({ total: answer.total, items: answer.items }, JSON.stringify(body)).toEqual(
      JSON.parse(JSON.stringify(expected)),
    );
    if (query.view === 'overview') {
      const at = matchInstant(now);
      const closing = await closingSoonRows(
        ctx.test.database.db,
        and(...criteriaConditions({ ...query.filters, near: centreOf(query.filters.nearPostalCode) }, at)),
        at,
        5,
      );
      const summaries = await referenceSummaries(ctx.test.database.db, closing, ctx.user, at);
      expect(answer.overview?.closingSoon).toEqual(JSON.parse(JSON.stringify(summaries)));
    }
    return answer;
  };

  it('gives the same pages, totals, followed tournaments and matching filters for fixed searches', async () => {
    const bodies: SearchCompetitionsBody[] = [
      {},
      { page: 2 },
      { page: 3, limit: 7 },
      { limit: 100 },
      { limit: 50, page: 2, sort: 'deadline' },
      { page: 1_000 },
      { filters: { idStatopuc: 3 } },
      { filters: { idStatopuc: 1 }, page: 2 },
      { filters: { tipoTorneo: 'Femminile', catClass: 4 } },
      { filters: { timePeriod: 'next_month', prize: 1001 } },
      { filters: { codFonte: 2 } },
      { search: 'tennis' },
      { search: 'club', filters: { timePeriod: 'this_month' } },
      { view: 'schedule', filters: { timePeriod: 'this_week' } },
      { view: 'overview' },
      { view: 'overview', filters: { idStatopuc: 3 } },
      { filters: { nearPostalCode: '20121' }, sort: 'distance', limit: 50 },
      { filters: { nearPostalCode: '27050', withinKm: 100 }, sort: 'distance' },
      { filters: { nearPostalCode: '00118', withinKm: 30 }, page: 2, limit: 5 },
    ];
    let withMatches = 0;
    let withFollows = 0;
    for (const body of bodies) {
      const answer = await compare(body);
      withMatches += answer.items.filter((i) => i.matchingFilters.count > 0).length;
      withFollows += answer.items.filter((i) => i.followed).length;
    }
    // The comparison covered results with matching filters and with followed tournaments.
    expect(withMatches).toBeGreaterThan(20);
    expect(withFollows).toBeGreaterThan(3);
  });

  it('gives the same answers for random criteria, pages and limits', async () => {
    await fc.assert(
      fc.asyncProperty(
        criteriaArb,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(5, 20, 50),
        fc.constantFrom(...SEARCH_SORTS),
        async (criteria: FilterCriteria, page, limit, sort) => {
          const filters = Object.fromEntries(
            Object.entries(criteria).filter(
              ([key, value]) => value !== EMPTY_CRITERIA[key as keyof FilterCriteria],
            ),
          );
          const body = { filters, page, limit, sort };
          // Criteria the API refuses (e.g. a window ending before it starts) are not searches.
          fc.pre(searchCompetitionsBodySchema.safeParse(body).success);
          await compare(body);
        },
      ),
      { numRuns: 40 },
    );
  });
});
