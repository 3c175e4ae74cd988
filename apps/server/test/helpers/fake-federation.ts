/**
 * An in-memory FederationClient (src/federation/types.ts) for ingestion tests: it answers like the
 * real service (fitp-contract.md §1): the first 100 rows of a query by start date, with `record`
 * = how many match, whatever the page. Tests build a calendar with `fakeRow` / `fakeDetail`,
 * change it between passes, and inject faults (down, totals that do not add up).
 */
import { findProvinceById, type TipoTorneo } from '@radar/shared';
import { FederationUnavailableError } from '../../src/federation/errors';
import type {
  DetailResult,
  DrawMatch,
  FederationClient,
  FederationCompetition,
  FederationCompetitionDetail,
  FederationDownload,
  FederationDraw,
  FederationFileKind,
  FederationParticipant,
  FederationPlayer,
  FederationTournament,
  ListPage,
  ListQuery,
  OrderOfPlayFile,
} from '../../src/federation/types';

export interface FakeCompetition {
  row: FederationCompetition;
  /** The detail call's answer (`no-detail` for TPRA and team rows). */
  detail: DetailResult;
  documents: string[];
  ordersOfPlay: OrderOfPlayFile[];
  /** By `<TournamentId>:<SectionCode>`; absent = not published. */
  draws: Map<string, FederationDraw>;
}

type Method = 'listPage' | 'competitionDetail' | 'documents' | 'ordersOfPlay' | 'draw';

export class FakeFederation implements FederationClient {
  readonly baseUrl = 'fake://fitp';
  readonly competitions = new Map<string, FakeCompetition>();
  readonly calls: Record<Method, number> = {
    listPage: 0,
    competitionDetail: 0,
    documents: 0,
    ordersOfPlay: 0,
    draw: 0,
  };
  readonly listQueries: ListQuery[] = [];
  readonly detailGuids: string[] = [];
  /** Every call throws "service down". */
  down = false;
  /** Guids whose detail call fails as "service down" (one failing competition). */
  readonly failingDetails = new Set<string>();
  /** Added to `record` of the queries it matches (a shard whose totals do not add up). */
  totalSkew: ((query: ListQuery) => number) | null = null;

  add(...items: FakeCompetition[]): void {
    for (const item of items) this.competitions.set(item.row.guid, item);
  }

  get(guid: string): FakeCompetition {
    const item = this.competitions.get(guid);
    if (!item) throw new Error(`no fake competition ${guid}`);
    return item;
  }

  resetCalls(): void {
    for (const key of Object.keys(this.calls) as Method[]) this.calls[key] = 0;
    this.listQueries.length = 0;
    this.detailGuids.length = 0;
  }

  private enter(method: Method): void {
    this.calls[method]++;
    if (this.down) throw new FederationUnavailableError(method, 'status', 503);
  }

  async listPage(query: ListQuery): Promise<ListPage> {
    this.enter('listPage');
    this.listQueries.push(query);
    const matching = [...this.competitions.values()]
      .map((c) => c.row)
      .filter(
        (row) =>
          (query.regionId === undefined || row.regionId === query.regionId) &&
          (query.provinceId === undefined || row.provinceId === query.provinceId) &&
          (query.startFrom === undefined || row.startDate >= query.startFrom),
      )
      // By start date; within a day in an order of the federation's own (not the guid's).
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || scramble(a.guid) - scramble(b.guid));
    const total = matching.length + (this.totalSkew?.(query) ?? 0);
    const rows = matching.slice(0, Math.min(100, Math.max(total, 0)));
    return { total, received: rows.length, rows, skipped: [] };
  }

  async competitionDetail(guid: string): Promise<DetailResult> {
    this.enter('competitionDetail');
    this.detailGuids.push(guid);
    if (this.failingDetails.has(guid)) throw new FederationUnavailableError('competitionDetail', 'timeout');
    return structuredClone(this.competitions.get(guid)?.detail ?? { kind: 'not-found' });
  }

  async documents(guid: string): Promise<string[]> {
    this.enter('documents');
    return [...(this.competitions.get(guid)?.documents ?? [])];
  }

  async rules(): Promise<string[]> {
    return [];
  }

  async ordersOfPlay(guid: string): Promise<OrderOfPlayFile[]> {
    this.enter('ordersOfPlay');
    return [...(this.competitions.get(guid)?.ordersOfPlay ?? [])];
  }

  async draw(tournamentId: number, sectionCode: string): Promise<FederationDraw | null> {
    this.enter('draw');
    for (const c of this.competitions.values()) {
      const draw = c.draws.get(`${tournamentId}:${sectionCode}`);
      if (draw) return structuredClone(draw);
    }
    return null;
  }

  async playerSheet(): Promise<FederationPlayer | null> {
    return null;
  }

  /** Downloadable files by `<guid>/<fileName>`: their bytes, or an error the download throws. */
  readonly files = new Map<string, Uint8Array | Error>();

  async download(
    _kind: FederationFileKind,
    guid: string,
    fileName: string | null,
  ): Promise<FederationDownload | null> {
    const file = this.files.get(`${guid}/${fileName ?? ''}`);
    if (file === undefined) return null;
    if (file instanceof Error) throw file;
    return {
      contentType: 'application/pdf',
      length: file.byteLength,
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(file);
          controller.close();
        },
      }),
    };
  }
}

/** A stable pseudo-random order for a key. */
function scramble(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');

/** The n-th fake guid (upper case, like the federation's). */
export const fakeGuid = (n: number) => `${hex(n, 8)}-0000-4000-8000-${hex(n, 12)}`;

export interface RowOptions {
  n: number;
  provinceId: number;
  startDate: string;
  endDate?: string | null;
  name?: string;
  codFonte?: 1 | 2 | 3;
  tpraId?: number | null;
  bands?: string[];
  ageCodes?: string[];
  drawTypes?: TipoTorneo[];
}

const classOf = (band: string) => Number(band.split('.')[0]);
const ageGroupOf = (code: string) =>
  /^U\d+/.test(code) ? 'giovanili' : /^O\d+/.test(code) ? 'veterani' : 'open';

/** A list row as the client maps it: its draws are types × category classes × age groups. */
export function fakeRow(options: RowOptions): FederationCompetition {
  const province = findProvinceById(options.provinceId);
  if (!province) throw new Error(`unknown province ${options.provinceId}`);
  const codFonte = options.codFonte ?? 1;
  const bands = options.bands ?? (codFonte === 1 ? ['4.1', '4.2', '4.NC'] : []);
  const ageCodes = options.ageCodes ?? (codFonte === 1 ? ['NOR'] : []);
  const drawTypes = options.drawTypes ?? ['Maschile'];
  const classes = [...new Set(bands.map(classOf))];
  const ages = [...new Set(ageCodes.map(ageGroupOf))];
  const draws = drawTypes.flatMap((type) =>
    (classes.length ? classes : [null]).flatMap((categoryClass) =>
      (ages.length ? ages : [null]).map((ageCategory) => ({ type, categoryClass, ageCategory })),
    ),
  );
  const tpraId = codFonte === 2 ? (options.tpraId ?? 900_000 + options.n) : null;
  return {
    guid:
      tpraId !== null ? `11111111-1111-1111-1111-${String(tpraId).padStart(12, '0')}` : fakeGuid(options.n),
    tpraId,
    name: options.name ?? `Torneo ${options.n}`,
    club: `Circolo ${options.n % 50}`,
    city: province.name,
    provinceSigla: province.sigla,
    provinceId: province.id,
    regionId: province.regionId,
    startDate: options.startDate,
    endDate: options.endDate === undefined ? options.startDate : options.endDate,
    idDisciplina: 4332,
    codFonte,
    fonteLabel: codFonte === 1 ? 'TORNEI FITP' : codFonte === 2 ? 'TORNEI TPRA' : 'CAMPIONATI A SQUADRE',
    sector: codFonte === 2 ? 1 : 0,
    drawTypes,
    bands,
    ageCodes,
    draws,
    mainDraw: draws[0] ?? { type: null, categoryClass: null, ageCategory: null },
    onlineRegistration: true,
    authorized: true,
    idStato: codFonte === 3 ? 0 : 4,
  };
}

/** A player entered in a tournament; `pair` for doubles. */
export function fakeParticipant(
  card: string,
  ranking: string,
  pair: number | null = null,
): FederationParticipant {
  return {
    card,
    name: `NOME${card.slice(-3)}`,
    surname: `COGNOME${card.slice(-3)}`,
    ranking,
    subscriptionDate: new Date('2026-05-01T08:00:00Z'),
    pair,
  };
}

export function fakeTournament(
  uuid: string,
  tournamentId: number,
  options: Partial<FederationTournament> = {},
): FederationTournament {
  return {
    uuid,
    tournamentId,
    description: `Singolare maschile ${tournamentId}`,
    type: 'Maschile',
    categoryClass: 4,
    ageCategory: 'open',
    gender: 'M',
    ageCodes: ['NOR'],
    availableRankings: ['4.1', '4.2', '4.NC'],
    isDouble: false,
    participantsCount: null,
    registrationClosesAt: null,
    deadlines: [],
    venue: { address: 'Via Roma 1', cap: '20100', municipality: 'Milano', province: 'MI' },
    fee: 'Euro 20',
    balls: 'Dunlop',
    courtType: 'Terra rossa',
    weekdayMatchTime: '18:00',
    festiveMatchTime: '09:00',
    billboardTime: '20:00',
    nightPlay: true,
    courts: 3,
    status: 'Aperto',
    sections: [
      {
        code: 'S1',
        description: 'Tabellone finale',
        type: 'Tabellone finale',
        size: 16,
        isGroup: false,
        isIntermediate: false,
        hasWinner: false,
      },
    ],
    participants: [],
    ...options,
  };
}

/** A found detail for a row. */
export function fakeDetail(
  row: FederationCompetition,
  tournaments: FederationTournament[],
  options: Partial<FederationCompetitionDetail> = {},
): DetailResult {
  return {
    kind: 'found',
    detail: {
      guid: row.guid,
      competitionId: 10_000 + (row.tpraId ?? 0),
      name: row.name,
      club: row.club,
      startDate: row.startDate,
      endDate: row.endDate,
      venues: [],
      ageCodes: row.ageCodes,
      rankings: row.bands,
      gender: 'M',
      prizeMoney: 0,
      intermediatePrizeMoney: null,
      referee: null,
      status: 'Approvato',
      onlineRegistration: true,
      tournaments,
      ...options,
    },
  };
}

/** A competition with no detail call (TPRA, team) or one plain tournament. */
export function fakeCompetition(row: FederationCompetition, detail?: DetailResult): FakeCompetition {
  const n = Number.parseInt(row.guid.slice(0, 8), 16);
  return {
    row,
    detail:
      detail ??
      (row.codFonte === 1
        ? fakeDetail(row, [fakeTournament(`${row.guid.slice(0, 24)}T${hex(n, 11)}`, n)])
        : { kind: 'no-detail' }),
    documents: [],
    ordersOfPlay: [],
    draws: new Map(),
  };
}

/** A first-round match of a draw. */
export function fakeMatch(id: number, top: string, bottom: string, score: string | null = null): DrawMatch {
  const side = (name: string) => ({
    players: [{ card: null, name, ranking: '4.1' }],
    seed: null,
    retired: false,
    absent: false,
  });
  return { id, round: 1, position: id, sides: [side(top), side(bottom)], score, winner: score ? 0 : null };
}

/**
 * A generated calendar: `perProvince[id]` competitions in each province, starting on consecutive
 * days from `from` with `perDay` competitions a day (so a province over 100 rows is walked on the
 * start date). Guids numbered from `firstN`.
 */
export function generateCalendar(
  perProvince: Record<number, number>,
  options: { from: string; perDay?: number; firstN?: number },
): FakeCompetition[] {
  const perDay = options.perDay ?? 3;
  let n = options.firstN ?? 1;
  const out: FakeCompetition[] = [];
  for (const [provinceId, howMany] of Object.entries(perProvince)) {
    for (let i = 0; i < howMany; i++) {
      const start = new Date(`${options.from}T00:00:00Z`);
      start.setUTCDate(start.getUTCDate() + Math.floor(i / perDay));
      out.push(
        fakeCompetition(
          fakeRow({ n: n++, provinceId: Number(provinceId), startDate: start.toISOString().slice(0, 10) }),
        ),
      );
    }
  }
  return out;
}
