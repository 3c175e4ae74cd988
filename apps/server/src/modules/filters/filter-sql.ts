/**
 * The filter predicate of @radar/shared (`matchFilter`) in SQL, against the `competitions`
 * table: for a search's criteria (literal values) and for saved filter rows (a join with
 * `filters`, as the matching engine needs). A property-based test checks all three agree.
 */
import {
  type CriteriaWithCentre,
  drawCriteriaKey,
  FILTER_REASONS,
  type FilterReason,
  hasDrawCriteria,
  romeDate,
  SEARCH_TIME_PERIODS,
  type SearchTimePeriod,
  timePeriodWindow,
} from '@radar/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { competitions, type filters } from '../../db/schema';

/** The instant a query is about, and its Italian calendar day. */
export interface MatchInstant {
  now: Date;
  today: string;
}

export const matchInstant = (now: Date): MatchInstant => ({ now, today: romeDate(now) });

type Competitions = typeof competitions;
type Filters = typeof filters;

/**
 * `distanceKm` of @radar/shared in SQL, term for term (haversine, radius 6,371 km), from the
 * point (`lat`, `lng`) to the competition's venue point; null when that point is unknown.
 */
export function distanceKmSql(
  lat: SQL | number,
  lng: SQL | number,
  c: Competitions = competitions,
): SQL<number | null> {
  const rad = sql`(pi()::float8 / 180)`;
  const la = sql`(${lat})::float8`;
  const ln = sql`(${lng})::float8`;
  return sql<number | null>`(2 * 6371 * asin(least(1::float8, sqrt(
    power(sin((${c.venueLat} - ${la}) * ${rad} / 2), 2)
    + cos(${la} * ${rad}) * cos(${c.venueLat} * ${rad}) * power(sin((${c.venueLng} - ${ln}) * ${rad} / 2), 2)))))`;
}

/** The instant of a prepared statement: placeholders `today` and `now`, filled by {@link instantParams}. */
export const instantPlaceholders = { today: sql.placeholder('today'), now: sql.placeholder('now') };
export const instantParams = (at: MatchInstant) => ({ today: at.today, now: at.now.toISOString() });

/** `competitionStatus` of @radar/shared: 1 concluded, 2 ongoing, 3 open registration, 4 upcoming. */
export function competitionStatusSql(
  at: MatchInstant | typeof instantPlaceholders,
  c: Competitions = competitions,
): SQL<number> {
  const today = sql`${at.today}::date`;
  const now = sql`${at.now instanceof Date ? at.now.toISOString() : at.now}::timestamptz`;
  return sql<number>`(case
    when ${c.endDate} < ${today} then 1
    when ${c.startDate} <= ${today} then 2
    when ${c.registrationOpensAt} is not null and ${c.registrationClosesAt} is not null then
      case when ${c.registrationOpensAt} <= ${now} and ${now} < ${c.registrationClosesAt} then 3 else 4 end
    when ${c.registrationClosesAt} is not null then
      case when ${now} < ${c.registrationClosesAt} then 3 else 4 end
    when ${c.idStato} = 3 then 3
    else 4 end)`;
}

function prizeBandSql(band: SQL | number, c: Competitions): SQL {
  return sql`(${band} = 0
    or (${band} = 500 and ${c.prizeMoney} <= 500)
    or (${band} = 1000 and ${c.prizeMoney} > 500 and ${c.prizeMoney} <= 1000)
    or (${band} = 1001 and ${c.prizeMoney} > 1000))`;
}

const overlapsSql = (c: Competitions, from: string, to: string): SQL =>
  sql`(${c.endDate} >= ${from}::date and ${c.startDate} <= ${to}::date)`;

/** The conditions a search's criteria set (only those set, so the planner can use indexes). */
export function criteriaConditions(
  criteria: CriteriaWithCentre,
  at: MatchInstant,
  c: Competitions = competitions,
): SQL[] {
  const conditions: SQL[] = [];
  if (criteria.regionId !== null) conditions.push(sql`${c.regionId} = ${criteria.regionId}`);
  if (criteria.provinceId !== null) conditions.push(sql`${c.provinceId} = ${criteria.provinceId}`);
  if (criteria.codFonte !== 0) conditions.push(sql`${c.codFonte} = ${criteria.codFonte}`);
  if (criteria.idStatopuc !== 0)
    conditions.push(sql`${competitionStatusSql(at, c)} = ${criteria.idStatopuc}`);
  if (criteria.dataInizio !== null) conditions.push(sql`${c.endDate} >= ${criteria.dataInizio}::date`);
  if (criteria.dataFine !== null) conditions.push(sql`${c.startDate} <= ${criteria.dataFine}::date`);
  const window = timePeriodWindow(criteria.timePeriod, at.today);
  if (window) conditions.push(overlapsSql(c, window.from, window.to));
  if (criteria.prize !== 0) conditions.push(prizeBandSql(criteria.prize, c));
  if (hasDrawCriteria(criteria)) {
    conditions.push(sql`${c.drawKeys} @> array[${drawCriteriaKey(criteria)}]::text[]`);
  }
  if (criteria.withinKm !== null) {
    const near = criteria.near;
    conditions.push(
      near === null
        ? sql`false`
        : sql`coalesce(${distanceKmSql(near.lat, near.lng, c)} <= ${criteria.withinKm}, false)`,
    );
  }
  return conditions;
}

/** A saved filter's time period against the competition, for every period there is. */
function timePeriodSql(period: SQL, at: MatchInstant, c: Competitions): SQL {
  const cases = SEARCH_TIME_PERIODS.flatMap((p: SearchTimePeriod) => {
    const window = timePeriodWindow(p, at.today);
    return window ? [sql`when ${p} then ${overlapsSql(c, window.from, window.to)}`] : [];
  });
  return sql`(case ${period} ${sql.join(cases, sql` `)} else true end)`;
}

/**
 * Whether the filter row `f` matches the competition `c` at `at`: the join condition of the
 * matching engine and of the search's "filters matching this result". Pass aliases
 * (`alias(filters, 'f')`) to use it in any query.
 */
export function filterMatchesCompetitionSql(
  f: Filters,
  at: MatchInstant,
  c: Competitions = competitions,
): SQL {
  const drawKey = filterDrawKeySql(f);
  return and(
    sql`(${f.regionId} is null or ${c.regionId} = ${f.regionId})`,
    sql`(${f.provinceId} is null or ${c.provinceId} = ${f.provinceId})`,
    sql`(${f.codFonte} = 0 or ${c.codFonte} = ${f.codFonte})`,
    sql`(${f.idStatopuc} = 0 or ${competitionStatusSql(at, c)} = ${f.idStatopuc})`,
    sql`(${f.dataInizio} is null or ${c.endDate} >= ${f.dataInizio})`,
    sql`(${f.dataFine} is null or ${c.startDate} <= ${f.dataFine})`,
    timePeriodSql(sql`${f.timePeriod}`, at, c),
    prizeBandSql(sql`${f.prize}`, c),
    sql`((${f.tipoTorneo} is null and ${f.catClass} is null and ${f.catEta} is null) or ${drawKey} = any(${c.drawKeys}))`,
    sql`(${f.withinKm} is null or coalesce(${distanceKmSql(sql`${f.nearLat}`, sql`${f.nearLng}`, c)} <= ${f.withinKm}, false))`,
  ) as SQL;
}

/**
 * The filter's draw key (`drawCriteriaKey` of @radar/shared): `type|class|age` with `*` for
 * "any"; `*|*|*` when it sets no draw criterion. Indexed by `filters_match_idx`.
 */
export const filterDrawKeySql = (f: Filters): SQL<string> =>
  sql<string>`(coalesce(${f.tipoTorneo}, '*') || '|' || coalesce(${f.catClass}::text, '*') || '|' || coalesce(${f.catEta}, '*'))`;

/**
 * The filter's place key, its narrowest place: minus its province when it sets one, else its
 * region, else 0 for "anywhere". Indexed by `filters_match_idx`: a filter naming a province
 * (with or without its region) is a candidate for that province's competitions only, no
 * longer for every competition of its draws (decision 130).
 */
export const filterPlaceKeySql = (f: Filters): SQL<number> =>
  sql<number>`(case when ${f.provinceId} is not null then -${f.provinceId} when ${f.regionId} is not null then ${f.regionId} else 0 end)`;

/**
 * The time periods a filter may have and still match the competition at `at`: "all", and each
 * period whose window overlaps the competition's days (`timePeriodSql` is true for no other).
 */
export function periodsOverlappingSql(at: MatchInstant, c: Competitions = competitions): SQL {
  const periods = SEARCH_TIME_PERIODS.map((p: SearchTimePeriod) => {
    const window = timePeriodWindow(p, at.today);
    return window ? sql`case when ${overlapsSql(c, window.from, window.to)} then ${p} end` : sql`${p}`;
  });
  return sql`array_remove(array[${sql.join(periods, sql`, `)}]::text[], null)`;
}

/**
 * A necessary condition of {@link filterMatchesCompetitionSql} that an index can answer: the
 * filter's place key is the competition's region, minus its province, or 0; its draw key is one
 * of the competition's or "any draw"; and its time period is one whose window overlaps the
 * competition at `at` (decision 137: a competition months away is no candidate for "next month"
 * filters). The matching engine adds it beside the full predicate so that PostgreSQL looks up,
 * per competition, only the filters of its places, draws and periods (`filters_match_idx`)
 * instead of reading them all.
 */
export function filterCandidateSql(f: Filters, at: MatchInstant, c: Competitions = competitions): SQL {
  return sql`(${filterPlaceKeySql(f)} = any(array[coalesce(${c.regionId}, 0), -coalesce(${c.provinceId}, 0), 0])
    and ${filterDrawKeySql(f)} = any(${c.drawKeys} || array['*|*|*']::text[])
    and ${f.timePeriod} = any(${periodsOverlappingSql(at, c)}))`;
}

/**
 * When a filter gives a reason (`filterReasons` of @radar/shared): the criteria it sets, one
 * SQL condition per reason, in the spec's order.
 */
export function filterReasonSql(f: Filters): Record<FilterReason, SQL> {
  return {
    region: sql`(${f.regionId} is not null)`,
    province: sql`(${f.provinceId} is not null)`,
    distance: sql`(${f.withinKm} is not null)`,
    status: sql`(${f.idStatopuc} <> 0)`,
    dates: sql`(${f.dataInizio} is not null or ${f.dataFine} is not null or ${f.timePeriod} <> 'all')`,
    prize: sql`(${f.prize} <> 0)`,
    type: sql`(${f.codFonte} <> 0 or ${f.tipoTorneo} is not null)`,
    category: sql`(${f.catClass} is not null or ${f.catEta} is not null)`,
  };
}

/**
 * The union of the reasons of a group of matching filters (an aggregate, for `group by`): a
 * text array in the spec's order, as `filterReasons` would give for their union.
 */
export function groupReasonsSql(f: Filters): SQL<FilterReason[]> {
  const conditions = filterReasonSql(f);
  const parts = FILTER_REASONS.map(
    (reason) => sql`case when bool_or(${conditions[reason]}) then ${reason} end`,
  );
  return sql<FilterReason[]>`array_remove(array[${sql.join(parts, sql`, `)}]::text[], null)`;
}

/** A stored filter row as the criteria of the shared predicate. */
export function criteriaOfFilterRow(row: typeof filters.$inferSelect): CriteriaWithCentre {
  return {
    codFonte: row.codFonte as CriteriaWithCentre['codFonte'],
    idStatopuc: row.idStatopuc as CriteriaWithCentre['idStatopuc'],
    dataInizio: row.dataInizio,
    dataFine: row.dataFine,
    regionId: row.regionId,
    provinceId: row.provinceId,
    prize: row.prize as CriteriaWithCentre['prize'],
    tipoTorneo: row.tipoTorneo,
    catClass: row.catClass as CriteriaWithCentre['catClass'],
    catEta: row.catEta,
    timePeriod: row.timePeriod,
    withinKm: row.withinKm as CriteriaWithCentre['withinKm'],
    nearPostalCode: row.nearPostalCode,
    near: row.nearLat === null || row.nearLng === null ? null : { lat: row.nearLat, lng: row.nearLng },
  };
}
