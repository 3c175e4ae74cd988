/**
 * The wire format of the contract, with the federation's quirks: numbers sometimes as strings,
 * booleans as true/"true"/1/"1", dates in three formats, 1900-01-01 for an unknown date, guids in
 * either case, unknown extra fields. Each row's quirks come from an Rng seeded by (seed, endpoint,
 * guid), so a row is spelled the same way on every call; only the guid's case also moves with the
 * clock's hour, so the same competition shows up in both cases over time. `quirks: false` writes
 * the canonical form of the contract's examples.
 */

import type { CompetitionDetailView, CompetitionView, PlayerEntry, TournamentView } from './federation';
import { absoluteUrl } from './files';
import { FONTE_LABELS, ID_DISCIPLINA_TENNIS, isDoubles } from './model';
import type { Player } from './players';
import { hashParts, Rng } from './prng';
import {
  calendarDateOf,
  type EpochDay,
  epochDayOf,
  formatIsoDate,
  formatItalianDate,
  formatRomeDateTime,
  HOUR_MS,
  romeDayOf,
  romeInstant,
} from './rome-time';

export type Endpoint = 'list' | 'detail' | 'card' | 'entries';

export interface WireContext {
  readonly seed: number;
  readonly quirks: boolean;
  readonly now: number;
  /** The simulator's address as the caller reached it: relative links are made absolute with it. */
  readonly baseUrl?: string | undefined;
}

export type WireRow = Record<string, unknown>;

export const PLACEHOLDER_GUID = '11111111-1111-1111-1111-111111111111';

/** Fields a client cannot do without: the malformed-rows fault removes one of them. */
export const REQUIRED_LIST_FIELDS = ['guid', 'nome_torneo', 'data_inizio', 'data_fine'] as const;

/** Spells one row's values: canonically, or with that row's quirks. */
class ValueWriter {
  private readonly rng: Rng | undefined;

  constructor(ctx: WireContext, endpoint: Endpoint, key: string) {
    this.rng = ctx.quirks ? Rng.derive(ctx.seed, 'wire', endpoint, key) : undefined;
  }

  get quirky(): boolean {
    return this.rng !== undefined;
  }

  chance(p: number): boolean {
    return this.rng?.chance(p) ?? false;
  }

  num(value: number): number | string {
    return this.rng?.chance(0.3) ? String(value) : value;
  }

  bool(value: boolean): boolean | number | string {
    if (!this.rng) return value;
    const spellings = value ? [true, 'true', 1, '1'] : [false, 'false', 0, '0'];
    return this.rng.pick(spellings);
  }

  /** A calendar date: `YYYY-MM-DD`, or with quirks also `YYYY-MM-DDT00:00:00` and `dd/mm/yyyy`. */
  date(day: EpochDay): string {
    if (!this.rng) return formatIsoDate(day);
    return this.rng.weighted<(d: EpochDay) => string>([
      [formatIsoDate, 6],
      [(d) => `${formatIsoDate(d)}T00:00:00`, 2],
      [formatItalianDate, 2],
    ])(day);
  }

  /** A calendar date the contract writes as midnight (`From`, `To`). */
  midnight(day: EpochDay): string {
    if (!this.rng) return `${formatIsoDate(day)}T00:00:00`;
    return this.rng.weighted<(d: EpochDay) => string>([
      [(d) => `${formatIsoDate(d)}T00:00:00`, 6],
      [formatIsoDate, 2],
      [formatItalianDate, 2],
    ])(day);
  }

  /** A Rome local date-time, `YYYY-MM-DDTHH:mm:ss` (the only format that keeps the time). */
  dateTime(instant: number): string {
    return formatRomeDateTime(instant);
  }

  /** 1900-01-01 in one of the date formats: the federation's "unknown". */
  unknownDate(): string {
    return this.rng ? this.rng.pick(['1900-01-01', '1900-01-01T00:00:00', '01/01/1900']) : '1900-01-01';
  }

  /** A guid in the case of the hour: with quirks, about one in three comes in lower case. */
  guid(ctx: WireContext, endpoint: Endpoint, guid: string): string {
    if (!this.rng) return guid.toUpperCase();
    const lower = hashParts(ctx.seed, 'guid-case', endpoint, guid, Math.floor(ctx.now / HOUR_MS)) % 3 === 0;
    return lower ? guid.toLowerCase() : guid.toUpperCase();
  }
}

export function encodeListRow(view: CompetitionView, ctx: WireContext): WireRow {
  const c = view.competition;
  const main = c.tournaments[0];
  const w = new ValueWriter(ctx, 'list', c.guid);
  const unknownRegistration = w.chance(0.04);
  const row: WireRow = {
    guid: w.guid(ctx, 'list', c.guid),
    nome_torneo: c.name,
    tennisclub: c.club,
    citta: c.city,
    sigla_provincia: c.province.sigla,
    data_inizio: w.date(c.startDay),
    data_fine: w.date(c.endDay),
    id_disciplina: w.chance(0.3) ? Number(ID_DISCIPLINA_TENNIS) : ID_DISCIPLINA_TENNIS,
    cod_fonte: w.num(c.codFonte),
    id_fonte: FONTE_LABELS[c.codFonte],
    tipo_torneo: main?.type ?? 'Maschile',
    cat_eta: main?.ageCategory ?? 'open',
    cat_class: w.num(main?.categoryClass ?? 4),
    iscrizione_online: w.bool(c.onlineRegistration),
    torneo_autorizzato: w.bool(c.authorized),
    id_regione: w.num(c.province.regionId),
    id_provincia: w.num(c.province.id),
    id_stato: w.num(view.status),
    montepremi: w.num(c.prizeMoney),
    data_apertura_iscrizioni: unknownRegistration ? w.unknownDate() : w.dateTime(c.registrationOpensAt),
    data_chiusura_iscrizioni: unknownRegistration ? w.unknownDate() : w.dateTime(c.registrationClosesAt),
    data_modifica: w.dateTime(view.lastModifiedAt),
  };
  if (w.quirky) {
    const h = hashParts(ctx.seed, 'extra', c.guid);
    Object.assign(row, {
      id_torneo: w.num(100_000 + (h % 900_000)),
      codice_circolo: `${c.province.sigla}${String(h % 10_000).padStart(4, '0')}`,
      url_locandina: '',
      flag_padel: w.bool(false),
      note: null,
    });
  }
  return row;
}

/** The placeholder row the federation mixes into results; clients must skip it. */
export function placeholderRow(ctx: WireContext): WireRow {
  const w = new ValueWriter(ctx, 'list', PLACEHOLDER_GUID);
  return {
    guid: PLACEHOLDER_GUID,
    nome_torneo: 'TORNEO DI PROVA - NON UTILIZZARE',
    tennisclub: '',
    citta: '',
    sigla_provincia: '',
    data_inizio: w.unknownDate(),
    data_fine: w.unknownDate(),
    id_disciplina: ID_DISCIPLINA_TENNIS,
    cod_fonte: 1,
    id_fonte: FONTE_LABELS[1],
    tipo_torneo: '',
    cat_eta: '',
    cat_class: 0,
    iscrizione_online: 0,
    torneo_autorizzato: 0,
    id_regione: 0,
    id_provincia: 0,
    id_stato: 0,
    montepremi: 0,
    data_apertura_iscrizioni: w.unknownDate(),
    data_chiusura_iscrizioni: w.unknownDate(),
    data_modifica: w.unknownDate(),
  };
}

/** Drops one required field from a row (the malformed-rows fault), rotating which. */
export function breakRow(row: WireRow, ordinal: number): WireRow {
  const broken = { ...row };
  delete broken[REQUIRED_LIST_FIELDS[ordinal % REQUIRED_LIST_FIELDS.length] as string];
  return broken;
}

export function encodeDetail(view: CompetitionDetailView, ctx: WireContext, malformed = false): WireRow {
  const c = view.competition;
  const w = new ValueWriter(ctx, 'detail', c.guid);
  const detail: WireRow = {
    Description: c.name,
    Municipality: c.city,
    Province: c.province.sigla,
    From: w.midnight(c.startDay),
    To: w.midnight(c.endDay),
    RulesUrl: absoluteUrl(c.rulesUrl, ctx.baseUrl),
    ExternalUrl: absoluteUrl(c.externalUrl, ctx.baseUrl),
    PrizeMoney: w.num(c.prizeMoney),
    Tournaments: view.tournaments.map((t) => encodeTournament(t, w, ctx, malformed)),
  };
  if (w.quirky) {
    Object.assign(detail, {
      CompetitionId: w.num(100_000 + (hashParts(ctx.seed, 'extra', c.guid) % 900_000)),
      Organizer: c.club,
      Notes: null,
    });
  }
  return detail;
}

function encodeTournament(t: TournamentView, w: ValueWriter, ctx: WireContext, malformed: boolean): WireRow {
  const { spec } = t;
  const items = (kind: 'document' | 'orderOfPlay' | 'draw') => t.items.filter((i) => i.kind === kind);
  const tournament: WireRow = {
    TournamentUid: w.guid(ctx, 'detail', spec.uid),
    TournamentDescription: spec.description,
    Type: spec.type,
    CategoryClass: w.num(spec.categoryClass),
    AgeCategory: spec.ageCategory,
    RankingLimit: spec.rankingLimit,
    IsDoubleTournament: w.bool(isDoubles(spec.type)),
    NumberOfParticipants: w.num(t.participants.length),
    MaxParticipants: w.num(spec.maxParticipants),
    AdmissionType: spec.admissionType,
    Surface: spec.surface,
    Balls: spec.balls,
    MatchFormat: spec.matchFormat,
    Participants: t.participants.map((p, i) => {
      const row: WireRow = {
        Id: w.num(p.participantId),
        Name: p.player.firstName,
        Surname: p.player.surname,
        MembershipCard: p.player.cardNumber,
        Ranking: p.player.ranking,
        SubscriptionDate: w.dateTime(p.at),
      };
      if (w.quirky) row.Club = p.player.club;
      if (malformed && i % 3 === 1) delete row[i % 2 === 0 ? 'SubscriptionDate' : 'MembershipCard'];
      return row;
    }),
    Documents: items('document').map((d) => ({
      Id: w.num(d.id),
      Title: d.title,
      Url: absoluteUrl(d.url, ctx.baseUrl),
      PublishedAt: w.dateTime(d.publishedAt),
    })),
    OrdersOfPlay: items('orderOfPlay').map((o) => ({
      Id: w.num(o.id),
      Date: w.date(o.date ?? romeDayOf(o.publishedAt) + 1),
      Title: o.title,
      Url: absoluteUrl(o.url, ctx.baseUrl),
      PublishedAt: w.dateTime(o.publishedAt),
    })),
    Draws: items('draw').map((d) => ({
      Id: w.num(d.id),
      Title: d.title,
      Url: absoluteUrl(d.url, ctx.baseUrl),
      PublishedAt: w.dateTime(d.publishedAt),
    })),
  };
  if (w.quirky) tournament.Gender = spec.type === 'Femminile' || spec.type === 'DoppioF' ? 'F' : 'M';
  return tournament;
}

/** Rankings are published monthly: the card's `UpdatedAt` is the first of the current month. */
export function rankingUpdatedAt(now: number): number {
  const { year, month } = calendarDateOf(romeDayOf(now));
  return romeInstant(epochDayOf(year, month, 1));
}

export function encodeCard(player: Player, ctx: WireContext): WireRow {
  const w = new ValueWriter(ctx, 'card', player.cardNumber);
  const card: WireRow = {
    result: 'OK',
    Name: player.firstName,
    Surname: player.surname,
    Club: player.club,
    Municipality: player.municipality,
    Province: player.province.sigla,
    Category: player.category,
    Ranking: player.ranking,
    BestRanking: player.bestRanking,
    BestRankingSeason: w.chance(0.3) ? Number(player.bestRankingSeason) : player.bestRankingSeason,
    UpdatedAt: w.dateTime(rankingUpdatedAt(ctx.now)),
  };
  if (w.quirky) card.Gender = player.gender;
  return card;
}

export function encodeEntries(
  entries: readonly PlayerEntry[],
  cardNumber: string,
  ctx: WireContext,
): WireRow {
  const w = new ValueWriter(ctx, 'entries', cardNumber);
  return {
    items: entries.map((e) => ({
      competitionUid: w.guid(ctx, 'entries', e.competitionGuid),
      tournamentUid: w.guid(ctx, 'entries', e.tournamentUid),
      SubscriptionDate: w.dateTime(e.at),
    })),
  };
}
