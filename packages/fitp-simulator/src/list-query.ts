/**
 * The competition search (`/api/v3/tornei/puc/list`): its request, read as leniently as the
 * federation reads it (every field a string, `""` meaning "any", numbers accepted too), and the
 * filters it applies.
 */
import { inPrizeBand } from '@radar/shared';
import { z } from 'zod';
import type { Federation } from './federation';
import {
  AGE_CATEGORIES,
  type AgeCategory,
  type CategoryClass,
  type CodFonte,
  type Competition,
  DRAW_TYPES,
  type DrawType,
  FONTE_LABELS,
  foldText,
  ID_DISCIPLINA_TENNIS,
  type IdStato,
  statusAt,
} from './model';
import { type EpochDay, parseInstant, parseLocalDate } from './rome-time';

export const MAX_FETCH_ROWS = 100;

/** The federation's `prize` bands (`inPrizeBand`, shared with the app, says what each covers). */
export type PrizeBand = 500 | 1000 | 1001;

export interface ListQuery {
  readonly guid?: string;
  /** Folded like {@link Competition.searchText}. */
  readonly freetext?: string;
  readonly regionId?: number;
  readonly provinceId?: number;
  readonly status?: IdStato;
  readonly disciplina?: string;
  /** `sesso` and `tipo_competizione`: each, when given, must match one of the tournaments. */
  readonly drawTypes: readonly DrawType[];
  readonly ageCategory?: AgeCategory;
  readonly categoryClass?: CategoryClass;
  readonly prizeBand?: PrizeBand;
  readonly from?: EpochDay;
  readonly to?: EpochDay;
  readonly codFonte?: CodFonte;
  readonly modifiedSince?: number;
  readonly skip: number;
  readonly take: number;
}

const field = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

export const listRequestSchema = z.looseObject({
  guid: field,
  freetext: field,
  id_regione: field,
  id_provincia: field,
  id_stato: field,
  id_disciplina: field,
  sesso: field,
  tipo_competizione: field,
  categoria_eta: field,
  classifica: field,
  massimale_montepremi: field,
  data_inizio: field,
  data_fine: field,
  cod_fonte: field,
  id_fonte: field,
  rowstoskip: field,
  fetchrows: field,
  data_modifica_da: field,
});

export class BadRequestError extends Error {}

function integer(name: string, text: string, min: number, max: number): number | undefined {
  if (text === '') return undefined;
  if (!/^-?\d+$/.test(text)) throw new BadRequestError(`${name} must be an integer, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new BadRequestError(`${name} must be between ${min} and ${max}`);
  return value;
}

function oneOf<T extends string>(name: string, text: string, allowed: readonly T[]): T | undefined {
  if (text === '') return undefined;
  const found = allowed.find((a) => a.toLowerCase() === text.toLowerCase());
  if (!found) throw new BadRequestError(`${name} must be one of ${allowed.join(', ')}`);
  return found;
}

function date(name: string, text: string): EpochDay | undefined {
  if (text === '') return undefined;
  const day = parseLocalDate(text);
  if (day === undefined) throw new BadRequestError(`${name} must be a date dd/mm/yyyy, got "${text}"`);
  return day;
}

function fonte(codFonte: string, idFonte: string): CodFonte | undefined {
  const cod = integer('cod_fonte', codFonte, 0, 3);
  let byId: number | undefined;
  if (idFonte !== '') {
    const label = Object.entries(FONTE_LABELS).find(([, l]) => l.toLowerCase() === idFonte.toLowerCase());
    byId = label ? Number(label[0]) : integer('id_fonte', idFonte, 0, 3);
  }
  const codes = [cod, byId].filter((c): c is number => c !== undefined && c !== 0);
  // Two different sources can match nothing: keep that as an impossible code.
  if (codes.length === 2 && codes[0] !== codes[1]) return -1 as CodFonte;
  return codes[0] as CodFonte | undefined;
}

/** Reads the request body; throws {@link BadRequestError} naming the faulty field. */
export function parseListRequest(body: unknown): ListQuery {
  const parsed = listRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BadRequestError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const b = parsed.data;
  const status = integer('id_stato', b.id_stato, 0, 4);
  const prize = integer('massimale_montepremi', b.massimale_montepremi, 0, 1001);
  if (prize !== undefined && ![0, 500, 1000, 1001].includes(prize)) {
    throw new BadRequestError('massimale_montepremi must be 0, 500, 1000 or 1001');
  }
  const drawTypes = [
    oneOf('sesso', b.sesso, DRAW_TYPES),
    oneOf('tipo_competizione', b.tipo_competizione, DRAW_TYPES),
  ];
  const modifiedSince = b.data_modifica_da === '' ? undefined : parseInstant(b.data_modifica_da);
  if (b.data_modifica_da !== '' && modifiedSince === undefined) {
    throw new BadRequestError(`data_modifica_da must be a date or date-time, got "${b.data_modifica_da}"`);
  }
  const fetchRows = integer('fetchrows', b.fetchrows, 0, Number.MAX_SAFE_INTEGER);
  const classe = integer('classifica', b.classifica, 0, 4);
  return {
    ...(b.guid && { guid: b.guid.toUpperCase() }),
    ...(b.freetext && { freetext: foldText(b.freetext) }),
    ...optional('regionId', integer('id_regione', b.id_regione, 0, 20) || undefined),
    ...optional('provinceId', integer('id_provincia', b.id_provincia, 0, 999) || undefined),
    ...optional('status', (status || undefined) as IdStato | undefined),
    ...(b.id_disciplina && { disciplina: b.id_disciplina }),
    drawTypes: drawTypes.filter((t): t is DrawType => t !== undefined),
    ...optional('ageCategory', oneOf('categoria_eta', b.categoria_eta, AGE_CATEGORIES)),
    ...optional('categoryClass', (classe || undefined) as CategoryClass | undefined),
    ...optional('prizeBand', (prize || undefined) as PrizeBand | undefined),
    ...optional('from', date('data_inizio', b.data_inizio)),
    ...optional('to', date('data_fine', b.data_fine)),
    ...optional('codFonte', fonte(b.cod_fonte, b.id_fonte)),
    ...optional('modifiedSince', modifiedSince),
    skip: integer('rowstoskip', b.rowstoskip, 0, Number.MAX_SAFE_INTEGER) ?? 0,
    take: Math.min(MAX_FETCH_ROWS, fetchRows || MAX_FETCH_ROWS),
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** The competitions published at `now` that the query selects, in list order. */
export function searchCompetitions(federation: Federation, query: ListQuery, now: number): Competition[] {
  return federation.published(now).filter((c) => {
    if (query.guid !== undefined && c.guid !== query.guid) return false;
    if (query.freetext !== undefined && !c.searchText.includes(query.freetext)) return false;
    if (query.regionId !== undefined && c.province.regionId !== query.regionId) return false;
    if (query.provinceId !== undefined && c.province.id !== query.provinceId) return false;
    if (query.disciplina !== undefined && query.disciplina !== ID_DISCIPLINA_TENNIS) return false;
    if (query.codFonte !== undefined && c.codFonte !== query.codFonte) return false;
    if (query.prizeBand !== undefined && !inPrizeBand(c.prizeMoney, query.prizeBand)) return false;
    if (query.from !== undefined && c.endDay < query.from) return false;
    if (query.to !== undefined && c.startDay > query.to) return false;
    for (const type of query.drawTypes) if (!c.tournaments.some((t) => t.type === type)) return false;
    if (query.ageCategory !== undefined && !c.tournaments.some((t) => t.ageCategory === query.ageCategory)) {
      return false;
    }
    if (
      query.categoryClass !== undefined &&
      !c.tournaments.some((t) => t.categoryClass === query.categoryClass)
    ) {
      return false;
    }
    if (query.status !== undefined && statusAt(c, now) !== query.status) return false;
    if (query.modifiedSince !== undefined && federation.lastModifiedAt(c, now) < query.modifiedSince)
      return false;
    return true;
  });
}
