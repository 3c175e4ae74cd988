/**
 * The search's "your filters matching this result" (docs/decisions/130): the user's enabled
 * filters are read once per page and matched here against the page's rows, instead of a SQL
 * join evaluating the whole predicate per (row, filter). It is the twin of
 * `filterMatchesCompetitionSql` on the same columns — the status as SQL computed it
 * (`competitionStatusSql`), the draws as `draw_keys` — so both agree (the search-equality and
 * property tests check it); each filter's reasons and draw key are computed once per request.
 */
import {
  type CriteriaWithCentre,
  drawCriteriaKey,
  FILTER_REASONS,
  type FilterReason,
  filterReasons,
  hasDrawCriteria,
  inPrizeBand,
  timePeriodWindow,
  withinRadius,
} from '@radar/shared';

/** What the matching reads of a competition row (its status at the request's instant). */
export interface MatchableRow {
  guid: string;
  regionId: number | null;
  provinceId: number | null;
  codFonte: number | null;
  status: number;
  startDate: string;
  endDate: string;
  prizeMoney: number;
  drawKeys: readonly string[];
  venueLat: number | null;
  venueLng: number | null;
}

export interface PageMatch {
  count: number;
  /** In the spec's order. */
  reasons: FilterReason[];
}

type Compiled = {
  criteria: CriteriaWithCentre;
  window: { from: string; to: string } | null;
  drawKey: string | null;
  reasons: ReadonlySet<FilterReason>;
};

function compile(criteria: CriteriaWithCentre, today: string): Compiled {
  return {
    criteria,
    window: timePeriodWindow(criteria.timePeriod, today),
    drawKey: hasDrawCriteria(criteria) ? drawCriteriaKey(criteria) : null,
    reasons: new Set(filterReasons(criteria)),
  };
}

const pointOfRow = (row: MatchableRow) =>
  row.venueLat === null || row.venueLng === null ? null : { lat: row.venueLat, lng: row.venueLng };

function matches(f: Compiled, row: MatchableRow): boolean {
  const c = f.criteria;
  return (
    (c.regionId === null || row.regionId === c.regionId) &&
    (c.provinceId === null || row.provinceId === c.provinceId) &&
    (c.codFonte === 0 || row.codFonte === c.codFonte) &&
    (c.idStatopuc === 0 || row.status === c.idStatopuc) &&
    (c.dataInizio === null || row.endDate >= c.dataInizio) &&
    (c.dataFine === null || row.startDate <= c.dataFine) &&
    (f.window === null || (row.endDate >= f.window.from && row.startDate <= f.window.to)) &&
    inPrizeBand(row.prizeMoney, c.prize) &&
    (f.drawKey === null || row.drawKeys.includes(f.drawKey)) &&
    (c.withinKm === null || withinRadius(c, pointOfRow(row)))
  );
}

/**
 * For each row matched by at least one of the filters: how many match and the union of their
 * reasons. `today` is the request's Italian calendar day (the time periods' windows).
 */
export function matchFiltersOnPage(
  filters: readonly CriteriaWithCentre[],
  rows: readonly MatchableRow[],
  today: string,
): Map<string, PageMatch> {
  const result = new Map<string, PageMatch>();
  if (filters.length === 0) return result;
  const compiled = filters.map((criteria) => compile(criteria, today));
  for (const row of rows) {
    let count = 0;
    const reasons = new Set<FilterReason>();
    for (const filter of compiled) {
      if (!matches(filter, row)) continue;
      count++;
      for (const reason of filter.reasons) reasons.add(reason);
    }
    if (count > 0) result.set(row.guid, { count, reasons: FILTER_REASONS.filter((r) => reasons.has(r)) });
  }
  return result;
}
