/**
 * The codes of the federation's competition data, in the spec's terms (§3 Filter and Tournament),
 * shared by the API, the filters and the web client.
 */

/** Competition source (`codFonte`): 0 all, 1 TORNEI FITP, 2 TPRA, 3 team championships. */
export const COD_FONTE_VALUES = [0, 1, 2, 3] as const;
export type CodFonte = (typeof COD_FONTE_VALUES)[number];

/** Competition status (`idStatopuc`): 0 all, 1 concluded, 2 ongoing, 3 open registration, 4 upcoming. */
export const ID_STATO_VALUES = [0, 1, 2, 3, 4] as const;
export type IdStato = (typeof ID_STATO_VALUES)[number];
/** A competition's own status (never 0). */
export type CompetitionStatus = Exclude<IdStato, 0>;
export const COMPETITION_STATUSES = [1, 2, 3, 4] as const satisfies readonly CompetitionStatus[];

/** Prize band (`prize`): 0 all, 500 = 0–500 €, 1000 = over 500 up to 1000 €, 1001 = over 1000 €. */
export const PRIZE_BANDS = [0, 500, 1000, 1001] as const;
export type PrizeBand = (typeof PRIZE_BANDS)[number];

/** Draw type (`tipoTorneo`). */
export const TIPI_TORNEO = ['Maschile', 'Femminile', 'DoppioM', 'DoppioF', 'Misto'] as const;
export type TipoTorneo = (typeof TIPI_TORNEO)[number];

/** Category class (`catClass`): 1st to 4th category. */
export const CAT_CLASSES = [1, 2, 3, 4] as const;
export type CatClass = (typeof CAT_CLASSES)[number];

/** Age category (`catEta`). */
export const CAT_ETA_VALUES = ['open', 'giovanili', 'veterani'] as const;
export type CatEta = (typeof CAT_ETA_VALUES)[number];

/** How a tournament admits its entries (spec §3 Tournament). */
export const ADMISSION_TYPES = ['classifica', 'cronologico'] as const;
export type AdmissionType = (typeof ADMISSION_TYPES)[number];

/** Time periods of a saved filter (spec §3 Filter). */
export const FILTER_TIME_PERIODS = ['all', 'next_month', 'next_3_months', 'next_6_months'] as const;
export type FilterTimePeriod = (typeof FILTER_TIME_PERIODS)[number];

/** Time periods of the tournament list: the filter's, plus this week, next week and this month (spec §9). */
export const SEARCH_TIME_PERIODS = [
  'all',
  'this_week',
  'next_week',
  'this_month',
  'next_month',
  'next_3_months',
  'next_6_months',
] as const;
export type SearchTimePeriod = (typeof SEARCH_TIME_PERIODS)[number];

/** Why a filter matched a tournament (spec §3 Tournament), in the spec's order. */
export const FILTER_REASONS = [
  'region',
  'province',
  'distance',
  'status',
  'dates',
  'prize',
  'type',
  'category',
] as const;
export type FilterReason = (typeof FILTER_REASONS)[number];

/** A tournament's published items: documents, orders of play and draws (scoreboards). */
export const TOURNAMENT_ITEM_KINDS = ['document', 'order_of_play', 'draw'] as const;
export type TournamentItemKind = (typeof TOURNAMENT_ITEM_KINDS)[number];

/**
 * What ingestion records when the federation's data changes (`competition_events.kind`), the
 * input of the matching engine and of live updates. `tournament_added`: a tournament (a draw
 * of a competition, e.g. men's singles 4.1) appeared in a known competition; `new_scoreboard`:
 * a tournament's scoreboard (bracket) was published. Glossary: docs/ARCHITECTURE.md.
 */
export const COMPETITION_EVENT_KINDS = [
  'new_competition',
  'tournament_added',
  'new_document',
  'new_order_of_play',
  'new_scoreboard',
  'deadline_changed',
  'dates_changed',
] as const;
export type CompetitionEventKind = (typeof COMPETITION_EVENT_KINDS)[number];

/** Only as many results per page of the search (spec §3 Competition search request). */
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_DEFAULT_LIMIT = 20;
