/**
 * The only place that knows the federation's field names (fitp-contract.md). Fields marked
 * "(assumed)" by the contract are read here only, so a correction against the live service
 * happens in one place. A row missing a required field is skipped (and reported to the
 * caller, which logs it); the rest of the page is kept.
 */
import {
  ADMISSION_TYPES,
  type AdmissionType,
  CAT_ETA_VALUES,
  findProvinceById,
  findProvinceBySigla,
  romeOffsetMs,
  TIPI_TORNEO,
  type TournamentItemKind,
} from '@radar/shared';
import {
  isPlaceholderGuid,
  readBoolean,
  readDay,
  readGuid,
  readInstant,
  readInteger,
  readNumber,
  readText,
} from './quirks';
import type {
  DrawInfo,
  FederationCompetition,
  FederationCompetitionDetail,
  FederationEntry,
  FederationItem,
  FederationParticipant,
  FederationPlayer,
  FederationTournament,
  ListQuery,
} from './types';

export const PATHS = {
  list: '/api/v3/tornei/puc/list',
  detail: '/api/v3/puc/competizione/dettaglio',
  card: '/api/v1/tesserati/dettaglio/semplice',
  entries: '/api/v1/tesserati/iscrizioni',
} as const;

/** The federation's discipline code for tennis: the only discipline the app follows for now. */
export const ID_DISCIPLINA_TENNIS = '4332';
export const MAX_FETCH_ROWS = 100;

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a row was skipped: the missing or unreadable required field. */
export interface Skipped {
  reason: string;
}

export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

// --- Requests ----------------------------------------------------------------------------------

const formatItalianDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** An instant as Rome local time `YYYY-MM-DDTHH:mm:ss`, the federation's own format. */
export function formatRomeLocal(instant: Date): string {
  return new Date(instant.getTime() + romeOffsetMs(instant.getTime())).toISOString().slice(0, 19);
}

/** The list call's body: every field a string, `""` for "any". */
export function listRequestBody(query: ListQuery, skip: number, take: number): Record<string, string> {
  const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  return {
    guid: text(query.guid),
    freetext: text(query.freetext),
    id_regione: text(query.regionId),
    id_provincia: text(query.provinceId),
    id_stato: text(query.idStato ?? 0),
    id_disciplina: ID_DISCIPLINA_TENNIS,
    sesso: '',
    tipo_competizione: '',
    categoria_eta: '',
    classifica: '',
    massimale_montepremi: '0',
    data_inizio: query.from ? formatItalianDay(query.from) : '',
    data_fine: query.to ? formatItalianDay(query.to) : '',
    cod_fonte: text(query.codFonte ?? 0),
    id_fonte: '',
    rowstoskip: String(skip),
    fetchrows: String(Math.min(take, MAX_FETCH_ROWS)),
    // (assumed) incremental sync.
    data_modifica_da: query.modifiedSince ? formatRomeLocal(query.modifiedSince) : '',
  };
}

export const detailRequestBody = (guid: string) => ({ competitionUid: guid });

/** Player calls take the card number's digits in base64 (assumed). */
export const cardRequestBody = (cardNumber: string) => ({
  cardNumber: Buffer.from(cardNumber.replace(/\D/g, ''), 'utf8').toString('base64'),
});

// --- Shared readers ------------------------------------------------------------------------------

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** A draw type in its canonical spelling (`maschile` → `Maschile`); unknown types are kept as given. */
export function canonicalDrawType(value: unknown): string | null {
  const text = readText(value);
  if (!text) return null;
  return TIPI_TORNEO.find((t) => t.toLowerCase() === text.toLowerCase()) ?? text;
}

export function canonicalAgeCategory(value: unknown): string | null {
  const text = readText(value)?.toLowerCase();
  if (!text) return null;
  return CAT_ETA_VALUES.find((c) => c === text) ?? text;
}

function categoryClass(value: unknown): number | null {
  const n = readInteger(value);
  return n !== undefined && n >= 1 && n <= 4 ? n : null;
}

function admissionType(value: unknown): AdmissionType | null {
  const text = readText(value)?.toLowerCase();
  return ADMISSION_TYPES.find((a) => a === text) ?? null;
}

// --- 1. Competition search ----------------------------------------------------------------------

export interface ListPage {
  /** `record`: total matches (placeholders included), for paging. */
  total: number;
  /** How many rows the page held, placeholders and broken rows included. */
  received: number;
  rows: FederationCompetition[];
  placeholders: number;
  skipped: Skipped[];
}

export function mapListPage(body: unknown): ListPage | undefined {
  if (!isRow(body)) return undefined;
  const total = readInteger(body.record);
  const rows = body.competizioni;
  if (total === undefined || !Array.isArray(rows)) return undefined;
  const page: ListPage = { total, received: rows.length, rows: [], placeholders: 0, skipped: [] };
  for (const raw of rows) {
    if (isRow(raw) && readGuid(raw.guid) !== undefined && isPlaceholderGuid(readGuid(raw.guid) ?? '')) {
      page.placeholders++;
      continue;
    }
    const mapped = mapListRow(raw);
    if (mapped.ok) page.rows.push(mapped.value);
    else page.skipped.push({ reason: mapped.reason });
  }
  return page;
}

export function mapListRow(raw: unknown): Mapped<FederationCompetition> {
  if (!isRow(raw)) return { ok: false, reason: 'not an object' };
  const guid = readGuid(raw.guid);
  if (!guid) return { ok: false, reason: 'guid missing' };
  const name = readText(raw.nome_torneo);
  if (!name) return { ok: false, reason: `${guid}: nome_torneo missing` };
  const startDate = readDay(raw.data_inizio);
  if (!startDate) return { ok: false, reason: `${guid}: data_inizio missing or unknown` };
  const endDate = readDay(raw.data_fine);
  if (!endDate) return { ok: false, reason: `${guid}: data_fine missing or unknown` };

  // The province from its sigla (confirmed); the federation's ISTAT codes (assumed) as a fallback.
  const sigla = readText(raw.sigla_provincia)?.toUpperCase() ?? null;
  const province =
    (sigla ? findProvinceBySigla(sigla) : undefined) ?? findProvinceById(readInteger(raw.id_provincia) ?? -1);
  const regionFromRow = readInteger(raw.id_regione);
  const mainDraw: DrawInfo = {
    type: canonicalDrawType(raw.tipo_torneo),
    categoryClass: categoryClass(raw.cat_class),
    ageCategory: canonicalAgeCategory(raw.cat_eta),
  };
  const idStato = readInteger(raw.id_stato);
  const codFonte = readInteger(raw.cod_fonte);
  return {
    ok: true,
    value: {
      guid,
      name,
      club: orNull(readText(raw.tennisclub)),
      city: orNull(readText(raw.citta)),
      provinceSigla: province?.sigla ?? sigla,
      provinceId: province?.id ?? null,
      regionId:
        province?.regionId ??
        (regionFromRow !== undefined && regionFromRow >= 1 && regionFromRow <= 20 ? regionFromRow : null),
      startDate,
      endDate: endDate < startDate ? startDate : endDate,
      idDisciplina: orNull(readText(raw.id_disciplina)),
      codFonte: codFonte !== undefined && codFonte >= 1 && codFonte <= 3 ? codFonte : null,
      fonteLabel: orNull(readText(raw.id_fonte)),
      mainDraw,
      onlineRegistration: orNull(readBoolean(raw.iscrizione_online)),
      authorized: orNull(readBoolean(raw.torneo_autorizzato)),
      idStato: idStato !== undefined && idStato >= 1 && idStato <= 4 ? idStato : null,
      prizeMoney: Math.max(0, Math.round(readNumber(raw.montepremi) ?? 0)),
      registrationOpensAt: orNull(readInstant(raw.data_apertura_iscrizioni)),
      registrationClosesAt: orNull(readInstant(raw.data_chiusura_iscrizioni)),
      modifiedAt: orNull(readInstant(raw.data_modifica)),
    },
  };
}

// --- 2. Competition detail ----------------------------------------------------------------------

export interface MappedDetail {
  detail: FederationCompetitionDetail;
  skipped: Skipped[];
}

export function mapDetail(body: unknown): MappedDetail | undefined {
  // A detail without its list of tournaments is not a detail.
  if (!isRow(body) || !Array.isArray(body.Tournaments)) return undefined;
  const skipped: Skipped[] = [];
  const tournaments: FederationTournament[] = [];
  for (const raw of body.Tournaments) {
    const mapped = mapTournament(raw, skipped);
    if (mapped.ok) tournaments.push(mapped.value);
    else skipped.push({ reason: mapped.reason });
  }
  const prize = readNumber(body.PrizeMoney);
  return {
    detail: {
      name: orNull(readText(body.Description)),
      city: orNull(readText(body.Municipality)),
      provinceSigla: orNull(readText(body.Province)?.toUpperCase()),
      startDate: orNull(readDay(body.From)),
      endDate: orNull(readDay(body.To)),
      rulesUrl: orNull(readUrl(body.RulesUrl)),
      externalUrl: orNull(readUrl(body.ExternalUrl)),
      prizeMoney: prize === undefined ? null : Math.max(0, Math.round(prize)),
      tournaments,
    },
    skipped,
  };
}

/** Links are kept only when they are http(s): anything else must never reach a page as a link. */
function readUrl(value: unknown): string | undefined {
  const text = readText(value);
  return text && /^https?:\/\//i.test(text) ? text : undefined;
}

function mapTournament(raw: unknown, skipped: Skipped[]): Mapped<FederationTournament> {
  if (!isRow(raw)) return { ok: false, reason: 'tournament: not an object' };
  const uuid = readGuid(raw.TournamentUid);
  if (!uuid) return { ok: false, reason: 'tournament: TournamentUid missing' };
  const type = canonicalDrawType(raw.Type);
  const cls = categoryClass(raw.CategoryClass);
  const description =
    readText(raw.TournamentDescription) ??
    ([type, cls ? `${cls}a categoria` : null].filter(Boolean).join(' ') || uuid);

  const participants: FederationParticipant[] = [];
  for (const p of Array.isArray(raw.Participants) ? raw.Participants : []) {
    const mapped = mapParticipant(p);
    if (mapped.ok) participants.push(mapped.value);
    else skipped.push({ reason: `${uuid}: ${mapped.reason}` });
  }
  const items: FederationItem[] = [];
  const lists: [unknown, TournamentItemKind][] = [
    [raw.Documents, 'document'],
    [raw.OrdersOfPlay, 'order_of_play'],
    [raw.Draws, 'draw'],
  ];
  for (const [list, kind] of lists) {
    for (const item of Array.isArray(list) ? list : []) {
      const mapped = mapItem(item, kind);
      if (mapped.ok) items.push(mapped.value);
      else skipped.push({ reason: `${uuid}: ${mapped.reason}` });
    }
  }
  const count = readInteger(raw.NumberOfParticipants);
  return {
    ok: true,
    value: {
      uuid,
      description,
      type,
      categoryClass: cls,
      ageCategory: canonicalAgeCategory(raw.AgeCategory),
      rankingLimit: orNull(readText(raw.RankingLimit)),
      isDouble: orNull(readBoolean(raw.IsDoubleTournament)),
      participantsCount: count === undefined ? null : Math.max(0, count),
      maxParticipants: orNull(readInteger(raw.MaxParticipants)),
      admissionType: admissionType(raw.AdmissionType),
      surface: orNull(readText(raw.Surface)),
      balls: orNull(readText(raw.Balls)),
      matchFormat: orNull(readText(raw.MatchFormat)),
      participants,
      items,
    },
  };
}

/**
 * A participant needs an id and a name; a missing card or subscription date is kept as unknown
 * (the player is still entered: only their position by that rule is unknown).
 */
function mapParticipant(raw: unknown): Mapped<FederationParticipant> {
  if (!isRow(raw)) return { ok: false, reason: 'participant: not an object' };
  const id = readInteger(raw.Id);
  if (id === undefined) return { ok: false, reason: 'participant: Id missing' };
  const name = readText(raw.Name);
  const surname = readText(raw.Surname);
  if (!name && !surname) return { ok: false, reason: `participant ${id}: Name and Surname missing` };
  return {
    ok: true,
    value: {
      id,
      name: name ?? '',
      surname: surname ?? '',
      membershipCard: orNull(readText(raw.MembershipCard)?.replace(/\s/g, '')),
      ranking: orNull(readText(raw.Ranking)?.toUpperCase()),
      subscriptionDate: orNull(readInstant(raw.SubscriptionDate)),
      club: orNull(readText(raw.Club)),
    },
  };
}

const DEFAULT_TITLES: Record<TournamentItemKind, string> = {
  document: 'Documento',
  order_of_play: 'Ordine di gioco',
  draw: 'Tabellone',
};

function mapItem(raw: unknown, kind: TournamentItemKind): Mapped<FederationItem> {
  if (!isRow(raw)) return { ok: false, reason: `${kind}: not an object` };
  const id = readInteger(raw.Id);
  if (id === undefined) return { ok: false, reason: `${kind}: Id missing` };
  return {
    ok: true,
    value: {
      id,
      kind,
      title: readText(raw.Title) ?? DEFAULT_TITLES[kind],
      url: orNull(readUrl(raw.Url)),
      date: kind === 'order_of_play' ? orNull(readDay(raw.Date)) : null,
      publishedAt: orNull(readInstant(raw.PublishedAt)),
    },
  };
}

// --- 3, 4. Player card and entries (assumed) ----------------------------------------------------

/** null for an unknown card (`{ result: "KO" }`). */
export function mapPlayerCard(cardNumber: string, body: unknown): FederationPlayer | null | undefined {
  if (!isRow(body)) return undefined;
  const result = readText(body.result)?.toUpperCase();
  if (result === 'KO') return null;
  const name = readText(body.Name);
  const surname = readText(body.Surname);
  if (result !== 'OK' || (!name && !surname)) return undefined;
  return {
    cardNumber,
    name: name ?? '',
    surname: surname ?? '',
    club: orNull(readText(body.Club)),
    municipality: orNull(readText(body.Municipality)),
    province: orNull(readText(body.Province)),
    category: orNull(readText(body.Category)),
    ranking: orNull(readText(body.Ranking)?.toUpperCase()),
    bestRanking: orNull(readText(body.BestRanking)?.toUpperCase()),
    bestRankingSeason: orNull(readText(body.BestRankingSeason)),
    updatedAt: orNull(readInstant(body.UpdatedAt)),
  };
}

export function mapPlayerEntries(
  body: unknown,
): { entries: FederationEntry[]; skipped: Skipped[] } | undefined {
  if (!isRow(body) || !Array.isArray(body.items)) return undefined;
  const entries: FederationEntry[] = [];
  const skipped: Skipped[] = [];
  for (const raw of body.items) {
    const competitionGuid = isRow(raw) ? readGuid(raw.competitionUid) : undefined;
    const tournamentUuid = isRow(raw) ? readGuid(raw.tournamentUid) : undefined;
    if (!competitionGuid || !tournamentUuid || !isRow(raw)) {
      skipped.push({ reason: 'entry: competitionUid or tournamentUid missing' });
      continue;
    }
    entries.push({
      competitionGuid,
      tournamentUuid,
      subscriptionDate: orNull(readInstant(raw.SubscriptionDate)),
    });
  }
  return { entries, skipped };
}
