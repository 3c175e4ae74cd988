import { readFileSync } from 'node:fs';
import { fitpProvinceId } from '@radar/shared';
import { type SimulatorHandle, type SimulatorOptions, startSimulator } from '../src/index';
import { formatItalianDate } from '../src/rome-time';

/** A Sunday in March, before the switch to summer time: a fixed "now" for tests. */
export const START = new Date('2026-03-15T10:00:00Z');

export const PATHS = {
  list: '/api/v3/tornei/puc/list',
  detail: '/api/v3/puc/competizione/dettaglio',
  documents: '/api/v3/puc/competizione/documenti/list',
  rules: '/api/v2/puc/competizione/regole/list',
  ordersOfPlay: '/api/v3/puc/competizione/ordine-di-gioco/list',
  card: '/api/v1/tesserati/dettaglio/semplice',
  cardProd: '/api/v6/player/sheet/simple',
  draw: '/api/v3/puc/competizione/tabellone',
  documentDownload: '/api/v2/puc/competizione/documenti/download',
  rulesDownload: '/api/v2/puc/competizione/regole/download',
  orderOfPlayDownload: '/api/v2/puc/competizione/ordine-di-gioco/download',
} as const;

/** Test calendars are smaller than the default national one (start-up cost). */
export const TEST_COMPETITIONS = 4000;

const running = new Set<SimulatorHandle>();

/** Starts a simulator frozen at {@link START} unless told otherwise; `closeAll` stops it. */
export async function startSim(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const sim = await startSimulator({ now: START, competitions: TEST_COMPETITIONS, ...options });
  running.add(sim);
  return sim;
}

export async function closeAll(): Promise<void> {
  const sims = [...running];
  running.clear();
  await Promise.all(sims.map((s) => s.close()));
}

export interface Answer<T = Json> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

// biome-ignore lint/suspicious/noExplicitAny: wire answers are arbitrary JSON, inspected field by field.
export type Json = any;

export async function request(
  sim: SimulatorHandle,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    body: text === '' ? undefined : json ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

export const post = (sim: SimulatorHandle, path: string, body?: unknown): Promise<Answer> =>
  request(sim, 'POST', path, body);

/** One page of the search (the first 100 rows); `{ record: 0, competizioni: [] }` for the empty body. */
export async function list(
  sim: SimulatorHandle,
  filters: Record<string, string | number | null> = {},
): Promise<Json> {
  const answer = await post(sim, PATHS.list, { fetchrows: '100', rowstoskip: '0', ...filters });
  if (answer.status !== 200)
    throw new Error(`list answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body ?? { record: 0, competizioni: [] };
}

/** The whole calendar of a query, as an honest pager sees it (for simulators started with `paging: 'honour'`). */
export async function listAll(
  sim: SimulatorHandle,
  filters: Record<string, string | number> = {},
): Promise<Json[]> {
  const rows: Json[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await list(sim, { ...filters, rowstoskip: String(skip), fetchrows: '100' });
    rows.push(...page.competizioni);
    if (skip + 100 >= page.record) return rows;
  }
}

export async function detail(sim: SimulatorHandle, guid: string): Promise<Answer> {
  return post(sim, PATHS.detail, { competitionUid: guid });
}

export const base64 = (digits: string): string => Buffer.from(digits, 'utf8').toString('base64');

/** The value, or a failed test saying what was missing (instead of a non-null assertion). */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what} to be defined`);
  return value;
}

/** `dd/mm/yyyy` → `YYYY-MM-DD`. */
export function isoOf(listDate: string): string {
  const [d, m, y] = listDate.split('/');
  return `${y}-${m}-${d}`;
}

/** A competition's list row, found by its seat's province and start date (the list has no guid filter). */
export async function rowOf(sim: SimulatorHandle, guid: string): Promise<Json | undefined> {
  const c = sim.federation.findCompetition(guid);
  if (!c) return undefined;
  const province = c.codFonte === 3 ? c.province : c.seat.province;
  const tpraId = sim.federation.tpraIdOf(c.guid);
  const page = await list(sim, {
    id_provincia: fitpProvinceId(province),
    data_inizio: formatItalianDate(c.startDay),
  });
  return page.competizioni.find((r: Json) =>
    tpraId > 0 ? r.id_torneo_digital === tpraId : r.guid === c.guid,
  );
}

/** The anonymised real payloads (a copy of shared/design/fitp-samples). */
export function sample(name: string): Json {
  const text = readFileSync(new URL(`./samples/${name}.txt`, import.meta.url), 'utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * Asserts that `actual` has the sample's shape: the same keys in the same order, the same JSON type
 * per key (null on either side matches anything: a value the sample left empty), recursively.
 */
export function expectSameShape(actual: unknown, reference: unknown, path = '$'): void {
  if (actual === null || reference === null) return;
  if (Array.isArray(reference)) {
    if (!Array.isArray(actual)) throw new Error(`${path}: expected an array, got ${typeof actual}`);
    if (actual.length > 0 && reference.length > 0) expectSameShape(actual[0], reference[0], `${path}[0]`);
    return;
  }
  if (typeof reference === 'object') {
    if (typeof actual !== 'object' || Array.isArray(actual)) throw new Error(`${path}: expected an object`);
    const keys = Object.keys(actual as object);
    const expected = Object.keys(reference as object);
    if (keys.join(',') !== expected.join(',')) {
      throw new Error(`${path}: keys ${keys.join(',')} differ from the sample's ${expected.join(',')}`);
    }
    for (const key of expected) {
      expectSameShape((actual as Json)[key], (reference as Json)[key], `${path}.${key}`);
    }
    return;
  }
  if (typeof actual !== typeof reference) {
    throw new Error(`${path}: ${typeof actual} where the sample has ${typeof reference}`);
  }
}
