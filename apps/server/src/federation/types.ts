/**
 * The federation's data in the app's own names: what the client returns after mapping
 * (mapping.ts is the only place that knows the federation's field names). The wire is
 * `shared/design/fitp-contract.md`; its section numbers are quoted as §n.
 */
import type { TipoTorneo } from '@radar/shared';

/** One draw a competition offers, in the app's filter vocabulary (type × category class × age). */
export interface DrawInfo {
  type: TipoTorneo | null;
  categoryClass: number | null;
  ageCategory: string | null;
}

/** `cod_fonte` (§1): 1 FITP tournaments, 2 TPRA tournaments, 3 team championships. */
export type FederationSource = 1 | 2 | 3;

/** One row of the competition search (§1). */
export interface FederationCompetition {
  /**
   * The competition's key. A FITP or team row's own guid (upper case); a TPRA row, whose guid is
   * the placeholder `11111111-…`, gets `tpraGuid(id_torneo_digital)`.
   */
  guid: string;
  /** `id_torneo_digital`, TPRA rows only (null otherwise). */
  tpraId: number | null;
  name: string;
  club: string | null;
  /** The organiser's seat (`citta`, `sigla_provincia`): not the venue (§1). */
  city: string | null;
  provinceSigla: string | null;
  /** The app's province id (ISTAT, see @radar/shared geo) of that seat; null when unknown. */
  provinceId: number | null;
  regionId: number | null;
  /** `YYYY-MM-DD`. */
  startDate: string;
  /** `YYYY-MM-DD`; null when the federation says "unknown" (`01/01/1900`, team championships). */
  endDate: string | null;
  idDisciplina: number | null;
  codFonte: FederationSource | null;
  fonteLabel: string | null;
  /** `id_settore`: 0 FITP, 1 TPRA tennis, 2 TPRA padel. */
  sector: number | null;
  /** `tipo_torneo` split on `;`, in the app's names (`Doppio F.` → `DoppioF`), unknown words dropped. */
  drawTypes: TipoTorneo[];
  /** `cat_class` split on `;`: the ranking bands as written (`3.1`, `4.NC`; padel `1`…`4`). */
  bands: string[];
  /** `cat_eta` split on `;` as written (`U08`, `NOR`, `O30`). */
  ageCodes: string[];
  /** Every draw the row offers (types × category classes × age groups) for filters: `drawKeys`. */
  draws: DrawInfo[];
  /** The competition's main draw for display (its first type, best class, first age group). */
  mainDraw: DrawInfo;
  onlineRegistration: boolean | null;
  authorized: boolean | null;
  /** `id_statoPUC` 0–4 (0 only on team rows). */
  idStato: number | null;
}

/** The search's criteria in the app's names (§1); every one optional. */
export interface ListQuery {
  /** ISTAT region 1–20. */
  regionId?: number;
  /** The app's (ISTAT) province id: the client sends the FITP id of §9 (Milano 15 → 215). */
  provinceId?: number;
  /** `YYYY-MM-DD`: competitions starting on or after this day. */
  startFrom?: string;
  /** `id_stato`: 0 all (default), 1 concluded, 2 running, 3 registration open, 4 scheduled. */
  idStato?: number;
  freetext?: string;
}

/** One page of the search: always the first 100 rows of the query (`record` may be larger). */
export interface ListPage {
  /** `record`: how many rows the query matches (0 for the empty body). */
  total: number;
  /** How many rows the page held, broken rows included. */
  received: number;
  rows: FederationCompetition[];
  skipped: { reason: string }[];
}

/** A venue (`impianti[]`, or the detail's own address). */
export interface FederationVenue {
  address: string | null;
  cap: string | null;
  municipality: string | null;
  /** As written: a sigla or a name. */
  province: string | null;
}

/** One band's registration deadline (§3): players ranked from `minRank` up to `maxRank`. */
export interface BandDeadline {
  /** The band's weakest ranking (`4.NC`). */
  minRank: string;
  /** The band's best ranking (`1`). */
  maxRank: string;
  /** The instant, read as Europe/Rome wall-clock time; null when the referee sets it (`byReferee`). */
  closesAt: Date | null;
  /** `DefaultSubscription`: the deadline is set later by the referee (no date, no reminder). */
  byReferee: boolean;
}

/** A section (phase) of a tournament (§2): what a draw is asked for (`phaseId` = `code`). */
export interface FederationSection {
  code: string;
  description: string | null;
  /** `Tabellone finale`, `Tabellone intermedio`. */
  type: string | null;
  /** Players (2 × pairs in doubles). */
  size: number | null;
  isGroup: boolean;
  isIntermediate: boolean;
  hasWinner: boolean;
}

/** A player entered in a tournament (§2), keyed by card. */
export interface FederationParticipant {
  /** `MembershipCard`: digits as a string, leading zeros kept. */
  card: string;
  name: string;
  surname: string;
  /** `1`, `2.1`…`4.NC`; null when missing. */
  ranking: string | null;
  subscriptionDate: Date | null;
  /** Doubles: the pair's index (0, 1, …) in entry order; both players share it. Singles: null. */
  pair: number | null;
}

export interface FederationTournament extends DrawInfo {
  uuid: string;
  /** `TournamentId`: the key of the draw call (§5). */
  tournamentId: number;
  description: string;
  /** `Gender`: `M`, `F`, `MM`, `FF` (or `MF`). */
  gender: string | null;
  /** `CategoryAge` split on `,`. */
  ageCodes: string[];
  /** `AvailableRankings` split on `,`: the bands that may enter. */
  availableRankings: string[];
  isDouble: boolean;
  /** Entries: pairs in doubles. */
  participantsCount: number | null;
  /** `DateEndSubscription`: the overall switch (Rome wall-clock). */
  registrationClosesAt: Date | null;
  deadlines: BandDeadline[];
  venue: FederationVenue;
  /** `TennisClubShare`, `|` turned into line breaks. */
  fee: string | null;
  balls: string | null;
  courtType: string | null;
  /** `HH:mm` Rome time of day. */
  weekdayMatchTime: string | null;
  festiveMatchTime: string | null;
  billboardTime: string | null;
  nightPlay: boolean | null;
  courts: number | null;
  status: string | null;
  sections: FederationSection[];
  participants: FederationParticipant[];
}

export interface FederationReferee {
  card: string | null;
  name: string | null;
  surname: string | null;
}

/** The competition detail (§2). */
export interface FederationCompetitionDetail {
  guid: string;
  competitionId: number | null;
  name: string | null;
  club: string | null;
  startDate: string | null;
  endDate: string | null;
  /** The detail's own address (often empty) then `impianti[]`. */
  venues: FederationVenue[];
  ageCodes: string[];
  rankings: string[];
  gender: string | null;
  /** `TotalPrizePool`, euro (0 = none). */
  prizeMoney: number | null;
  intermediatePrizeMoney: number | null;
  referee: FederationReferee | null;
  status: string | null;
  onlineRegistration: boolean | null;
  tournaments: FederationTournament[];
}

export type DetailResult =
  | { kind: 'found'; detail: FederationCompetitionDetail }
  /** 204: the federation has no individual detail for this key (team championships, unpublished). */
  | { kind: 'no-detail' }
  | { kind: 'not-found' };

/** An order-of-play file (§4): `<prefix>_<YYYYMMDD>.pdf`. */
export interface OrderOfPlayFile {
  fileName: string;
  /** The day of play from the name, `YYYY-MM-DD`; null when the name carries none (`oop.pdf`). */
  date: string | null;
}

export type FederationFileKind = 'document' | 'rules' | 'order_of_play';

/** A draw (§5): one tournament's section. */
export interface FederationDraw {
  tournamentId: number;
  sectionCode: string;
  matches: DrawMatch[];
}

export interface DrawPlayer {
  card: string | null;
  /** "SURNAME NAME" as given. */
  name: string;
  ranking: string | null;
}

export interface DrawSide {
  /** One player, or two in doubles. */
  players: DrawPlayer[];
  seed: number | null;
  retired: boolean;
  absent: boolean;
}

export interface DrawMatch {
  id: number;
  /** 1 = first round; (round, position) is fed by (round − 1, 2·position − 1) and (round − 1, 2·position). */
  round: number;
  position: number;
  /** Top and bottom; null = an empty slot (bye). */
  sides: [DrawSide | null, DrawSide | null];
  /** As written, from the winner's side (`63 61`); null when unplayed. */
  score: string | null;
  /** 0 top, 1 bottom; null when unplayed. */
  winner: 0 | 1 | null;
}

/** The player sheet (§6). */
export interface FederationPlayer {
  cardNumber: string;
  name: string;
  surname: string;
  club: string | null;
  municipality: string | null;
  province: string | null;
  category: string | null;
  ranking: string | null;
  bestRanking: string | null;
  bestRankingSeason: string | null;
}

export interface CallOptions {
  timeoutMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
}

/** A download relayed to the user (§4): the federation blocks browsers by CORS. */
export interface FederationDownload {
  contentType: string;
  /** Bytes, when known. */
  length: number | null;
  body: ReadableStream<Uint8Array>;
}

/**
 * The federation client: the only code that calls the federation. Every method throws
 * FederationUnavailableError for what §10 calls "down" (network error, timeout, 5xx after
 * retries, an unreadable or oversized body); "nothing" is a normal answer.
 */
export interface FederationClient {
  readonly baseUrl: string;
  /** The first 100 rows of a search (§1). An empty body is `{ total: 0, rows: [] }`. */
  listPage(query: ListQuery, call?: CallOptions): Promise<ListPage>;
  competitionDetail(guid: string, call?: CallOptions): Promise<DetailResult>;
  /** File names (§4); `[]` when none (empty array or empty body). */
  documents(guid: string, call?: CallOptions): Promise<string[]>;
  rules(guid: string, call?: CallOptions): Promise<string[]>;
  /** Sorted by day of play (the federation lists them lexically). */
  ordersOfPlay(guid: string, call?: CallOptions): Promise<OrderOfPlayFile[]>;
  /** null when the draw is not published (no `partite`). */
  draw(tournamentId: number, sectionCode: string, call?: CallOptions): Promise<FederationDraw | null>;
  /** null for an unknown card (empty body). */
  playerSheet(cardNumber: string, call?: CallOptions): Promise<FederationPlayer | null>;
  /** A file's bytes; null when the federation has no such file (404). */
  download(
    kind: FederationFileKind,
    guid: string,
    fileName: string | null,
    call?: CallOptions,
  ): Promise<FederationDownload | null>;
}
