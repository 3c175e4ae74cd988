/**
 * Filter criteria (spec §3 Filter and Competition search request) and the filter predicate:
 * whether a competition matches a filter, and why. The server runs the same rule in SQL
 * (apps/server/src/modules/filters/filter-sql.ts); a property-based test checks that both
 * agree on random data.
 */
import { z } from 'zod';
import { addDays, addMonths, endOfMonth, isIsoDate, romeDate, startOfMonth, startOfWeek } from './calendar';
import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  type CatClass,
  type CatEta,
  COD_FONTE_VALUES,
  type CodFonte,
  type CompetitionStatus,
  FILTER_REASONS,
  FILTER_TIME_PERIODS,
  type FilterReason,
  ID_STATO_VALUES,
  type IdStato,
  PRIZE_BANDS,
  type PrizeBand,
  SEARCH_TIME_PERIODS,
  type SearchTimePeriod,
  TIPI_TORNEO,
  type TipoTorneo,
} from './competitions';
import {
  distanceKm,
  findProvinceById,
  type GeoPoint,
  isProvinceInRegion,
  WITHIN_KM_CHOICES,
  type WithinKm,
} from './geo';
import { postalCodeSchema } from './home';

// --- Schemas ---------------------------------------------------------------------------------

/** A code where 0 (or null, or absent) means "all". */
const codeOrAll = <const T extends readonly [number, ...number[]]>(values: T) =>
  z
    .literal(values)
    .nullable()
    .optional()
    .transform((value): T[number] => value ?? 0);

/** An optional choice where null, absent or "" means "all". */
const choiceOrAll = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .nullable()
    .optional()
    .transform((value): T[number] | null => value || null);

const idOrAll = (max: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

const dayOrAll = z
  .union([z.string().refine(isIsoDate, 'validation.invalidFormat'), z.literal('')])
  .nullable()
  .optional()
  .transform((value) => value || null);

const criteriaShape = {
  /** 0 all, 1 TORNEI FITP, 2 TPRA, 3 team championships. */
  codFonte: codeOrAll(COD_FONTE_VALUES),
  /** 0 all, 1 concluded, 2 ongoing, 3 open registration, 4 upcoming. */
  idStatopuc: codeOrAll(ID_STATO_VALUES),
  /** `YYYY-MM-DD`: competitions ending on or after it. */
  dataInizio: dayOrAll,
  /** `YYYY-MM-DD`: competitions starting on or before it. */
  dataFine: dayOrAll,
  /** ISTAT region code 1..20. */
  regionId: idOrAll(20),
  /** ISTAT province code. */
  provinceId: idOrAll(999),
  /** 0 all, 500 = 0–500 €, 1000 = 500–1000 €, 1001 = over 1000 €. */
  prize: codeOrAll(PRIZE_BANDS),
  tipoTorneo: choiceOrAll(TIPI_TORNEO),
  /** 1..4. */
  catClass: codeOrAll([0, ...CAT_CLASSES]).transform((value) => (value || null) as CatClass | null),
  catEta: choiceOrAll(CAT_ETA_VALUES),
};

/** "Within N km" (decision 202): after the fixed body's fields. */
const distanceShape = {
  /** "Within N km" of `nearPostalCode`: 10, 30, 50 or 100 (`WITHIN_KM_CHOICES`); null: anywhere. */
  withinKm: z
    .literal(WITHIN_KM_CHOICES)
    .nullable()
    .optional()
    .transform((value): WithinKm | null => value ?? null),
  /** The centre of `withinKm` (and of the distance shown and sorted by): an Italian postal code. */
  nearPostalCode: z
    .union([postalCodeSchema, z.literal('')])
    .nullable()
    .optional()
    .transform((value) => value || null),
};

/** Cross-field rules: the date window is ordered, the province exists and lies in the region. */
function checkCriteria(
  value: {
    dataInizio: string | null;
    dataFine: string | null;
    regionId: number | null;
    provinceId: number | null;
    withinKm: number | null;
    nearPostalCode: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (value.withinKm !== null && value.nearPostalCode === null) {
    ctx.addIssue({ code: 'custom', path: ['nearPostalCode'], message: 'validation.required' });
  }
  if (value.dataInizio && value.dataFine && value.dataFine < value.dataInizio) {
    ctx.addIssue({ code: 'custom', path: ['dataFine'], message: 'validation.dateRange' });
  }
  if (value.provinceId !== null) {
    if (!findProvinceById(value.provinceId)) {
      ctx.addIssue({ code: 'custom', path: ['provinceId'], message: 'validation.invalidValue' });
    } else if (value.regionId !== null && !isProvinceInRegion(value.provinceId, value.regionId)) {
      ctx.addIssue({ code: 'custom', path: ['provinceId'], message: 'validation.provinceNotInRegion' });
    }
  }
}

/** The search's filters (spec §3 "filters: map of field to value"): every Filter field, each optional. */
export const searchFiltersSchema = z
  .object({
    ...criteriaShape,
    timePeriod: z
      .enum(SEARCH_TIME_PERIODS)
      .optional()
      .transform((value) => value ?? 'all'),
    ...distanceShape,
  })
  .superRefine(checkCriteria)
  .meta({ id: 'SearchFilters' });
export type SearchFiltersInput = z.input<typeof searchFiltersSchema>;

/**
 * A saved filter's body (spec §3 Filter; the fixed JSON body of the filters API):
 * `{ name, notificationsEnabled, codFonte, idStatopuc, dataInizio, dataFine, regionId,
 * provinceId, prize, tipoTorneo, catClass, catEta, timePeriod }`, then "within N km"
 * (`withinKm`, `nearPostalCode`).
 */
export const filterBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    notificationsEnabled: z
      .boolean()
      .optional()
      .transform((value) => value ?? true),
    ...criteriaShape,
    timePeriod: z
      .enum(FILTER_TIME_PERIODS)
      .optional()
      .transform((value) => value ?? 'all'),
    ...distanceShape,
  })
  .superRefine(checkCriteria)
  .meta({ id: 'FilterBody' });
export type FilterBody = z.output<typeof filterBodySchema>;
export type FilterBodyInput = z.input<typeof filterBodySchema>;

/** The criteria of a filter or a search, canonical: 0 or null means "all". */
export interface FilterCriteria {
  codFonte: CodFonte;
  idStatopuc: IdStato;
  dataInizio: string | null;
  dataFine: string | null;
  regionId: number | null;
  provinceId: number | null;
  prize: PrizeBand;
  tipoTorneo: TipoTorneo | null;
  catClass: CatClass | null;
  catEta: CatEta | null;
  timePeriod: SearchTimePeriod;
  /** Only competitions whose venue lies within this many km of `near`. */
  withinKm: WithinKm | null;
  /** The postal code the distance is measured from, as the user gave it. */
  nearPostalCode: string | null;
}

/**
 * Criteria with the point of their `nearPostalCode` (`near`), as the server resolves it (the
 * postal-code dataset lives there, decision 202): null when no centre is known, and then
 * "within N km" matches nothing.
 */
export type CriteriaWithCentre = FilterCriteria & { near: GeoPoint | null };

/** Every criterion of a filter or a search, in the order Explore writes them to the address. */
export const FILTER_CRITERIA_FIELDS = [
  'codFonte',
  'idStatopuc',
  'regionId',
  'provinceId',
  'prize',
  'tipoTorneo',
  'catClass',
  'catEta',
  'timePeriod',
  'dataInizio',
  'dataFine',
  'withinKm',
  'nearPostalCode',
] as const satisfies readonly (keyof FilterCriteria)[];

export const EMPTY_CRITERIA: FilterCriteria = {
  codFonte: 0,
  idStatopuc: 0,
  dataInizio: null,
  dataFine: null,
  regionId: null,
  provinceId: null,
  prize: 0,
  tipoTorneo: null,
  catClass: null,
  catEta: null,
  timePeriod: 'all',
  withinKm: null,
  nearPostalCode: null,
};

// --- The competition side ----------------------------------------------------------------------

/** One draw of a competition, as far as filters are concerned. */
export interface DrawDescriptor {
  type: string | null;
  categoryClass: number | null;
  ageCategory: string | null;
}

/** What the filter predicate needs to know about a competition. */
export interface MatchableCompetition {
  regionId: number | null;
  provinceId: number | null;
  codFonte: number | null;
  /** `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  /** Euro; 0 when none. */
  prizeMoney: number;
  /** The status the federation last reported (used only when the registration window is unknown). */
  idStato: number | null;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  /** The competition's draws: its main draw from the list, plus its tournaments once known. */
  draws: readonly DrawDescriptor[];
  /** Where it is played (its venue, else the organiser's seat); null when unknown. */
  venuePoint: GeoPoint | null;
}

/**
 * A competition's status at `now` (spec §3: 1 concluded, 2 ongoing, 3 open registration,
 * 4 upcoming), from its Italian calendar days and registration window. The real federation
 * gives no opening time and almost never says 3 (fitp-contract.md §1, §3): with only the stored
 * deadline, registration is open until it. The federation's own status only when both are unknown.
 */
export function competitionStatus(
  competition: Pick<
    MatchableCompetition,
    'startDate' | 'endDate' | 'registrationOpensAt' | 'registrationClosesAt' | 'idStato'
  >,
  now: Date,
): CompetitionStatus {
  const today = romeDate(now);
  if (competition.endDate < today) return 1;
  if (competition.startDate <= today) return 2;
  const { registrationOpensAt: opens, registrationClosesAt: closes } = competition;
  if (opens && closes) return opens <= now && now < closes ? 3 : 4;
  if (closes) return now < closes ? 3 : 4;
  return competition.idStato === 3 ? 3 : 4;
}

/**
 * The days a time period covers, from `today` (Rome): this week and next week run Monday to
 * Sunday, this month is the calendar month, and next month / 3 / 6 months are rolling windows
 * from today. `null` for `all`.
 */
export function timePeriodWindow(
  period: SearchTimePeriod,
  today: string,
): { from: string; to: string } | null {
  switch (period) {
    case 'all':
      return null;
    case 'this_week': {
      const monday = startOfWeek(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'next_week': {
      const monday = addDays(startOfWeek(today), 7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'this_month':
      return { from: startOfMonth(today), to: endOfMonth(today) };
    case 'next_month':
      return { from: today, to: addMonths(today, 1) };
    case 'next_3_months':
      return { from: today, to: addMonths(today, 3) };
    case 'next_6_months':
      return { from: today, to: addMonths(today, 6) };
  }
}

export function inPrizeBand(prizeMoney: number, band: PrizeBand): boolean {
  switch (band) {
    case 0:
      return true;
    case 500:
      return prizeMoney <= 500;
    case 1000:
      return prizeMoney > 500 && prizeMoney <= 1000;
    case 1001:
      return prizeMoney > 1000;
  }
}

/** Whether the filter sets any draw criterion (type, category class, age category). */
export const hasDrawCriteria = (f: Pick<FilterCriteria, 'tipoTorneo' | 'catClass' | 'catEta'>): boolean =>
  f.tipoTorneo !== null || f.catClass !== null || f.catEta !== null;

/**
 * The keys of a competition's draws for the SQL twin: per draw, `type|class|age` with every
 * combination of `*` wildcards, so that "one draw meets all the draw criteria of a filter" is a
 * single array lookup of the filter's own key (see {@link drawCriteriaKey}).
 */
export function drawKeys(draws: readonly DrawDescriptor[]): string[] {
  const keys = new Set<string>();
  for (const draw of draws) {
    const parts = [
      draw.type,
      draw.categoryClass === null ? null : String(draw.categoryClass),
      draw.ageCategory,
    ];
    for (let mask = 0; mask < 8; mask++) {
      keys.add(parts.map((part, i) => (mask & (1 << i) || part === null ? '*' : part)).join('|'));
    }
  }
  return [...keys].sort();
}

/** The key a filter's draw criteria look up in {@link drawKeys}. */
export const drawCriteriaKey = (f: Pick<FilterCriteria, 'tipoTorneo' | 'catClass' | 'catEta'>): string =>
  [f.tipoTorneo ?? '*', f.catClass === null ? '*' : String(f.catClass), f.catEta ?? '*'].join('|');

/**
 * Whether the competition lies within the criteria's radius: always when no radius is set; never
 * when the centre or the competition's point is unknown.
 */
export function withinRadius(
  f: Pick<CriteriaWithCentre, 'withinKm' | 'near'>,
  venuePoint: GeoPoint | null,
): boolean {
  if (f.withinKm === null) return true;
  if (f.near === null || venuePoint === null) return false;
  return distanceKm(f.near, venuePoint) <= f.withinKm;
}

/** The reasons a matching filter gives: the criteria it sets (spec §3 Tournament). */
export function filterReasons(f: FilterCriteria): FilterReason[] {
  const set: Record<FilterReason, boolean> = {
    region: f.regionId !== null,
    province: f.provinceId !== null,
    distance: f.withinKm !== null,
    status: f.idStatopuc !== 0,
    dates: f.dataInizio !== null || f.dataFine !== null || f.timePeriod !== 'all',
    prize: f.prize !== 0,
    type: f.codFonte !== 0 || f.tipoTorneo !== null,
    category: f.catClass !== null || f.catEta !== null,
  };
  return FILTER_REASONS.filter((reason) => set[reason]);
}

export interface FilterMatch {
  matches: boolean;
  /** When it matches: the criteria the filter sets, which are why it matched. Empty otherwise. */
  reasons: FilterReason[];
}

/**
 * The filter predicate. A competition matches when it meets every criterion the filter sets:
 * - region / province: its ISTAT codes;
 * - status: its status at `now` ({@link competitionStatus});
 * - dates: it overlaps [dataInizio, dataFine] and the time period's window ({@link timePeriodWindow});
 * - prize: its prize money is in the band ({@link inPrizeBand});
 * - codFonte: its source;
 * - tipoTorneo, catClass, catEta: one and the same draw meets all of those that are set;
 * - withinKm: its venue's point lies within that distance of the centre ({@link withinRadius}).
 */
export function matchFilter(
  filter: CriteriaWithCentre,
  competition: MatchableCompetition,
  now: Date,
): FilterMatch {
  const c = competition;
  const today = romeDate(now);
  const window = timePeriodWindow(filter.timePeriod, today);
  const matches =
    (filter.regionId === null || c.regionId === filter.regionId) &&
    (filter.provinceId === null || c.provinceId === filter.provinceId) &&
    (filter.codFonte === 0 || c.codFonte === filter.codFonte) &&
    (filter.idStatopuc === 0 || competitionStatus(c, now) === filter.idStatopuc) &&
    (filter.dataInizio === null || c.endDate >= filter.dataInizio) &&
    (filter.dataFine === null || c.startDate <= filter.dataFine) &&
    (window === null || (c.endDate >= window.from && c.startDate <= window.to)) &&
    inPrizeBand(c.prizeMoney, filter.prize) &&
    (!hasDrawCriteria(filter) ||
      c.draws.some(
        (d) =>
          (filter.tipoTorneo === null || d.type === filter.tipoTorneo) &&
          (filter.catClass === null || d.categoryClass === filter.catClass) &&
          (filter.catEta === null || d.ageCategory === filter.catEta),
      )) &&
    withinRadius(filter, c.venuePoint);
  return { matches, reasons: matches ? filterReasons(filter) : [] };
}
