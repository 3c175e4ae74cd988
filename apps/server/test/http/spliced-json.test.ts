/**
 * A search answer written with its kept parts spliced (docs/decisions/135) is byte for byte what
 * JSON.stringify writes, for kept and new answers of every view and for the user's own fields.
 */
import { type SearchCompetitionsBody, searchCompetitionsBodySchema } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filters, fitpCards, subscriptions, tournaments } from '../../src/db/schema';
import { trustedJson } from '../../src/http/serializers';
import { spliceable, splicedJson, splicedJsonStats, walkable } from '../../src/http/spliced-json';
import { searchCompetitions } from '../../src/modules/competitions/competitions.service';
import { createFederationTestApp, type FederationTestApp } from '../helpers/competitions';
import { silentLogger } from '../helpers/logger';

describe('spliced JSON', () => {
  it('writes what JSON.stringify writes, splicing only an object whose first fields are still its head’s', () => {
    const head = { id: 1, name: 'Open "Roma"', nested: { a: [1, 2] }, gone: undefined, when: new Date(0) };
    const own = (extra: object) => spliceable(head, { ...head, ...extra });
    const values: unknown[] = [
      own({ followed: true, skipped: undefined, fn: () => 1, list: [own({ deep: null })] }),
      walkable({
        items: [own({ x: 1 }), own({ x: 2 }), { plain: true }, undefined],
        at: new Date(1),
        u: undefined,
      }),
      walkable({ items: [{ plain: 1 }, own({ y: 2 })], empty: [], nothing: null }),
      spliceable({}, { first: 1 }),
      spliceable({ gone: undefined }, { gone: undefined, first: 'x' }),
      [own({ a: 1 }), 'text', 3, null],
      'a string',
      42,
      null,
    ];
    const spliced = splicedJsonStats.spliced;
    for (const value of values) expect(splicedJson(value)).toBe(JSON.stringify(value));
    expect(splicedJsonStats.spliced).toBeGreaterThan(spliced);

    // A head's field changed after the spread, or fields moved: written whole, still right.
    const whole = splicedJsonStats.whole;
    const changed = own({ z: 1 });
    changed.name = 'Other';
    const moved = spliceable(head, { name: head.name, id: head.id, z: 1 });
    for (const value of [changed, moved]) expect(splicedJson(value)).toBe(JSON.stringify(value));
    expect(splicedJsonStats.whole).toBe(whole + 2);
  });

  it('is what trustedJson writes in production', () => {
    const data = walkable({ items: [spliceable({ a: 1 }, { a: 1, b: 2 })] });
    const serialize = trustedJson(true)({} as never) as (value: unknown) => string;
    expect(serialize(data)).toBe(JSON.stringify(data));
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
    await db
      .insert(subscriptions)
      .values(
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
    const { spliced, whole } = splicedJsonStats;
    for (const body of bodies) {
      const query = searchCompetitionsBodySchema.parse(body);
      // New, then kept.
      for (let i = 0; i < 2; i++) {
        const served = await searchCompetitions(deps, ctx.user, query);
        if (served.kind === 'unavailable') throw new Error('no answer');
        expect(splicedJson(served.data)).toBe(JSON.stringify(served.data));
      }
    }
    expect(splicedJsonStats.spliced).toBeGreaterThan(spliced);
    expect(splicedJsonStats.whole).toBe(whole);
  });
});
