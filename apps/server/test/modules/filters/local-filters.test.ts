/**
 * Issue 27 point 3: the federation ignores the draw type, category class, age and prize criteria,
 * so we match them on the stored lists (bands, age codes, draw types → draw keys; the detail's
 * prize). A calendar ingested from the in-memory federation answers the same competitions in the
 * search's SQL, in its JavaScript twin (the calendar snapshot) and in matching — and those an
 * independent reading of the calendar expects.
 */
import { type CriteriaWithCentre, EMPTY_CRITERIA, type FilterCriteria, type TipoTorneo } from '@radar/shared';
import { and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, filters } from '../../../src/db/schema';
import { readCalendarSnapshot } from '../../../src/modules/competitions/calendar-snapshot';
import { criteriaConditions, matchInstant } from '../../../src/modules/filters/filter-sql';
import { runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { findUserMatches } from '../../../src/modules/matching/matching.repository';
import { createUser } from '../../helpers/factories';
import {
  FakeFederation,
  fakeCompetition,
  fakeDetail,
  fakeRow,
  fakeTournament,
} from '../../helpers/fake-federation';
import { silentLogger } from '../../helpers/logger';
import { createTestDatabase } from '../../helpers/test-db';

const NOW = new Date('2026-06-10T08:00:00Z');
const BANDS = [
  ['4.1', '4.NC'],
  ['3.1', '3.5', '4.NC'],
  ['2.1', '3.1'],
  ['1', '2.8'],
];
const AGES = [['NOR'], ['U12', 'U14'], ['O45', 'NOR'], ['U16', 'NOR']];
const TYPES: TipoTorneo[][] = [['Maschile'], ['Femminile', 'DoppioM'], ['Misto']];
const PRIZES = [0, 400, 1000, 1500, 3000];

describe('filters the federation ignores are ours: search and matching agree', () => {
  const fed = new FakeFederation();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let n = 1; n <= 40; n++) {
      const row = fakeRow({
        n,
        provinceId: n % 2 ? 15 : 58,
        startDate: `2026-07-${String((n % 28) + 1).padStart(2, '0')}`,
        bands: BANDS[n % BANDS.length],
        ageCodes: AGES[n % AGES.length],
        drawTypes: TYPES[n % TYPES.length],
      });
      const detail = fakeDetail(row, [fakeTournament(`T-${n}`, n)], {
        prizeMoney: PRIZES[n % PRIZES.length] ?? 0,
      });
      fed.add({ ...fakeCompetition(row), detail });
    }
    await runIngestion({ db: database.db, federation: fed, logger: silentLogger, now: () => NOW });
  }, 60_000);
  afterAll(() => database.close());

  const at = matchInstant(NOW);
  const rows = () => [...fed.competitions.values()].map((c) => c.row);
  const prizeOf = (guid: string) => {
    const detail = fed.get(guid).detail;
    return detail.kind === 'found' ? (detail.detail.prizeMoney ?? 0) : 0;
  };

  const cases: {
    name: string;
    criteria: Partial<Pick<FilterCriteria, 'catClass' | 'catEta' | 'prize' | 'tipoTorneo'>>;
    expected: (guid: string) => boolean;
  }[] = [
    {
      name: 'category class 3',
      criteria: { catClass: 3 },
      expected: (guid) => fed.get(guid).row.bands.some((b) => b.startsWith('3.')),
    },
    {
      name: 'age giovanili',
      criteria: { catEta: 'giovanili' },
      expected: (guid) => fed.get(guid).row.ageCodes.some((a) => /^U\d/.test(a)),
    },
    { name: 'prize over 1000', criteria: { prize: 1001 }, expected: (guid) => prizeOf(guid) > 1000 },
    {
      name: 'class 3, giovanili, prize over 1000, Femminile',
      criteria: { catClass: 3, catEta: 'giovanili', prize: 1001, tipoTorneo: 'Femminile' },
      expected: (guid) => {
        const { row } = fed.get(guid);
        return (
          row.bands.some((b) => b.startsWith('3.')) &&
          row.ageCodes.some((a) => /^U\d/.test(a)) &&
          row.drawTypes.includes('Femminile') &&
          prizeOf(guid) > 1000
        );
      },
    },
  ];

  for (const { name, criteria, expected } of cases) {
    it(`${name}: the same competitions in search (SQL and memory) and matching`, async () => {
      const full: CriteriaWithCentre = { ...EMPTY_CRITERIA, near: null, ...criteria };
      const want = rows()
        .map((r) => r.guid)
        .filter(expected)
        .sort();
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(rows().length);

      const bySql = (
        await database.db
          .select({ guid: competitions.guid })
          .from(competitions)
          .where(and(...criteriaConditions(full, at)))
      )
        .map((r) => r.guid)
        .sort();
      const snapshot = await readCalendarSnapshot(database.db);
      const byMemory = snapshot
        .search({ filters: full, search: '', player: null, sort: 'start' }, at, {
          limit: 1000,
          offset: 0,
        })
        .rows.map((r) => r.guid)
        .sort();
      const user = await createUser(database.db);
      await database.db.insert(filters).values({ userId: user.id, name, ...criteria });
      const byMatching = (
        await database.db.transaction((tx) =>
          findUserMatches(
            tx,
            rows().map((r) => r.guid),
            at,
          ),
        )
      )
        .filter((m) => m.userId === user.id)
        .map((m) => m.competitionGuid)
        .sort();
      expect(bySql).toEqual(want);
      expect(byMemory).toEqual(want);
      expect(byMatching).toEqual(want);
    });
  }
});
