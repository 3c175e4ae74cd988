import {
  EMPTY_CRITERIA,
  FILTER_CRITERIA_FIELDS,
  FILTER_TIME_PERIODS,
  type Filter,
  type FilterCriteria,
  type FilterTimePeriod,
} from '@radar/shared';

/** The fields of a filter's criteria. */
export const CRITERIA_FIELDS = FILTER_CRITERIA_FIELDS;

/** What the filter wizard edits: the whole body, criteria canonical ("all" = 0 or null). */
export type FilterFormValues = { name: string; notificationsEnabled: boolean } & Omit<
  FilterCriteria,
  'timePeriod'
> & { timePeriod: FilterTimePeriod };

export const isFilterTimePeriod = (value: string): value is FilterTimePeriod =>
  (FILTER_TIME_PERIODS as readonly string[]).includes(value);

/** A saved filter's criteria, as the explore search takes them. */
export function criteriaOfFilter(filter: Filter): FilterCriteria {
  const criteria = { ...EMPTY_CRITERIA };
  for (const field of CRITERIA_FIELDS) (criteria as Record<string, unknown>)[field] = filter[field];
  return criteria;
}

/** The wizard's values to edit a saved filter. */
export function formValuesOfFilter(filter: Filter): FilterFormValues {
  return {
    name: filter.name,
    notificationsEnabled: filter.notificationsEnabled,
    ...(criteriaOfFilter(filter) as Omit<FilterFormValues, 'name' | 'notificationsEnabled'>),
  };
}

/**
 * The wizard's values for a new filter from a search's criteria. The search's own periods
 * (this week, next week, this month) are not filter periods (spec §9): they become "all", and
 * `droppedPeriod` says which one was left out so the wizard can tell.
 */
export function formValuesOfCriteria(criteria: FilterCriteria = EMPTY_CRITERIA): {
  values: FilterFormValues;
  droppedPeriod: FilterCriteria['timePeriod'] | null;
} {
  const { timePeriod, ...rest } = criteria;
  const keep = isFilterTimePeriod(timePeriod);
  return {
    values: { name: '', notificationsEnabled: true, ...rest, timePeriod: keep ? timePeriod : 'all' },
    droppedPeriod: keep ? null : timePeriod,
  };
}
