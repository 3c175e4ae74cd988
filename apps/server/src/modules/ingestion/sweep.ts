/**
 * The sharded sweep of the competition list (fitp-contract.md §1 paging, docs/decisions/181).
 * The federation answers only the first 100 rows of a query, with `record` = how many match; so
 * the sweep asks the national total, then the 20 regions, splits a region over 100 rows into its
 * provinces, and walks a province over 100 rows forward on the start date. Every page and every
 * split is reconciled (a page holds min(record, 100) rows, the children's totals add up to their
 * parent's): a snapshot that does not add up is reported as such and never applied.
 */
import { provincesOfRegion, REGIONS } from '@radar/shared';
import type {
  CallOptions,
  FederationClient,
  FederationCompetition,
  ListPage,
  ListQuery,
} from '../../federation/types';
import type { SweepPlan } from './cadence';

/** The federation's page size (§1): a page holds at most this many rows. */
export const PAGE_ROWS = 100;
/** Requests in flight during a sweep (§10: 2 for sweeps). */
export const SWEEP_CONCURRENCY = 2;

export type SweepResult =
  | {
      complete: true;
      /** Every row, once each (by guid). */
      rows: FederationCompetition[];
      /** The national total (`record`). */
      total: number;
      calls: number;
      /** Rows the client could not read (logged by it, skipped). */
      skipped: number;
    }
  | { complete: false; reason: string; calls: number };

/** The sweep found its pages inconsistent: the snapshot is discarded. */
class SweepMismatch extends Error {
  override readonly name = 'SweepMismatch';
}

const describe = (query: ListQuery) =>
  query.provinceId !== undefined
    ? `province ${query.provinceId}${query.startFrom ? ` from ${query.startFrom}` : ''}`
    : query.regionId !== undefined
      ? `region ${query.regionId}`
      : 'national';

/** Runs `task` on every item, at most `limit` at a time, in order of the results. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i] as T);
      }
    }),
  );
  return results;
}

/**
 * Sweeps the list as `plan` says. Throws FederationUnavailableError when the federation is down;
 * answers `complete: false` when the pages do not reconcile or a province cannot be split
 * (a full page of rows all starting on one day).
 */
export async function sweepCalendar(
  client: FederationClient,
  plan: SweepPlan,
  options: { concurrency?: number; call?: CallOptions } = {},
): Promise<SweepResult> {
  const concurrency = options.concurrency ?? SWEEP_CONCURRENCY;
  let calls = 0;
  let skipped = 0;
  const rows = new Map<string, FederationCompetition>();

  const ask = async (query: ListQuery): Promise<ListPage> => {
    calls++;
    const page = await client.listPage({ ...query, startFrom: query.startFrom ?? plan.from }, options.call);
    skipped += page.skipped.length;
    if (page.received !== Math.min(page.total, PAGE_ROWS))
      throw new SweepMismatch(
        `${describe(query)}: ${page.received} rows for a total of ${page.total} (expected ${Math.min(page.total, PAGE_ROWS)})`,
      );
    return page;
  };
  const keep = (list: readonly FederationCompetition[]) => {
    for (const row of list) rows.set(row.guid, row);
  };
  const addsUp = (what: string, parent: number, children: readonly ListPage[]) => {
    const sum = children.reduce((total, page) => total + page.total, 0);
    if (sum !== parent)
      throw new SweepMismatch(`${what}: the parts add up to ${sum}, the whole is ${parent}`);
  };

  /**
   * A province over 100 rows, walked on the start date: keep the rows starting before the page's
   * last day, ask again from that day (inclusive). Each step reconciles: the rest's total is the
   * previous total less the rows kept.
   */
  const walk = async (provinceId: number, first: ListPage) => {
    let page = first;
    const distinct = new Set<string>();
    let broken = 0;
    for (;;) {
      broken += page.received - page.rows.length;
      if (page.total <= PAGE_ROWS) {
        keep(page.rows);
        for (const row of page.rows) distinct.add(row.guid);
        break;
      }
      const last = page.rows.reduce((max, row) => (row.startDate > max ? row.startDate : max), '');
      const before = page.rows.filter((row) => row.startDate < last);
      if (before.length === 0)
        throw new SweepMismatch(
          `province ${provinceId}: ${PAGE_ROWS} rows all start on ${last}; the sweep cannot split them (saturated)`,
        );
      keep(before);
      for (const row of before) distinct.add(row.guid);
      // The near sweep needs nothing past its horizon: the daily full sweep reads the rest.
      if (plan.until !== null && last > plan.until) return;
      const next = await ask({ provinceId, startFrom: last });
      const unreadable = page.received - page.rows.length;
      const expected = page.total - before.length;
      // Unreadable rows have no date: they may fall on either side of the cut.
      if (next.total > expected || next.total < expected - unreadable)
        throw new SweepMismatch(
          `province ${provinceId} from ${last}: ${next.total} rows, expected ${expected} (${page.total} less ${before.length} kept)`,
        );
      page = next;
    }
    if (distinct.size > first.total || distinct.size + broken < first.total)
      throw new SweepMismatch(`province ${provinceId}: walked ${distinct.size} rows of ${first.total}`);
  };

  /**
   * A parent's page and its children's, adding up. The calendar moves while a sweep runs (a
   * competition published between two calls), so when they do not add up the parent and its
   * children are asked once more; only a second mismatch discards the snapshot.
   */
  const split = async (
    what: string,
    parentQuery: ListQuery,
    parent: ListPage,
    childQueries: readonly ListQuery[],
  ): Promise<{ parent: ListPage; children: ListPage[] }> => {
    const children = await mapLimit(childQueries, concurrency, ask);
    if (children.reduce((total, page) => total + page.total, 0) === parent.total) return { parent, children };
    const again = await ask(parentQuery);
    const childrenAgain = await mapLimit(childQueries, concurrency, ask);
    addsUp(what, again.total, childrenAgain);
    return { parent: again, children: childrenAgain };
  };

  /** A province's walk; walked once more from a fresh first page if the calendar moved meanwhile. */
  const walkProvince = async (provinceId: number, first: ListPage) => {
    try {
      await walk(provinceId, first);
    } catch (error) {
      if (!(error instanceof SweepMismatch)) throw error;
      await walk(provinceId, await ask({ provinceId }));
    }
  };

  try {
    const first = await ask({});
    let national = first;
    if (national.total <= PAGE_ROWS) {
      keep(national.rows);
    } else {
      const regionQueries = REGIONS.map((region) => ({ regionId: region.id }));
      const asked = await split('the regions', {}, national, regionQueries);
      national = asked.parent;
      const regions = asked.children;
      const big = REGIONS.flatMap((region, i) => {
        const page = regions[i] as ListPage;
        if (page.total <= PAGE_ROWS) {
          keep(page.rows);
          return [];
        }
        return [{ region, page }];
      });
      for (const { region, page } of big) {
        const provinces = provincesOfRegion(region.id);
        const { children: pages } = await split(
          `region ${region.id}'s provinces`,
          { regionId: region.id },
          page,
          provinces.map((province) => ({ provinceId: province.id })),
        );
        const walks: { provinceId: number; page: ListPage }[] = [];
        provinces.forEach((province, i) => {
          const provincePage = pages[i] as ListPage;
          if (provincePage.total <= PAGE_ROWS) keep(provincePage.rows);
          else walks.push({ provinceId: province.id, page: provincePage });
        });
        await mapLimit(walks, concurrency, ({ provinceId, page: start }) => walkProvince(provinceId, start));
      }
    }
    return { complete: true, rows: [...rows.values()], total: national.total, calls, skipped };
  } catch (error) {
    if (error instanceof SweepMismatch) return { complete: false, reason: error.message, calls };
    throw error;
  }
}
