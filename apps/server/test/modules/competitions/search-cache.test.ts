/**
 * The search's cache of public answers (docs/decisions/132): kept while the calendar and the
 * instant allow, never stale, never holding the user's side.
 */
import type { SearchCompetitionsBody, SearchCompetitionsResponse } from '@radar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competitions, subscriptions, tournaments } from '../../../src/db/schema';
import { readSearchContext } from '../../../src/modules/competitions/competitions.repository';
import {
  foldCalendarChanges,
  SearchCache,
  searchCacheOf,
} from '../../../src/modules/competitions/search-cache';
import { postSearch, useFederationTestApp } from '../../helpers/competitions';

describe('the search cache', () => {
  const ctx = useFederationTestApp();
  const db = () => ctx.test.database.db;
  /** The calendar's version and its unfolded rows, as a search reads them. */
  const calendarState = () => readSearchContext(db(), ctx.user.id);

  async function search(body: SearchCompetitionsBody): Promise<SearchCompetitionsResponse> {
    const response = await postSearch(ctx, body);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('answers a repeated search from the cache, with the same answer', async () => {
    const cache = searchCacheOf(db());
    const first = await search({ filters: { regionId: 12 } });
    const hits = cache.stats.hits;
    const second = await search({ filters: { regionId: 12 } });
    expect(cache.stats.hits).toBe(hits + 1);
    expect(second).toEqual(first);
  });

  it('shows a change of the calendar at once, whoever wrote it', async () => {
    const [row] = await db().select().from(competitions).limit(1);
    if (!row) throw new Error('no competition');
    const before = await search({ search: 'zanzibar' });
    expect(before.total).toBe(0);
    // Written straight to the table, as another process would: the trigger moves the version.
    await db()
      .update(competitions)
      .set({ name: 'Zanzibar Open', searchText: 'zanzibar open' })
      .where(eq(competitions.guid, row.guid));
    const after = await search({ search: 'zanzibar' });
    expect(after.items.map((c) => c.guid)).toEqual([row.guid]);
    expect(after.items[0]?.name).toBe('Zanzibar Open');

    // A tournament's change shows too.
    const [draw] = await db().select().from(tournaments).where(eq(tournaments.competitionGuid, row.guid));
    if (draw) {
      await db().update(tournaments).set({ participantsCount: 77 }).where(eq(tournaments.uuid, draw.uuid));
      const again = await search({ search: 'zanzibar' });
      expect(again.items[0]?.tournaments.find((t) => t.uuid === draw.uuid)?.participantsCount).toBe(77);
    }
  });

  it('keeps the version through sync bookkeeping, and moves it for what a search shows', async () => {
    const [row] = await db().select().from(competitions).limit(1);
    if (!row) throw new Error('no competition');
    const start = (await calendarState()).version;
    await db()
      .update(competitions)
      .set({
        detailSyncedAt: new Date(),
        listSyncedAt: new Date(),
        detailFingerprint: 'another detail',
        updatedAt: new Date(),
      })
      .where(eq(competitions.guid, row.guid));
    expect((await calendarState()).version).toBe(start);
    await db()
      .update(competitions)
      .set({ participantsCount: row.participantsCount + 1 })
      .where(eq(competitions.guid, row.guid));
    expect((await calendarState()).version).toBe(start + 1);
  });

  it('keeps the version when the change rows are folded', async () => {
    const before = await calendarState();
    expect(before.pending).toBeGreaterThan(0);
    await foldCalendarChanges(db());
    const after = await calendarState();
    expect(after.version).toBe(before.version);
    expect(after.pending).toBe(0);
  });

  it('never keeps the user’s side: a new follow shows on the same search', async () => {
    const body: SearchCompetitionsBody = { filters: { regionId: 12 } };
    const first = await search(body);
    const target = first.items[0];
    const draw = target?.tournaments[0];
    if (!target || !draw) throw new Error('no result with a tournament');
    expect(target.followed).toBe(false);
    await db()
      .insert(subscriptions)
      .values({ userId: ctx.user.id, competitionGuid: target.guid, tournamentUuid: draw.uuid });
    const second = await search(body);
    expect(second.items[0]?.followed).toBe(true);
    expect(second.items[0]?.tournaments[0]?.followed).toBe(true);
  });

  it('ends its answers when a registration closes, without any change of the calendar', async () => {
    const now = ctx.sim.clock.now();
    const rows = await db().select().from(competitions);
    const open = rows
      .filter(
        (c) =>
          // The real federation gives the deadline only: registration is open until it.
          (c.registrationOpensAt === null || c.registrationOpensAt <= now) &&
          c.registrationClosesAt !== null &&
          c.registrationClosesAt > now &&
          c.startDate > now.toISOString().slice(0, 10) &&
          c.provinceId !== null,
      )
      .sort((a, b) => (a.registrationClosesAt?.getTime() ?? 0) - (b.registrationClosesAt?.getTime() ?? 0))[0];
    if (!open?.registrationClosesAt) throw new Error('no competition with open registration');
    const body: SearchCompetitionsBody = { filters: { provinceId: open.provinceId, idStatopuc: 3 } };
    const guids = async () => {
      const answer = await search({ ...body, limit: 100 });
      return answer.items.map((c) => c.guid);
    };
    expect(await guids()).toContain(open.guid);
    expect(await guids()).toContain(open.guid); // kept
    ctx.sim.clock.set(new Date(open.registrationClosesAt.getTime() + 1_000));
    expect(await guids()).not.toContain(open.guid);
  });
});

describe('SearchCache', () => {
  const ctx = useFederationTestApp({ ingest: false });
  const now = new Date('2026-06-10T08:00:00Z');

  it('keeps an answer per version, computes once for simultaneous requests, and never keeps an older version’s', async () => {
    const cache = new SearchCache(ctx.test.database.db);
    let computed = 0;
    const compute = async () => ++computed;
    const [a, b] = await Promise.all([cache.get(5, now, 'k', compute), cache.get(5, now, 'k', compute)]);
    expect([a, b, computed]).toEqual([1, 1, 1]);
    // An older version (read before a commit that another request already saw): computed, not kept.
    expect(await cache.get(4, now, 'k', compute)).toBe(2);
    expect(await cache.get(5, now, 'k', compute)).toBe(1);
    // A newer version starts afresh.
    expect(await cache.get(6, now, 'k', compute)).toBe(3);
    expect(await cache.get(6, now, 'k', compute)).toBe(3);
    // An instant before the generation began is not served from it.
    expect(await cache.get(6, new Date(now.getTime() - 1), 'k', compute)).toBe(4);
    expect(cache.stats).toEqual({ hits: 3, misses: 2, bypassed: 2 });
  });

  it('keeps at most 200 answers, dropping the least recently used', async () => {
    const cache = new SearchCache(ctx.test.database.db);
    let computed = 0;
    const compute = async () => ++computed;
    for (let i = 0; i < 200; i++) await cache.get(1, now, `k${i}`, compute);
    await cache.get(1, now, 'k0', compute); // used again: now the most recent
    await cache.get(1, now, 'k200', compute); // one too many: k1 goes
    expect(computed).toBe(201);
    expect(await cache.get(1, now, 'k0', compute)).toBe(1);
    expect(await cache.get(1, now, 'k1', compute)).toBe(202);
  });

  it('forgets a failed computation', async () => {
    const cache = new SearchCache(ctx.test.database.db);
    await expect(cache.get(1, now, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get(1, now, 'k', async () => 'ok')).toBe('ok');
  });
});
