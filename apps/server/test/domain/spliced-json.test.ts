/**
 * A search answer written with its kept parts spliced (docs/decisions/135) is byte for byte what
 * JSON.stringify writes, for kept and new answers of every view and for the user's own fields.
 */
import { type SearchCompetitionsBody, searchCompetitionsBodySchema } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filters, fitpCards, subscriptions, tournaments } from '../../src/db/schema';
import {
  splicedJson,
  splicedJsonStats,
  spliceOf,
  spliceTail,
  walkable,
  withSplice,
} from '../../src/domain/spliced-json';
import { trustedJson } from '../../src/http/serializers';
import { searchCompetitions } from '../../src/modules/competitions/competitions.service';
import { createFederationTestApp, type FederationTestApp } from '../helpers/competitions';
import { silentLogger } from '../helpers/logger';

describe('spliced JSON', () => {
  it('writes what JSON.stringify writes, the spliced objects from their kept text', () => {
    const head = { id: 1, name: 'Open "Roma"', nested: { a: [1, 2] }, gone: undefined, when: new Date(0) };
    const splice = spliceOf(head, spliceTail(['followed', 'skipped', 'fn', 'list']));
    const spliced = (own: object) => withSplice({ ...head, ...own }, splice);
    const empty = spliceOf({}, spliceTail(['first', 'second']));
    const values: unknown[] = [
      spliced({ followed: true, skipped: undefined, fn: () => 1, list: [spliced({ followed: null })] }),
      walkable({
        items: [spliced({ followed: 1 }), spliced({ followed: 'x' }), { plain: true }, undefined],
        u: undefined,
      }),
      walkable({
        items: [{ plain: 1 }, spliced({ followed: 2 })],
        empty: [],
        nothing: null,
        at: new Date(1),
      }),
      withSplice({ first: 1, second: 2 }, empty),
      withSplice({ first: undefined, second: 'x' }, empty),
      [spliced({ list: [] }), 'text', 3, null, Number.NaN],
      'a string',
      42,
      false,
      null,
    ];
    const before = splicedJsonStats.spliced;
    for (const value of values) expect(splicedJson(value)).toBe(JSON.stringify(value));
    expect(splicedJsonStats.spliced).toBe(before + 7);

    // A copy (the detail spreads a summary and adds its own fields) is a plain object, written whole.
    const copy = { ...spliced({ followed: true }), more: 'detail' };
    const count = splicedJsonStats.spliced;
    expect(splicedJson(walkable({ copy: [copy] }))).toBe(JSON.stringify({ copy: [copy] }));
    expect(splicedJsonStats.spliced).toBe(count);
  });

  it('is what trustedJson writes in production', () => {
    const data = walkable({ items: [withSplice({ a: 1, b: 2 }, spliceOf({ a: 1 }, spliceTail(['b'])))] });
    const serialize = trustedJson(true)({} as never) as (value: unknown) => string;
    const before = splicedJsonStats.spliced;
    expect(serialize(data)).toBe(JSON.stringify(data));
    expect(splicedJsonStats.spliced).toBe(before + 1);
  });
});

describe('search answers, spliced', () => {
  let ctx: FederationTestApp;

  beforeAll(async () => {
    ctx = await createFederationTestApp();
    const { db } = ctx.test.database;
    const userId = ctx.user.id;
    await db.insert(filters).values([
      { userId, name: 'Iscrizioni aperte', idStatopuc: 3 },
      { userId, name: 'Quarta', catClass: 4 },
      { userId, name: 'Tutto' },
    ]);
    const draws = await db.select().from(tournaments);
    await db.insert(subscriptions).values(
      draws
        .filter((_, i) => i % 5 === 0)
        .map((t, i) => ({
          userId,
          competitionGuid: t.competitionGuid,
          tournamentUuid: t.uuid,
          lost: i % 2 === 1,
        })),
    );
    const now = ctx.sim.clock.now();
    await db.insert(fitpCards).values({
      userId,
      cardNumber: '123456',
      name: 'Mario',
      surname: 'Rossi',
      ranking: '4.1',
      fetchedAt: now,
      connectedAt: now,
    });
  });
  afterAll(() => ctx.close());

  it('writes every answer as JSON.stringify does, the kept ones spliced', async () => {
    const deps = {
      db: ctx.test.database.db,
      federation: null,
      logger: silentLogger,
      now: () => ctx.sim.clock.now(),
      liveTimeoutMs: 1_000,
      requestLiveUpdates: async () => undefined,
    };
    const bodies: SearchCompetitionsBody[] = [
      {},
      { page: 2, limit: 5 },
      { filters: { idStatopuc: 3 } },
      { eligibleOnly: true },
      { view: 'overview' },
      { view: 'schedule' },
      { view: 'documents' },
      { search: 'nothing like this' },
    ];
    for (const body of bodies) {
      const query = searchCompetitionsBodySchema.parse(body);
      // New (written whole: an answer served once pays for no splice), then kept (spliced).
      for (const served of [0, 1]) {
        const before = splicedJsonStats.spliced;
        const answer = await searchCompetitions(deps, ctx.user, query);
        if (answer.kind === 'unavailable') throw new Error('no answer');
        expect(splicedJson(answer.data)).toBe(JSON.stringify(answer.data));
        const competitions = answer.data.items.length + (answer.data.overview?.closingSoon.length ?? 0);
        if (served === 0 || competitions === 0) expect(splicedJsonStats.spliced).toBe(before);
        else expect(splicedJsonStats.spliced).toBeGreaterThan(before + competitions);
      }
    }
  });
});
