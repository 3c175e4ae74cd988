/**
 * The optimised search (issue 17, docs/decisions/130) answers exactly what the search answered
 * before it: on the simulator's calendar, for a user with enabled and disabled filters of
 * every kind and followed (and lost) tournaments, every search — fixed ones, then random
 * criteria, pages and limits — is compared field by field with the frozen implementation in
 * helpers/search-reference.ts.
 */
import {
  EMPTY_CRITERIA,
  type EntryPlayer,
  type FilterCriteria,
  SEARCH_SORTS,
  type SearchCompetitionsBody,
  type SearchCompetitionsResponse,
  searchCompetitionsBodySchema,
} from '@radar/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  competitions,
  filters,
  fitpCards,
  participants,
  subscriptions,
  tournaments,
  users,
} from '../../../src/db/schema';
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
import { storeCard } from '../../helpers/detail-factories';
import { criteriaArb } from '../../helpers/filter-arbitraries';
import { eligibleGuids, referenceSearch, referenceSummaries } from '../../helpers/search-reference';

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

  /** The app's answer and the reference's, through JSON both (for the player of the user's card, if any). */
  const compare = async (body: SearchCompetitionsBody, player: EntryPlayer | null = null) => {
    const answer = await search(body);
    const query = searchCompetitionsBodySchema.parse(body);
    const now = ctx.sim.clock.now();
    const expected = await referenceSearch(ctx.test.database.db, ctx.user, query, now, player);
    expect({ total: answer.total, items: answer.items }, JSON.stringify(body)).toEqual(
      JSON.parse(JSON.stringify(expected)),
    );
    if (query.view === 'overview') {
      const at = matchInstant(now);
      const eligible =
        player && query.eligibleOnly ? await eligibleGuids(ctx.test.database.db, player, now) : null;
      const closing = await closingSoonRows(
        ctx.test.database.db,
        and(
          ...criteriaConditions({ ...query.filters, near: centreOf(query.filters.nearPostalCode) }, at),
          ...(eligible ? [eligible.length > 0 ? inArray(competitions.guid, eligible) : sql`false`] : []),
        ),
        at,
        5,
      );
      const summaries = await referenceSummaries(ctx.test.database.db, closing, ctx.user, at, player);
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

  it('gives a card holder the same entry verdicts and "only tournaments I can enter" (decision 206)', async () => {
    const { db } = ctx.test.database;
    // The card of an entrant of the calendar: the search must leave out what it already entered.
    const [entrant] = await db.select().from(participants).limit(1);
    if (!entrant) throw new Error('the calendar has no entrant');
    await storeCard(db, ctx.user.id, entrant.membershipCard, '4.3');
    await db.update(users).set({ fitpCardNumber: entrant.membershipCard }).where(eq(users.id, ctx.user.id));
    const entered = new Set(
      (
        await db
          .select({ uuid: participants.tournamentUuid })
          .from(participants)
          .where(eq(participants.membershipCard, entrant.membershipCard))
      ).map((p) => p.uuid),
    );
    // Some draws the federation closed or deleted (`Status`, decision 206), in the spellings a
    // tolerant reader accepts: none of them may be offered.
    const drawUuids = (await db.select({ uuid: tournaments.uuid }).from(tournaments))
      .map((t) => t.uuid)
      .sort();
    const statuses = ['Chiuso', 'ELIMINATO', ' chiuso '];
    for (const [k, status] of statuses.entries()) {
      // A fourth of the draws, a third of them in each spelling.
      const uuids = drawUuids.filter((_, i) => i % 12 === k * 4);
      if (uuids.length > 0)
        await db
          .update(tournaments)
          .set({ federationStatus: status })
          .where(inArray(tournaments.uuid, uuids));
    }
    const bodies: SearchCompetitionsBody[] = [
      {},
      { filters: { idStatopuc: 1 } },
      { eligibleOnly: true, limit: 100 },
      { eligibleOnly: true, view: 'overview' },
      { eligibleOnly: true, filters: { idStatopuc: 3 }, sort: 'deadline' },
      { eligibleOnly: true, filters: { tipoTorneo: 'Femminile' } },
      { eligibleOnly: true, page: 2, limit: 20 },
    ];
    const profiles: { gender: 'M' | 'F' | null; birthYear: number | null }[] = [
      { gender: null, birthYear: null },
      { gender: 'M', birthYear: 1985 },
      { gender: 'F', birthYear: 2012 },
      { gender: 'M', birthYear: 1978 },
      // Each alone changes the answers (and the search cache's key).
      { gender: 'F', birthYear: 1978 },
      { gender: 'F', birthYear: 2013 },
    ];
    let eligibleShown = 0;
    const reasonsShown = new Set<string>();
    for (const profile of profiles) {
      // Through the settings route, as the user sets it: the search's cache must not answer the
      // previous profile's results.
      const saved = await ctx.test.app.inject({
        method: 'PATCH',
        url: '/api/fitp/settings',
        headers: { cookie: ctx.cookie },
        payload: profile,
      });
      expect(saved.statusCode).toBe(200);
      const player: EntryPlayer = { ranking: '4.3', ...profile, entered };
      for (const body of bodies) {
        const answer = await compare(body, player);
        for (const item of answer.items) {
          if (item.eligibility?.verdict === 'eligible') eligibleShown++;
          reasonsShown.add(item.eligibility?.verdict ?? 'none');
        }
      }
    }
    // The comparison covered eligible results and the reasons why not.
    expect(eligibleShown).toBeGreaterThan(10);
    expect([...reasonsShown].sort()).toEqual(
      expect.arrayContaining(['age', 'closed', 'eligible', 'gender', 'ranking', 'unknown']),
    );
    await db.delete(fitpCards).where(eq(fitpCards.userId, ctx.user.id));
    await db.update(users).set({ fitpCardNumber: null }).where(eq(users.id, ctx.user.id));
  });
});
