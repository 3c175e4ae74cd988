/**
 * The filter predicate in SQL (search criteria and saved filter rows) agrees with the shared
 * `matchFilter` on random competitions, filters and instants.
 */
import { type CriteriaWithCentre, drawKeys, type MatchableCompetition, matchFilter } from '@radar/shared';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { competitions, filters, type User } from '../../../src/db/schema';
import {
  criteriaConditions,
  criteriaOfFilterRow,
  filterMatchesCompetitionSql,
  matchInstant,
} from '../../../src/modules/filters/filter-sql';
import { createUser } from '../../helpers/factories';
import { BASE, competitionArb, criteriaArb, nowAroundArb } from '../../helpers/filter-arbitraries';
import { createTestDatabase } from '../../helpers/test-db';

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
        venueLat: c.venuePoint?.lat ?? null,
        venueLng: c.venuePoint?.lng ?? null,
        venueSource: c.venuePoint ? ('venue' as const) : null,
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
          const expected = (criteria: CriteriaWithCentre) =>
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
                nearLat: c.near?.lat ?? null,
                nearLng: c.near?.lng ?? null,
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
