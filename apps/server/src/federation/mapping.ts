/**
 * The only place that knows the federation's names (fitp-contract.md, quoted as §n): request
 * bodies and paths, and every answer mapped to the app's names of types.ts. A row missing a
 * required field is skipped with a reason (the client logs it); the rest of the answer is kept.
 * A mapper returns `undefined` when the answer as a whole has an unexpected shape: the client
 * calls that "down" (§10).
 */
import {
  type CatEta,
  findProvinceById,
  findProvinceBySigla,
  fitpProvinceId,
  isIsoDate,
  TIPI_TORNEO,
  type TipoTorneo,
} from '@radar/shared';
import {
  field,
  isRow,
  type Row,
  readBoolean,
  readDay,
  readGuid,
  readInstant,
  readInteger,
  readList,
  readNumber,
  readText,
  readTimeOfDay,
} from './quirks';
import type {
  BandDeadline,
  DrawInfo,
  DrawMatch,
  DrawPlayer,
  DrawSide,
  FederationCompetition,
  FederationCompetitionDetail,
  FederationDraw,
  FederationFileKind,
  FederationParticipant,
  FederationPlayer,
  FederationReferee,
  FederationSection,
  FederationSource,
  FederationTournament,
  FederationVenue,
  ListPage,
  ListQuery,
  OrderOfPlayFile,
} from './types';

export const PATHS = {
  list: '/api/v3/tornei/puc/list',
  detail: '/api/v3/puc/competizione/dettaglio',
  documents: '/api/v3/puc/competizione/documenti/list',
  rules: '/api/v2/puc/competizione/regole/list',
  ordersOfPlay: '/api/v3/puc/competizione/ordine-di-gioco/list',
  draw: '/api/v3/puc/competizione/tabellone',
  playerSheet: '/api/v1/tesserati/dettaglio/semplice',
  download: {
    document: '/api/v2/puc/competizione/documenti/download',
    rules: '/api/v2/puc/competizione/regole/download',
    order_of_play: '/api/v2/puc/competizione/ordine-di-gioco/download',
  } satisfies Record<FederationFileKind, string>,
} as const;

/** `id_disciplina` of tennis (§1): the only discipline the app follows. */
export const ID_DISCIPLINA_TENNIS = 4332;
/** The rows of a page: only the first 100 of a query are reliable (§1 Paging). */
export const MAX_FETCH_ROWS = 100;

/** Why a row was skipped: the missing or unreadable required field. */
export interface Skipped {
  reason: string;
}

export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

// --- TPRA keys -----------------------------------------------------------------------------------

/** The guid every TPRA row of the search carries (§1): never a key. */
export const TPRA_PLACEHOLDER_GUID = '11111111-1111-1111-1111-111111111111';
const TPRA_PREFIX = '11111111-1111-1111-1111-';
const TPRA_KEY = /^11111111-1111-1111-1111-(\d{12})$/;

/**
 * A TPRA competition's key (issue 27): guid-shaped, `11111111-1111-1111-1111-` then
 * `id_torneo_digital` padded to 12 digits (213888 → `…-000000213888`). It is never the
 * placeholder itself.
 */
export function tpraGuid(idTorneoDigital: number): string {
  if (!Number.isSafeInteger(idTorneoDigital) || idTorneoDigital <= 0 || idTorneoDigital >= 1e12) {
    throw new RangeError(`not a TPRA id: ${idTorneoDigital}`);
  }
  const key = `${TPRA_PREFIX}${String(idTorneoDigital).padStart(12, '0')}`;
  if (key === TPRA_PLACEHOLDER_GUID) throw new RangeError(`not a TPRA id: ${idTorneoDigital}`);
  return key;
}

/** Whether a competition key is a TPRA key of {@link tpraGuid} (they have no detail call). */
export const isTpraGuid = (guid: string): boolean =>
  TPRA_KEY.test(guid.trim()) && guid.trim() !== TPRA_PLACEHOLDER_GUID;

/** The `id_torneo_digital` of a TPRA key, or null for any other key. */
export function tpraIdOf(guid: string): number | null {
  if (!isTpraGuid(guid)) return null;
  const match = TPRA_KEY.exec(guid.trim());
  return match?.[1] ? Number(match[1]) : null;
}

// --- Draw vocabulary ------------------------------------------------------------------------------

/** `tipo_torneo` words (§1) in the app's names. */
const DRAW_TYPE_WORDS: Record<string, TipoTorneo> = {
  'doppio f.': 'DoppioF',
  'doppio f': 'DoppioF',
  'doppio femminile': 'DoppioF',
  'doppio m.': 'DoppioM',
  'doppio m': 'DoppioM',
  'doppio maschile': 'DoppioM',
  'doppio misto': 'Misto',
  femminile: 'Femminile',
  maschile: 'Maschile',
  misto: 'Misto',
  ...Object.fromEntries(TIPI_TORNEO.map((t) => [t.toLowerCase(), t])),
};

/**
 * Draw types in the app's names, unknown words dropped, in the app's order (singles first:
 * Maschile, Femminile, DoppioM, DoppioF, Misto) whatever the federation's (alphabetical) order,
 * so that a competition's main draw is a singles draw when it offers one.
 */
export function readDrawTypes(values: readonly string[]): TipoTorneo[] {
  const found = new Set(values.map((v) => DRAW_TYPE_WORDS[v.trim().toLowerCase()]));
  return TIPI_TORNEO.filter((t) => found.has(t));
}

/** A band's category class: `1` → 1, `2.1` → 2, `4.NC` → 4 (padel bands `1`…`4` alike). */
export function bandClass(band: string): number | null {
  const match = /^([1-4])(?:\.|$)/.exec(band.trim());
  return match ? Number(match[1]) : null;
}

/** An age code's group: U08…U18 → giovanili, NOR/NOF (open) → open, O30… → veterani. */
export function ageGroup(code: string): CatEta | null {
  const text = code.trim().toUpperCase();
  if (/^U\d{1,2}$/.test(text)) return 'giovanili';
  if (/^O\d{2}$/.test(text)) return 'veterani';
  if (text === 'NOR' || text === 'NOF' || text === 'OPEN' || text === 'ASSOLUTO') return 'open';
  return null;
}

/** The distinct classes of some bands, best (1) first. */
const classesOf = (bands: readonly string[]): number[] =>
  [...new Set(bands.map(bandClass).filter((c): c is number => c !== null))].sort((a, b) => a - b);

/** The distinct age groups of some age codes, in order of first appearance. */
const ageGroupsOf = (codes: readonly string[]): CatEta[] => [
  ...new Set(codes.map(ageGroup).filter((g): g is CatEta => g !== null)),
];

/** Every draw a row offers: types × classes × age groups, a missing dimension as null (any). */
function crossDraws(types: TipoTorneo[], classes: number[], ages: CatEta[]): DrawInfo[] {
  const draws: DrawInfo[] = [];
  for (const type of types.length ? types : [null]) {
    for (const categoryClass of classes.length ? classes : [null]) {
      for (const ageCategory of ages.length ? ages : [null]) draws.push({ type, categoryClass, ageCategory });
    }
  }
  return draws;
}

// --- §1 Competition search ----------------------------------------------------------------------

const italianDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The search's body (§1): every key sent, unused ones `""` (`data_fine` null: it bounds the real
 * end date and drops events crossing it), the keys that empty every answer (`sesso`,
 * `id_classifica`, `id_area_regionale`) never sent. Always the first 100 rows sorted by start
 * date; the caller shards until a query holds at most 100.
 */
export function listRequestBody(query: ListQuery): Record<string, string | number | null> {
  let provinceId: number | '' = '';
  if (query.provinceId !== undefined) {
    const province = findProvinceById(query.provinceId);
    if (!province) throw new RangeError(`unknown province id ${query.provinceId}`);
    provinceId = fitpProvinceId(province);
  }
  if (query.startFrom !== undefined && !isIsoDate(query.startFrom)) {
    throw new RangeError(`startFrom is not a YYYY-MM-DD day: ${query.startFrom}`);
  }
  return {
    guid: '',
    profilazione: '',
    freetext: query.freetext ?? '',
    id_disciplina: ID_DISCIPLINA_TENNIS,
    tipo_competizione: '',
    id_regione: query.regionId ?? '',
    id_provincia: provinceId,
    id_stato: query.idStato ?? 0,
    cod_fonte: '',
    id_fonte: '',
    categoria_eta: '',
    classifica: '',
    massimale_montepremi: '',
    ambito: '',
    data_inizio: query.startFrom ? italianDay(query.startFrom) : '',
    data_fine: null,
    sortcolumn: 'data_inizio',
    sortorder: 'asc',
    rowstoskip: 0,
    fetchrows: MAX_FETCH_ROWS,
  };
}

/**
 * A search page. An empty body (`undefined`) is zero results (§1); a body that is not
 * `{competizioni:[…], record}` is undefined (down).
 */
export function mapListPage(body: unknown): ListPage | undefined {
  if (body === undefined) return { total: 0, received: 0, rows: [], skipped: [] };
  if (!isRow(body)) return undefined;
  const rows = field(body, 'competizioni');
  const record = readInteger(field(body, 'record'));
  if (rows === null || rows === undefined) {
    // `{"record":0}` (never seen, §1) is still zero results.
    return record === 0 ? { total: 0, received: 0, rows: [], skipped: [] } : undefined;
  }
  if (!Array.isArray(rows)) return undefined;
  const page: ListPage = { total: record ?? rows.length, received: rows.length, rows: [], skipped: [] };
  const keys = new Set<string>();
  for (const raw of rows) {
    const mapped = mapListRow(raw);
    if (!mapped.ok) page.skipped.push({ reason: mapped.reason });
    else if (keys.has(mapped.value.guid)) page.skipped.push({ reason: `${mapped.value.guid}: repeated` });
    else {
      keys.add(mapped.value.guid);
      page.rows.push(mapped.value);
    }
  }
  return page;
}

const codFonte = (value: number | undefined): FederationSource | null =>
  value === 1 || value === 2 || value === 3 ? value : null;

/** One search row (§1); skipped without a key, a name or a start date. */
export function mapListRow(raw: unknown): Mapped<FederationCompetition> {
  if (!isRow(raw)) return { ok: false, reason: 'row: not an object' };
  const source = codFonte(readInteger(field(raw, 'cod_fonte')));
  const rowGuid = readGuid(field(raw, 'guid'));
  const digitalId = readInteger(field(raw, 'id_torneo_digital'));
  // TPRA rows all carry the placeholder guid: their key is their id_torneo_digital.
  const tpra =
    rowGuid === TPRA_PLACEHOLDER_GUID || (source === 2 && digitalId !== undefined && digitalId > 0);
  let guid: string;
  let tpraId: number | null = null;
  if (tpra) {
    if (digitalId === undefined || digitalId <= 0 || digitalId >= 1e12 || digitalId === 111111111111) {
      return { ok: false, reason: 'TPRA row: id_torneo_digital missing' };
    }
    guid = tpraGuid(digitalId);
    tpraId = digitalId;
  } else if (rowGuid) {
    guid = rowGuid;
  } else {
    return { ok: false, reason: 'row: guid missing' };
  }
  const name = readText(field(raw, 'nome_torneo'));
  if (!name) return { ok: false, reason: `${guid}: nome_torneo missing` };
  const startDate = readDay(field(raw, 'data_inizio'));
  if (!startDate) return { ok: false, reason: `${guid}: data_inizio missing or unknown` };
  // 01/01/1900 (team championships) is "unknown"; an end before the start is a typo of the start.
  const end = readDay(field(raw, 'data_fine'));
  const endDate = end ? (end < startDate ? startDate : end) : null;

  // The organiser's seat, not the venue (§1).
  const sigla = readText(field(raw, 'sigla_provincia'))?.toUpperCase() ?? null;
  const province = sigla ? findProvinceBySigla(sigla) : undefined;

  const drawTypes = readDrawTypes(readList(field(raw, 'tipo_torneo'), ';'));
  const bands = readList(field(raw, 'cat_class'), ';').map((b) => b.toUpperCase());
  const ageCodes = readList(field(raw, 'cat_eta'), ';').map((a) => a.toUpperCase());
  const classes = classesOf(bands);
  const ages = ageGroupsOf(ageCodes);
  const idStato = readInteger(field(raw, 'id_statoPUC'));
  return {
    ok: true,
    value: {
      guid,
      tpraId,
      name,
      club: orNull(readText(field(raw, 'tennisclub'))),
      city: orNull(readText(field(raw, 'citta'))),
      provinceSigla: province?.sigla ?? sigla,
      provinceId: province?.id ?? null,
      regionId: province?.regionId ?? null,
      startDate,
      endDate,
      idDisciplina: orNull(readInteger(field(raw, 'id_disciplina'))),
      codFonte: source,
      fonteLabel: orNull(readText(field(raw, 'id_fonte'))),
      sector: orNull(readInteger(field(raw, 'id_settore'))),
      drawTypes,
      bands,
      ageCodes,
      draws: crossDraws(drawTypes, classes, ages),
      mainDraw: {
        type: drawTypes[0] ?? null,
        categoryClass: classes[0] ?? null,
        ageCategory: ages[0] ?? null,
      },
      onlineRegistration: orNull(readBoolean(field(raw, 'iscrizione_online'))),
      // Absent on some rows (§1): unknown.
      authorized: orNull(readBoolean(field(raw, 'torneo_autorizzato'))),
      idStato: idStato !== undefined && idStato >= 0 && idStato <= 4 ? idStato : null,
    },
  };
}

// --- §2, §3 Competition detail ------------------------------------------------------------------

export const detailRequestBody = (guid: string) => ({ competitionUid: guid });

export interface MappedDetail {
  detail: FederationCompetitionDetail;
  skipped: Skipped[];
}

function readVenue(raw: Row): FederationVenue | null {
  const venue: FederationVenue = {
    address: orNull(readText(field(raw, 'Address'))),
    cap: orNull(readText(field(raw, 'Cap'))),
    municipality: orNull(readText(field(raw, 'Municipality'))),
    province: orNull(readText(field(raw, 'Province'))),
  };
  return Object.values(venue).some((v) => v !== null) ? venue : null;
}

const EMPTY_VENUE: FederationVenue = { address: null, cap: null, municipality: null, province: null };

function readReferee(value: unknown): FederationReferee | null {
  if (!isRow(value)) return null;
  // The card is a string of digits with its leading zeros (`Code` is not an identity).
  const referee: FederationReferee = {
    card: orNull(readCard(field(value, 'MembershipCard'))),
    name: orNull(readText(field(value, 'Name'))),
    surname: orNull(readText(field(value, 'Surname'))),
  };
  return referee.card || referee.name || referee.surname ? referee : null;
}

/** A card as the digits it is written with (a number, never expected, is written as is). */
function readCard(value: unknown): string | undefined {
  const text = readText(value)?.replace(/\s/g, '');
  return text && /^\d+$/.test(text) ? text : undefined;
}

/**
 * A competition's detail (§2). `Tournaments` must be there (null is read as none); everything
 * else is optional. `guid` is the key asked for when the answer lacks its own.
 */
export function mapDetail(body: unknown, guid: string): MappedDetail | undefined {
  if (!isRow(body)) return undefined;
  const list = field(body, 'Tournaments');
  if (list !== null && !Array.isArray(list)) return undefined;
  if (list === null && field(body, 'CompetitionUid') === undefined) return undefined;

  const venues: FederationVenue[] = [];
  const own = readVenue(body);
  if (own) venues.push(own);
  const sites = field(body, 'impianti');
  for (const site of Array.isArray(sites) ? sites : []) {
    const venue = isRow(site) ? readVenue(site) : null;
    if (venue && !venues.some((v) => JSON.stringify(v) === JSON.stringify(venue))) venues.push(venue);
  }

  const skipped: Skipped[] = [];
  const tournaments: FederationTournament[] = [];
  for (const raw of list ?? []) {
    const mapped = mapTournament(raw, venues[0] ?? EMPTY_VENUE, skipped);
    if (mapped.ok) tournaments.push(mapped.value);
    else skipped.push({ reason: mapped.reason });
  }
  const prize = readNumber(field(body, 'TotalPrizePool'));
  const intermediate = readNumber(field(body, 'IntermediateSectionPrizePool'));
  return {
    detail: {
      guid: readGuid(field(body, 'CompetitionUid')) ?? guid.toUpperCase(),
      competitionId: orNull(readInteger(field(body, 'CompetitionId'))),
      name: orNull(readText(field(body, 'Description'))),
      club: orNull(readText(field(body, 'TennisClub'))),
      startDate: orNull(readDay(field(body, 'From'))),
      endDate: orNull(readDay(field(body, 'To'))),
      venues,
      ageCodes: readList(field(body, 'CategoryAge'), ',').map((a) => a.toUpperCase()),
      rankings: readList(field(body, 'Ranking'), ',').map((r) => r.toUpperCase()),
      gender: orNull(readText(field(body, 'Gender'))?.toUpperCase()),
      prizeMoney: prize === undefined ? null : Math.max(0, Math.round(prize)),
      intermediatePrizeMoney: intermediate === undefined ? null : Math.max(0, Math.round(intermediate)),
      // The competition officer is the referee (giudice arbitro); the director when he is unset.
      referee:
        readReferee(field(body, 'CompetitionOfficer')) ?? readReferee(field(body, 'CompetitionDirector')),
      status: orNull(readText(field(body, 'Status'))),
      onlineRegistration: orNull(readBoolean(field(body, 'OnLineSubscriptions'))),
      tournaments,
    },
    skipped,
  };
}

/** A tournament's draw type from its `Gender` (`M`, `F`, `MM`, `FF`, `MF`) and doubles flag. */
function tournamentType(gender: string | undefined, isDouble: boolean): TipoTorneo | null {
  switch (gender) {
    case 'M':
      return isDouble ? 'DoppioM' : 'Maschile';
    case 'F':
      return isDouble ? 'DoppioF' : 'Femminile';
    case 'MM':
      return 'DoppioM';
    case 'FF':
      return 'DoppioF';
    case 'MF':
    case 'FM':
    case 'X':
      return isDouble ? 'Misto' : null;
    default:
      return null;
  }
}

/** `TennisClubShare`: `|` is a line break; blank lines dropped. */
function readFee(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const lines = value
    .split('|')
    .map((line) => readText(line))
    .filter((line): line is string => line !== undefined);
  return lines.length ? lines.join('\n') : undefined;
}

function mapTournament(
  raw: unknown,
  fallbackVenue: FederationVenue,
  skipped: Skipped[],
): Mapped<FederationTournament> {
  if (!isRow(raw)) return { ok: false, reason: 'tournament: not an object' };
  const uuid = readGuid(field(raw, 'TournamentUid'));
  if (!uuid) return { ok: false, reason: 'tournament: TournamentUid missing' };
  const tournamentId = readInteger(field(raw, 'TournamentId'));
  if (tournamentId === undefined) return { ok: false, reason: `tournament ${uuid}: TournamentId missing` };
  const gender = readText(field(raw, 'Gender'))?.toUpperCase();
  const isDouble = readBoolean(field(raw, 'IsDoubleTournament')) ?? gender?.length === 2;
  const ageCodes = readList(field(raw, 'CategoryAge'), ',').map((a) => a.toUpperCase());
  const availableRankings = readList(field(raw, 'AvailableRankings'), ',').map((r) => r.toUpperCase());
  const count = readInteger(field(raw, 'NumberOfParticipants'));
  const where = `tournament ${tournamentId}`;

  const deadlines: BandDeadline[] = [];
  const bands = field(raw, 'EndTimeSubscription');
  for (const band of Array.isArray(bands) ? bands : []) {
    const mapped = mapDeadline(band);
    if (mapped.ok) deadlines.push(mapped.value);
    else skipped.push({ reason: `${where}: ${mapped.reason}` });
  }

  const sections: FederationSection[] = [];
  const rawSections = field(raw, 'Sections');
  for (const section of Array.isArray(rawSections) ? rawSections : []) {
    const mapped = mapSection(section);
    if (mapped.ok) sections.push(mapped.value);
    else skipped.push({ reason: `${where}: ${mapped.reason}` });
  }

  const participants: FederationParticipant[] = [];
  const rawParticipants = field(raw, 'Participants');
  for (const participant of Array.isArray(rawParticipants) ? rawParticipants : []) {
    const mapped = mapParticipant(participant);
    if (mapped.ok) participants.push(mapped.value);
    else skipped.push({ reason: `${where}: ${mapped.reason}` });
  }
  if (isDouble) assignPairs(participants);

  const classes = classesOf(availableRankings);
  return {
    ok: true,
    value: {
      uuid,
      tournamentId,
      description: readText(field(raw, 'TournamentDescription')) ?? String(tournamentId),
      type: tournamentType(gender, isDouble),
      categoryClass: classes[0] ?? null,
      ageCategory: ageGroupsOf(ageCodes)[0] ?? null,
      gender: orNull(gender),
      ageCodes,
      availableRankings,
      isDouble,
      participantsCount: count === undefined ? null : Math.max(0, count),
      registrationClosesAt: orNull(readInstant(field(raw, 'DateEndSubscription'))),
      deadlines,
      venue: readVenue(raw) ?? fallbackVenue,
      fee: orNull(readFee(field(raw, 'TennisClubShare'))),
      balls: orNull(readText(field(raw, 'BallType'))),
      courtType: orNull(readText(field(raw, 'TennisCourtType'))),
      weekdayMatchTime: orNull(readTimeOfDay(field(raw, 'WeekdayMatchTime'))),
      festiveMatchTime: orNull(readTimeOfDay(field(raw, 'FestiveMatchTime'))),
      billboardTime: orNull(readTimeOfDay(field(raw, 'CalendarBillboardTime'))),
      nightPlay: orNull(readBoolean(field(raw, 'IsNightMatch'))),
      courts: orNull(readInteger(field(raw, 'NumberOfTennisCourt'))),
      status: orNull(readText(field(raw, 'Status'))),
      sections,
      participants,
    },
  };
}

/**
 * One band's deadline (§3): `Day` + `Hour` as Rome wall-clock time (the false-`Z` `EndDate` when
 * they are missing). `DefaultSubscription: true` = set later by the referee: no instant.
 */
function mapDeadline(raw: unknown): Mapped<BandDeadline> {
  if (!isRow(raw)) return { ok: false, reason: 'deadline: not an object' };
  const minRank = readText(field(raw, 'MinRank_Name'))?.toUpperCase();
  const maxRank = readText(field(raw, 'MaxRank_Name'))?.toUpperCase();
  if (!minRank || !maxRank) return { ok: false, reason: 'deadline: MinRank_Name or MaxRank_Name missing' };
  const byReferee = readBoolean(field(raw, 'DefaultSubscription')) ?? false;
  if (byReferee) return { ok: true, value: { minRank, maxRank, closesAt: null, byReferee } };
  const day = readText(field(raw, 'Day'));
  const hour = readText(field(raw, 'Hour'));
  const closesAt =
    (day && hour ? readInstant(`${day} ${hour}`) : undefined) ?? readInstant(field(raw, 'EndDate'));
  if (!closesAt)
    return { ok: false, reason: `deadline ${minRank}–${maxRank}: Day/Hour and EndDate unreadable` };
  return { ok: true, value: { minRank, maxRank, closesAt, byReferee } };
}

function mapSection(raw: unknown): Mapped<FederationSection> {
  if (!isRow(raw)) return { ok: false, reason: 'section: not an object' };
  const rawCode = field(raw, 'SectionCode') ?? field(raw, 'SectionId');
  const code = readGuid(rawCode) ?? readText(rawCode);
  if (!code) return { ok: false, reason: 'section: SectionCode missing' };
  const isGroup = readInteger(field(raw, 'IsGroup')) ?? (readBoolean(field(raw, 'IsGroup')) ? 1 : 0);
  return {
    ok: true,
    value: {
      code,
      description: orNull(readText(field(raw, 'SectionDescription'))),
      type: orNull(readText(field(raw, 'SectionType'))),
      size: orNull(readInteger(field(raw, 'NumberOfTeam'))),
      isGroup: isGroup > 0,
      isIntermediate: readBoolean(field(raw, 'IsIntermediateSection')) ?? false,
      hasWinner: readBoolean(field(raw, 'HasWinner')) ?? false,
    },
  };
}

/** Participants carry the raw `SubscriptionDate` text while pairs are formed. */
const subscriptionKeys = new WeakMap<FederationParticipant, string>();

/**
 * A participant (§2), keyed by `MembershipCard` (a string: leading zeros kept; `Code` is the
 * constant 111111 and never read). Skipped without a card or without both names.
 */
function mapParticipant(raw: unknown): Mapped<FederationParticipant> {
  if (!isRow(raw)) return { ok: false, reason: 'participant: not an object' };
  const card = readCard(field(raw, 'MembershipCard'));
  const name = readText(field(raw, 'Name'));
  const surname = readText(field(raw, 'Surname'));
  if (!card)
    return {
      ok: false,
      reason: `participant ${surname ?? ''} ${name ?? ''}: MembershipCard missing`.replace(/\s+/g, ' '),
    };
  if (!name && !surname) return { ok: false, reason: `participant ${card}: Name and Surname missing` };
  const subscription = field(raw, 'SubscriptionDate');
  const participant: FederationParticipant = {
    card,
    name: name ?? '',
    surname: surname ?? '',
    ranking: orNull(readText(field(raw, 'Ranking'))?.toUpperCase()),
    subscriptionDate: orNull(readInstant(subscription)),
    pair: null,
  };
  const key = readText(subscription);
  if (key) subscriptionKeys.set(participant, key);
  return { ok: true, value: participant };
}

/**
 * Doubles pairs (§2): two adjacent rows with the same `SubscriptionDate` are a pair; a row whose
 * neighbour does not match (its partner's row was skipped) is a pair of its own. Pairs are
 * numbered 0, 1, 2… in entry order.
 */
function assignPairs(participants: FederationParticipant[]): void {
  let pair = 0;
  for (let i = 0; i < participants.length; pair++) {
    const first = participants[i] as FederationParticipant;
    const second = participants[i + 1];
    first.pair = pair;
    const key = subscriptionKeys.get(first);
    if (second && key !== undefined && subscriptionKeys.get(second) === key) {
      second.pair = pair;
      i += 2;
    } else {
      i += 1;
    }
  }
}

// --- §4 Documents, rules, orders of play --------------------------------------------------------

export const documentsRequestBody = (guid: string) => ({ competitionId: guid, guid: null });
export const filesRequestBody = (guid: string) => ({ competitionId: guid });

const FILE_NAME_KEYS = ['fileName', 'nomeFile', 'name', 'nome', 'file'];

/**
 * A file list (§4): an array of names. An empty body is `[]` (not published); objects with a name
 * field are tolerated (the rules' answer is unknown); anything else is undefined (down).
 */
export function mapFileList(body: unknown): { names: string[]; skipped: Skipped[] } | undefined {
  if (body === undefined) return { names: [], skipped: [] };
  if (!Array.isArray(body)) return undefined;
  const names: string[] = [];
  const skipped: Skipped[] = [];
  for (const item of body) {
    let name: string | undefined;
    if (typeof item === 'string') name = readText(item);
    else if (isRow(item)) {
      for (const key of FILE_NAME_KEYS) {
        name = readText(field(item, key));
        if (name) break;
      }
    }
    if (name && !names.includes(name)) names.push(name);
    else if (!name) skipped.push({ reason: 'file: no name' });
  }
  return { names, skipped };
}

/** The day of play in an order-of-play file name (`orariodigioco_20260802.pdf` → `2026-08-02`). */
export function orderOfPlayDate(fileName: string): string | null {
  const matches = fileName.matchAll(/(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/g);
  let date: string | null = null;
  for (const m of matches) {
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    if (isIsoDate(day)) date = day;
  }
  return date;
}

/** Orders of play by day of play (the federation lists them lexically, §4), then name; undated last. */
export function mapOrdersOfPlay(names: readonly string[]): OrderOfPlayFile[] {
  return names
    .map((fileName) => ({ fileName, date: orderOfPlayDate(fileName) }))
    .sort((a, b) => {
      if (a.date !== b.date) {
        if (a.date === null) return 1;
        if (b.date === null) return -1;
        return a.date < b.date ? -1 : 1;
      }
      return a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0;
    });
}

/** A file's download path (§4); `fileName` null for a competition's lone file (`oop.pdf`). */
export function downloadPath(kind: FederationFileKind, guid: string, fileName: string | null): string {
  const query = new URLSearchParams({ competitionId: guid });
  if (fileName !== null) query.set('fileName', fileName);
  return `${PATHS.download[kind]}?${query.toString()}`;
}

// --- §5 Draws ------------------------------------------------------------------------------------

export const drawPath = (tournamentId: number, sectionCode: string): string =>
  `${PATHS.draw}?${new URLSearchParams({ tournamentId: String(tournamentId), phaseId: sectionCode }).toString()}`;

function drawSide(match: Row, side: 1 | 2): DrawSide | null {
  const players: DrawPlayer[] = [];
  for (const suffix of [`${side}`, `${side}2`]) {
    const name = readText(field(match, `Nome${suffix}`));
    const card = orNull(readCard(field(match, `NumeroTessera${suffix}`)));
    if (!name && !card) continue;
    players.push({
      card,
      name: name ?? '',
      ranking: orNull(readText(field(match, `Categoria${suffix}`))?.toUpperCase()),
    });
  }
  if (players.length === 0) return null;
  return {
    players,
    seed: orNull(readInteger(field(match, `TestaDiSerie${side}`))),
    retired: readBoolean(field(match, `IsRitirato${side}`)) ?? false,
    absent: readBoolean(field(match, `IsAssente${side}`)) ?? false,
  };
}

/**
 * A draw (§5): `results[0].partite`. null when not published (empty body, no results, no
 * `partite`); undefined for another shape (down).
 */
export function mapDraw(
  body: unknown,
  tournamentId: number,
  sectionCode: string,
): { draw: FederationDraw | null; skipped: Skipped[] } | undefined {
  if (body === undefined) return { draw: null, skipped: [] };
  if (!isRow(body)) return undefined;
  const results = field(body, 'results');
  if (results === null || results === undefined) return { draw: null, skipped: [] };
  if (!Array.isArray(results)) return undefined;
  const first = results[0];
  const partite = isRow(first) ? field(first, 'partite') : undefined;
  if (!Array.isArray(partite) || partite.length === 0) return { draw: null, skipped: [] };
  const matches: DrawMatch[] = [];
  const skipped: Skipped[] = [];
  for (const raw of partite) {
    if (!isRow(raw)) {
      skipped.push({ reason: 'match: not an object' });
      continue;
    }
    const id = readInteger(field(raw, 'IdPartita'));
    const round = readInteger(field(raw, 'Turno'));
    const position = readInteger(field(raw, 'Posizione'));
    if (id === undefined || round === undefined || position === undefined) {
      skipped.push({ reason: `match ${id ?? '?'}: IdPartita, Turno or Posizione missing` });
      continue;
    }
    const winner = readBoolean(field(raw, 'PrimoTeamVincitore'))
      ? 0
      : readBoolean(field(raw, 'SecondoTeamVincitore'))
        ? 1
        : null;
    matches.push({
      id,
      round,
      position,
      sides: [drawSide(raw, 1), drawSide(raw, 2)],
      score: orNull(readText(field(raw, 'Risultato'))),
      winner,
    });
  }
  matches.sort((a, b) => a.round - b.round || a.position - b.position || a.id - b.id);
  return { draw: { tournamentId, sectionCode, matches }, skipped };
}

// --- §6 Player sheet -----------------------------------------------------------------------------

/** The card's digits in base64 (§6: `6672599151` → `NjY3MjU5OTE1MQ==`). */
export const cardRequestBody = (cardNumber: string) => ({
  cardNumber: Buffer.from(cardNumber.replace(/\D/g, ''), 'utf8').toString('base64'),
});

/**
 * The player sheet (§6): the nested `player` (lowercase keys, myfit host) or the prod twin's
 * PascalCase keys (nested or top level), read case-insensitively. null for an unknown card: an
 * empty body, or an in-band `result: "KO"` (the prod host's "not found": a user typing a wrong
 * card must read "Numero di tessera non valido", never "service down"). undefined for a sheet
 * with no name (down).
 */
export function mapPlayerSheet(cardNumber: string, body: unknown): FederationPlayer | null | undefined {
  if (body === undefined) return null;
  if (!isRow(body)) return undefined;
  if (isKo(body)) return null;
  const nested = field(body, 'player');
  const player = isRow(nested) ? nested : body;
  const name = readText(field(player, 'name'));
  const surname = readText(field(player, 'surname'));
  if (!name && !surname) return undefined;
  const season = field(player, 'max_rank_stagione');
  return {
    cardNumber: cardNumber.replace(/\D/g, ''),
    name: name ?? '',
    surname: surname ?? '',
    club: orNull(readText(field(player, 'tennis_club_name'))),
    municipality: orNull(readText(field(player, 'tennis_club_municipality'))),
    province: orNull(readText(field(player, 'tennis_club_province'))),
    category: orNull(readText(field(player, 'category'))),
    ranking: orNull(readText(field(player, 'ranking'))?.toUpperCase()),
    bestRanking: orNull(readText(field(player, 'max_rank'))?.toUpperCase()),
    bestRankingSeason: orNull(readText(season)),
  };
}

/** An in-band error (§0): `200 {"result":"KO","statusCode":404,…}`. */
export function isKo(body: unknown): boolean {
  return isRow(body) && readText(field(body, 'result'))?.toUpperCase() === 'KO';
}

/** The status of an in-band error (`statusCode`), when given. */
export const koStatus = (body: unknown): number | undefined =>
  isRow(body) ? readInteger(field(body, 'statusCode')) : undefined;
