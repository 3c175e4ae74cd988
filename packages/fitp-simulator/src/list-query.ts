/**
 * The competition search (`POST /api/v3/tornei/puc/list`, fitp-contract.md §1), read as the
 * federation reads it: keys in any case, every value a string or a number, `""`/`null` meaning
 * "any". What it honours: `id_disciplina`, `data_inizio` (lower bound on the start), `data_fine`
 * (upper bound on the real end), `id_regione` (ISTAT; 21 and beyond → nothing), `id_provincia`
 * (the FITP ids of §9: a metropolitan city only under its 2xx code), `id_stato` (the row's
 * `id_statoPUC`), `tipo_competizione` (the source: 1 FITP, 2 TPRA), `freetext` (every word in the
 * name or the club). What it ignores: `cod_fonte`, `id_fonte`, `categoria_eta`, `classifica`,
 * `guid`, `profilazione`, `massimale_montepremi`, `ambito`. What empties the answer: any value of
 * `sesso`, `id_classifica`, `id_area_regionale`. Order: `data_inizio` ascending.
 */
import { findProvinceByFitpId } from '@radar/shared';
import { z } from 'zod';
import type { Federation } from './federation';
import { type Competition, foldText } from './model';
import { type EpochDay, parseLocalDate } from './rome-time';

export const MAX_FETCH_ROWS = 100;

/** What `rowstoskip > 0` does: the real service's saturation, or honest paging. */
export type PagingMode = 'saturate' | 'honour';

export interface ListQuery {
  /** Folded words, every one of which must be in the name or the club. */
  readonly words: readonly string[];
  readonly regionId?: number;
  /** The ISTAT id of the province the FITP id names (-1: an id that names none). */
  readonly provinceId?: number;
  readonly status?: number;
  /** `tipo_competizione`: 1 FITP (tournaments and team championships), 2 TPRA, -1 nothing. */
  readonly source?: number;
  readonly disciplina?: number;
  readonly from?: EpochDay;
  readonly to?: EpochDay;
  /** A filter the federation answers with nothing whatever the value. */
  readonly empty: boolean;
  readonly skip: number;
  readonly take: number;
}

const field = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

export const listRequestSchema = z.looseObject({
  freetext: field,
  id_regione: field,
  id_provincia: field,
  id_stato: field,
  id_disciplina: field,
  tipo_competizione: field,
  data_inizio: field,
  data_fine: field,
  sesso: field,
  id_classifica: field,
  id_area_regionale: field,
  rowstoskip: field,
  fetchrows: field,
});

export class BadRequestError extends Error {}

function integer(name: string, text: string): number | undefined {
  if (text === '') return undefined;
  if (!/^-?\d+$/.test(text)) throw new BadRequestError(`${name} must be an integer, got "${text}"`);
  return Number(text);
}

function date(name: string, text: string): EpochDay | undefined {
  if (text === '') return undefined;
  const day = parseLocalDate(text);
  if (day === undefined) throw new BadRequestError(`${name} must be a date dd/mm/yyyy, got "${text}"`);
  return day;
}

/** Request keys are case-insensitive (§0): `Id_Regione` is `id_regione`. */
export function lowerKeys(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) out[key.toLowerCase()] = value;
  return out;
}

/** Reads the request body; throws {@link BadRequestError} naming a value it cannot read. */
export function parseListRequest(body: unknown): ListQuery {
  const parsed = listRequestSchema.safeParse(lowerKeys(body));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BadRequestError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const b = parsed.data;
  const fetchRows = integer('fetchrows', b.fetchrows);
  const province = integer('id_provincia', b.id_provincia);
  const tipo = b.tipo_competizione;
  const source = tipo === '' ? undefined : tipo === '1' ? 1 : tipo === '2' ? 2 : -1;
  const status = integer('id_stato', b.id_stato);
  const region = integer('id_regione', b.id_regione);
  const disciplina = integer('id_disciplina', b.id_disciplina);
  return {
    words: foldText(b.freetext)
      .split(/\s+/)
      .filter((w) => w !== ''),
    ...optional('regionId', region || undefined),
    ...optional('provinceId', province ? (findProvinceByFitpId(province)?.id ?? -1) : undefined),
    ...optional('status', status || undefined),
    ...optional('source', source),
    ...optional('disciplina', disciplina),
    ...optional('from', date('data_inizio', b.data_inizio)),
    ...optional('to', date('data_fine', b.data_fine)),
    empty: b.sesso !== '' || b.id_classifica !== '' || b.id_area_regionale !== '',
    skip: Math.max(0, integer('rowstoskip', b.rowstoskip) ?? 0),
    take: Math.min(MAX_FETCH_ROWS, fetchRows && fetchRows > 0 ? fetchRows : MAX_FETCH_ROWS),
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** The seat the region and province filters select on: team championships keep their venue's. */
const seatProvince = (c: Competition) => (c.codFonte === 3 ? c.province : c.seat.province);

/** The competitions published at `now` that the query selects, by start date. */
export function searchCompetitions(federation: Federation, query: ListQuery, now: number): Competition[] {
  if (query.empty) return [];
  if (query.disciplina !== undefined && query.disciplina !== 4332) return [];
  return federation.published(now).filter((c) => {
    const seat = seatProvince(c);
    if (query.regionId !== undefined && seat.regionId !== query.regionId) return false;
    if (query.provinceId !== undefined && seat.id !== query.provinceId) return false;
    if (query.source !== undefined && (query.source === 2) !== (c.codFonte === 2)) return false;
    if (query.source === -1) return false;
    if (query.from !== undefined && c.startDay < query.from) return false;
    if (query.to !== undefined && c.endDay > query.to) return false;
    if (query.status !== undefined && federation.rowStatus(c, now) !== query.status) return false;
    if (query.words.length > 0) {
      // Team rows show no club: only their name can match.
      const text = c.codFonte === 3 ? c.searchText : `${c.searchText} ${foldText(c.seat.club)}`;
      if (!query.words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
}
