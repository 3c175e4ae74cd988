/**
 * The filter predicate in SQL (search criteria and saved filter rows) agrees with the shared
 * `matchFilter` on random competitions, filters and instants.
 */
import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  type DrawDescriptor,
  drawKeys,
  type FilterCriteria,
  type MatchableCompetition,
  matchFilter,
  PROVINCES,
  romeLocalToInstant,
  SEARCH_TIME_PERIODS,
  TIPI_TORNEO,
} from '@radar/shared';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { competitions, filters, type User } from '../../src/db/schema';
import {
  criteriaConditions,
  criteriaOfFilterRow,
  filterMatchesCompetitionSql,
  matchInstant,
} from '../../src/modules/competitions/filter-sql';
import { createUser } from '../helpers/factories';
import { createTestDatabase } from '../helpers/test-db';

const DAY = 86_400_000;
const BASE = Date.parse('2026-03-20T00:00:00Z');
const day = (offset: number) => new Date(BASE + offset * DAY).toISOString().slice(0, 10);

/** `arb` about one time in four, else null: filters set a few criteria, not all. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 4 - weight, arbitrary: fc.constant(null) }, { weight, arbitrary: arb });

const provinceArb = fc.constantFrom(...PROVINCES.slice(0, 12), ...PROVINCES.filter((p) => p.regionId === 12));
const drawArb: fc.Arbitrary<DrawDescriptor> = fc.record({
  type: fc.option(fc.constantFrom(...TIPI_TORNEO), { nil: null, freq: 6 }),
  categoryClass: fc.option(fc.constantFrom(...CAT_CLASSES), { nil: null, freq: 6 }),
  ageCategory: fc.option(fc.constantFrom(...CAT_ETA_VALUES), { nil: null, freq: 6 }),
});

const competitionArb = fc
  .record({
    province: fc.option(provinceArb, { nil: null, freq: 10 }),
    codFonte: fc.option(fc.constantFrom(1, 2, 3), { nil: null, freq: 10 }),
    start: fc.integer({ min: -150, max: 250 }),
    length: fc.integer({ min: 0, max: 12 }),
    prizeMoney: fc.constantFrom(0, 200, 500, 501, 800, 1000, 1001, 2500),
    idStato: fc.option(fc.constantFrom(1, 2, 3, 4), { nil: null }),
    window: fc.option(
      fc.record({
        opensBefore: fc.integer({ min: 1, max: 60 }),
        closesBefore: fc.integer({ min: 0, max: 10 }),
      }),
      { nil: null, freq: 4 },
    ),
    draws: fc.array(drawArb, { minLength: 1, maxLength: 3 }),
  })
  .map((r): MatchableCompetition => {
    const startDate = day(r.start);
    return {
      regionId: r.province?.regionId ?? null,
      provinceId: r.province?.id ?? null,
      codFonte: r.codFonte,
      startDate,
      endDate: day(r.start + r.length),
      prizeMoney: r.prizeMoney,
      idStato: r.idStato,
      registrationOpensAt: r.window
        ? new Date(BASE + (r.start - r.window.opensBefore) * DAY + 3_600_000 * 9)
        : null,
      registrationClosesAt: r.window
        ? new Date(BASE + (r.start - r.window.closesBefore) * DAY - 3_600_000 * 12)
        : null,
      draws: r.draws,
    };
  });

const criteriaArb: fc.Arbitrary<FilterCriteria> = fc
  .record({
    codFonte: sometimes(fc.constantFrom(1, 2, 3)),
    idStatopuc: sometimes(fc.constantFrom(1, 2, 3, 4), 2),
    dataInizio: sometimes(fc.integer({ min: -100, max: 200 }).map(day)),
    dataFine: sometimes(fc.integer({ min: -100, max: 300 }).map(day)),
    province: sometimes(provinceArb),
    regionOnly: fc.boolean(),
    prize: sometimes(fc.constantFrom(500, 1000, 1001)),
    tipoTorneo: sometimes(fc.constantFrom(...TIPI_TORNEO)),
    catClass: sometimes(fc.constantFrom(...CAT_CLASSES)),
    catEta: sometimes(fc.constantFrom(...CAT_ETA_VALUES)),
    timePeriod: sometimes(fc.constantFrom(...SEARCH_TIME_PERIODS)),
  })
  .map(({ province, regionOnly, codFonte, idStatopuc, prize, timePeriod, ...rest }) => ({
    ...rest,
    codFonte: codFonte ?? 0,
    idStatopuc: idStatopuc ?? 0,
    prize: prize ?? 0,
    timePeriod: timePeriod ?? 'all',
    regionId: province?.regionId ?? null,
    provinceId: province && !regionOnly ? province.id : null,
  })) as fc.Arbitrary<FilterCriteria>;

/** Instants around midnight in Rome and on daylight-saving days too. */
const nowArb = fc
  .tuple(fc.integer({ min: -60, max: 240 }), fc.integer({ min: 0, max: 47 }))
  .map(([days, halfHours]) => new Date(BASE + days * DAY + halfHours * 1_800_000));

/** Any instant, or exactly one of the competitions' edges: registration opening and closing, first and last day. */
function nowAroundArb(list: MatchableCompetition[]): fc.Arbitrary<Date> {
  const edges = list.flatMap((c) => [
    ...[c.registrationOpensAt, c.registrationClosesAt].filter((d): d is Date => d !== null),
    romeMidnight(c.startDate),
    romeMidnight(c.endDate, 1),
  ]);
  return fc.oneof(
    nowArb,
    fc.constantFrom(...edges),
    fc.constantFrom(...edges).map((d) => new Date(d.getTime() - 1)),
  );
}

/** Midnight in Rome at the start of `day` (+ `plus` days). */
function romeMidnight(day: string, plus = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return romeLocalToInstant(y, m, d + plus);
}

describe('filter predicate in SQL', () => {
  let database: Database;
  let user: User;

  beforeAll(async () => {
    database = await createTestDatabase();
    user = await createUser(database.db);
  });
  afterAll(() => database.close());

  async function load(list: (MatchableCompetition & { guid: string })[]) {
    await database.db.delete(competitions);
    const stamp = new Date(BASE);
    await database.db.insert(competitions).values(
      list.map((c) => ({
        guid: c.guid,
        name: c.guid,
        startDate: c.startDate,
        endDate: c.endDate,
        regionId: c.regionId,
        provinceId: c.provinceId,
        codFonte: c.codFonte,
        idStato: c.idStato,
        prizeMoney: c.prizeMoney,
        registrationOpensAt: c.registrationOpensAt,
        registrationClosesAt: c.registrationClosesAt,
        tipoTorneo: c.draws[0]?.type ?? null,
        catClass: c.draws[0]?.categoryClass ?? null,
        catEta: c.draws[0]?.ageCategory ?? null,
        drawKeys: drawKeys(c.draws),
        searchText: c.guid,
        firstSeenAt: stamp,
        listSyncedAt: stamp,
        updatedAt: stamp,
      })),
    );
  }

  it('selects exactly what matchFilter selects, for search criteria and for saved filters', async () => {
    let matched = 0;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(competitionArb, { minLength: 1, maxLength: 40 })
          .map((cs) =>
            cs.map((c, i) => ({ ...c, guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })),
          )
          .chain((list) => fc.tuple(fc.constant(list), nowAroundArb(list))),
        fc.array(criteriaArb, { minLength: 1, maxLength: 6 }),
        async ([list, now], criteriaList) => {
          await load(list);
          const at = matchInstant(now);
          const expected = (criteria: FilterCriteria) =>
            list
              .filter((c) => matchFilter(criteria, c, now).matches)
              .map((c) => c.guid)
              .sort();

          // Search criteria (literal values).
          for (const criteria of criteriaList) {
            const rows = await database.db
              .select({ guid: competitions.guid })
              .from(competitions)
              .where(and(...criteriaConditions(criteria, at)));
            expect(rows.map((r) => r.guid).sort(), JSON.stringify({ criteria, now })).toEqual(
              expected(criteria),
            );
            matched += rows.length;
            checked += list.length;
          }

          // Saved filters (the join the matching engine uses), with the reasons of each match.
          await database.db.delete(filters).where(eq(filters.userId, user.id));
          const savable = criteriaList.filter(
            (c) => c.timePeriod === 'all' || c.timePeriod.startsWith('next_'),
          );
          if (savable.length === 0) return;
          const saved = await database.db
            .insert(filters)
            .values(
              savable.map((c, i) => ({
                ...c,
                userId: user.id,
                name: `f${i}`,
                timePeriod: c.timePeriod as never,
              })),
            )
            .returning();
          const pairs = await database.db
            .select({ guid: competitions.guid, filter: filters })
            .from(competitions)
            .innerJoin(filters, and(eq(filters.userId, user.id), filterMatchesCompetitionSql(filters, at)));
          for (const row of saved) {
            const criteria = criteriaOfFilterRow(row);
            const matched = pairs
              .filter((p) => p.filter.id === row.id)
              .map((p) => p.guid)
              .sort();
            expect(matched, JSON.stringify({ criteria, now })).toEqual(expected(criteria));
          }
        },
      ),
      { numRuns: 60 },
    );
    // The runs select some competitions and leave out others: neither side is trivially empty.
    expect(matched).toBeGreaterThan(checked / 20);
    expect(matched).toBeLessThan(checked / 2);
  });
});
