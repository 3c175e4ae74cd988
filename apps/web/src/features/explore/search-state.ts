/**
 * The explore screen's state lives in the address (shareable, and the back button works):
 * `?tab=schedule&q=roma&regionId=12&page=2`. Defaults are left out; values outside the spec
 * are dropped.
 */
import {
  FILTER_CRITERIA_FIELDS,
  type FilterCriteria,
  SEARCH_SORTS,
  SEARCH_VIEWS,
  type SearchCompetitionsBody,
  type SearchSort,
  type SearchView,
  searchFiltersSchema,
} from '@radar/shared';

export const PAGE_SIZE = 20;

/** The criteria Explore keeps in the address, in that order. */
export const FILTER_FIELDS = FILTER_CRITERIA_FIELDS;

const NUMERIC = new Set([
  'codFonte',
  'idStatopuc',
  'regionId',
  'provinceId',
  'prize',
  'catClass',
  'withinKm',
]);

export interface ExploreState {
  tab: SearchView;
  page: number;
  q: string;
  filters: FilterCriteria;
  /** Only tournaments the user's card may enter (`?eligible=1`; docs/decisions/101). */
  eligibleOnly: boolean;
  /** The list's order (`?sort=deadline`, `?sort=distance`; by start date when absent). */
  sort: SearchSort;
}

function parseFilters(params: URLSearchParams): FilterCriteria {
  const raw: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) {
    const value = params.get(field);
    if (value === null || value === '') continue;
    raw[field] = NUMERIC.has(field) ? Number(value) : value;
  }
  for (let attempt = 0; attempt < FILTER_FIELDS.length; attempt++) {
    const parsed = searchFiltersSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      // A radius without its postal code: the radius goes (the postal code is what is missing).
      delete raw[field === 'nearPostalCode' && !(field in raw) ? 'withinKm' : field];
    }
  }
  return searchFiltersSchema.parse({});
}

export function readExploreState(params: URLSearchParams): ExploreState {
  const tab = params.get('tab');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    tab: (SEARCH_VIEWS as readonly string[]).includes(tab ?? '') ? (tab as SearchView) : 'tournaments',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    q: params.get('q') ?? '',
    filters: parseFilters(params),
    eligibleOnly: params.get('eligible') === '1',
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'start',
  };
}

/** Whether a filter field holds a value other than "all". */
export function isSet(filters: FilterCriteria, field: keyof FilterCriteria): boolean {
  const value = filters[field];
  return value !== null && value !== 0 && value !== 'all' && value !== '';
}

export function writeExploreState(state: ExploreState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'tournaments') params.set('tab', state.tab);
  if (state.q.trim()) params.set('q', state.q);
  for (const field of FILTER_FIELDS) {
    if (isSet(state.filters, field)) params.set(field, String(state.filters[field]));
  }
  if (state.eligibleOnly) params.set('eligible', '1');
  if (state.sort !== 'start') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The criteria counted as filters set: the postal code alone is the distances' centre, not a filter. */
export const COUNTED_FIELDS = FILTER_FIELDS.filter((field) => field !== 'nearPostalCode');

export function searchBody(state: ExploreState): SearchCompetitionsBody {
  const filters: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) if (isSet(state.filters, field)) filters[field] = state.filters[field];
  return {
    page: state.page,
    limit: PAGE_SIZE,
    search: state.q.trim(),
    filters,
    view: state.tab,
    ...(state.sort !== 'start' && { sort: state.sort }),
    ...(state.eligibleOnly && { eligibleOnly: true }),
  };
}

/** The session key keeping the last search shown, for the detail's way back (lives for the tab). */
const LAST_SEARCH_KEY = 'exploreLastSearch';

/** The explore screen shows `search` (`?q=roma&page=2`, or ''): remembered for the way back. */
export function rememberExploreSearch(search: string): void {
  try {
    window.sessionStorage.setItem(LAST_SEARCH_KEY, search);
  } catch {
    // Not remembered: the way back then opens a fresh search.
  }
}

/** `/explore` with the last search shown in this tab (query, filters, tab and page), if any. */
export function lastExploreHref(): string {
  let search: string | null = null;
  try {
    search = window.sessionStorage.getItem(LAST_SEARCH_KEY);
  } catch {
    // Unreachable storage: a fresh search.
  }
  return search?.startsWith('?') ? `/explore${search}` : '/explore';
}

/** The state a link from the search to a detail carries: the detail's way back can be the browser's. */
export interface FromExploreState {
  fromExplore: true;
}

export const FROM_EXPLORE: FromExploreState = { fromExplore: true };

export function isFromExplore(state: unknown): state is FromExploreState {
  return typeof state === 'object' && state !== null && (state as FromExploreState).fromExplore === true;
}
