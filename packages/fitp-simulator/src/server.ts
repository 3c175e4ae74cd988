/**
 * The HTTP face of the simulator, on node:http: the federation's calls as fitp-contract.md
 * describes them (POST JSON, GET for the draw and the downloads, 404 for anything else), and the
 * scripting hooks under `/__sim` for tests and Playwright running in another process.
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Clock, Duration } from './clock';
import { FaultRuleError, type Faults } from './faults';
import { DuplicateError, type Federation, NotFoundError } from './federation';
import { downloadFile, type FileKind } from './files';
import {
  BadRequestError,
  lowerKeys,
  MAX_FETCH_ROWS,
  type PagingMode,
  parseListRequest,
  searchCompetitions,
} from './list-query';
import {
  type AddTournamentInput,
  type CompetitionInput,
  clockInputSchema,
  type DocumentInput,
  type DrawInput,
  type EntryInput,
  type FaultInput,
  type OrderOfPlayInput,
  type PlayerInput,
  type ScoreInput,
  type Script,
  ScriptInputError,
  type UpdateCompetitionInput,
  type WithdrawalInput,
} from './script';
import {
  breakRow,
  type Endpoint,
  encodeDetail,
  encodeDraw,
  encodeListRow,
  encodeSheet,
  encodeSheetProd,
  type WireContext,
  type WireRow,
} from './wire';

/** The federation's POST calls (§1, §2, §4, §6) and the endpoint each counts as. */
export const FEDERATION_ROUTES: Readonly<Record<string, Endpoint>> = {
  '/api/v3/tornei/puc/list': 'list',
  '/api/v3/puc/competizione/dettaglio': 'detail',
  '/api/v3/puc/competizione/documenti/list': 'documents',
  '/api/v2/puc/competizione/regole/list': 'rules',
  '/api/v3/puc/competizione/ordine-di-gioco/list': 'ordersOfPlay',
  '/api/v1/tesserati/dettaglio/semplice': 'card',
  '/api/v6/player/sheet/simple': 'card',
};

/** The federation's GET calls: the draw (§5) and the downloads (§4). */
export const FEDERATION_GET_ROUTES: Readonly<Record<string, Endpoint>> = {
  '/api/v3/puc/competizione/tabellone': 'draw',
  '/api/v2/puc/competizione/documenti/download': 'download',
  '/api/v2/puc/competizione/regole/download': 'download',
  '/api/v2/puc/competizione/ordine-di-gioco/download': 'download',
};

const DOWNLOAD_KINDS: Readonly<Record<string, FileKind>> = {
  '/api/v2/puc/competizione/documenti/download': 'document',
  '/api/v2/puc/competizione/regole/download': 'rules',
  '/api/v2/puc/competizione/ordine-di-gioco/download': 'orderOfPlay',
};

const MAX_BODY_BYTES = 1024 * 1024;

export interface SimulatorServerDeps {
  readonly seed: number;
  readonly quirks: boolean;
  readonly federation: Federation;
  readonly clock: Clock;
  readonly faults: Faults;
  readonly script: Script;
  readonly requestCounts: Record<Endpoint, number>;
  /** What `rowstoskip > 0` does (default: the federation's saturation). */
  readonly paging?: PagingMode;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SimulatorServer {
  readonly server: Server;
  /** Stops listening, drops every connection (keep-alive included) and pending slow answers. */
  close(): Promise<void>;
}

export function createSimulatorServer(deps: SimulatorServerDeps): SimulatorServer {
  const pendingDelays = new Set<() => void>();
  const sockets = new Set<Socket>();
  let closing = false;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const release = (): void => {
        clearTimeout(timer);
        pendingDelays.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      pendingDelays.add(release);
    });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = statusOf(error);
      if (status === 500) console.error('[fitp-simulator]', error);
      send(res, status, { message: error instanceof Error ? error.message : String(error) });
    });
  });
  // An idle connection is kept longer than its clients keep one before reusing it (Node's 5 s
  // default let a test's request, sent on a socket the server was closing, fail with
  // ECONNRESET); as Fastify does for the app (72 s).
  server.keepAliveTimeout = 72_000;
  server.headersTimeout = 73_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/__sim' || path.startsWith('/__sim/')) {
      await handleScript(req, res, path.slice('/__sim'.length), url.searchParams);
      return;
    }
    const postEndpoint = FEDERATION_ROUTES[path];
    const getEndpoint = FEDERATION_GET_ROUTES[path];
    const endpoint =
      req.method === 'POST'
        ? postEndpoint
        : req.method === 'GET' || req.method === 'HEAD'
          ? getEndpoint
          : undefined;
    // Unknown paths, and known ones asked with the other method (a POST draw), answer 404 (§0).
    if (!endpoint) return send(res, 404, {});
    const body = req.method === 'POST' ? lowerKeys(await readJson(req)) : {};
    deps.requestCounts[endpoint]++;

    const query = url.searchParams;
    const about =
      text(body.competitionuid) ??
      text(body.competitionid) ??
      text(body.guid) ??
      caseInsensitive(query, 'competitionId');
    const decision = deps.faults.take(endpoint, about);
    if (decision.delayMs > 0) await wait(decision.delayMs);
    if (closing || res.destroyed) return;
    if (decision.errorStatus !== undefined) {
      return send(res, decision.errorStatus, { message: STATUS_CODES[decision.errorStatus] ?? 'Error' });
    }
    const ctx: WireContext = { seed: deps.seed, quirks: deps.quirks, now: deps.clock.nowMs() };
    const now = ctx.now;
    // Malformed answers of the calls without rows: a body cut short (not JSON).
    const cut = (answer: unknown): void => {
      const payload = JSON.stringify(answer);
      sendRaw(
        res,
        200,
        'application/json; charset=utf-8',
        Buffer.from(payload.slice(0, Math.max(1, Math.floor(payload.length / 2)))),
      );
    };
    switch (endpoint) {
      case 'list':
        return sendList(res, answerList(body, ctx, decision.malformed));
      case 'detail': {
        if (decision.noContent) return send(res, 204);
        // Only `competitionUid` is read: `competitionId`, `uid`, `id` answer 204 (§2).
        const guid = text(body.competitionuid);
        if (guid === undefined) return send(res, 204);
        const result = deps.federation.detail(guid, now);
        if (result.kind !== 'found') return send(res, 204);
        return send(res, 200, encodeDetail(result.view, ctx, decision.malformed));
      }
      case 'documents':
      case 'rules':
      case 'ordersOfPlay': {
        const guid = text(body.competitionid) ?? '';
        const files =
          endpoint === 'documents'
            ? deps.federation.documents(guid, now)
            : endpoint === 'rules'
              ? deps.federation.rules(guid, now)
              : deps.federation.ordersOfPlay(guid, now);
        const names = files.map((f) => f.fileName);
        return decision.malformed ? cut(names) : send(res, 200, names);
      }
      case 'card': {
        const digits = decodeCardNumber(text(body.cardnumber) ?? '');
        const player = digits === undefined ? undefined : deps.federation.findPlayer(digits);
        // An unknown card, plain digits or another key: an empty 200 (§6).
        if (!player) return sendRaw(res, 200, 'application/json; charset=utf-8', Buffer.alloc(0));
        const sheet = path.startsWith('/api/v6/') ? encodeSheetProd(player, ctx) : encodeSheet(player, ctx);
        return decision.malformed ? cut(sheet) : send(res, 200, sheet);
      }
      case 'draw': {
        const tournamentId = Number(caseInsensitive(query, 'tournamentId') ?? '');
        const phaseId = caseInsensitive(query, 'phaseId') ?? '';
        const draw = Number.isInteger(tournamentId)
          ? deps.federation.draw(tournamentId, phaseId, now)
          : undefined;
        const answer = { results: draw ? [encodeDraw(draw)] : [] };
        return decision.malformed ? cut(answer) : send(res, 200, answer);
      }
      case 'download': {
        const kind = DOWNLOAD_KINDS[path] as FileKind;
        const file = await downloadFile(
          deps.federation,
          kind,
          caseInsensitive(query, 'competitionId') ?? '',
          caseInsensitive(query, 'fileName'),
          now,
        );
        if (closing || res.destroyed) return;
        if (!file) return send(res, 404, {});
        const body = decision.malformed ? file.body.subarray(0, Math.floor(file.body.length / 2)) : file.body;
        if (req.method === 'HEAD') {
          res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': body.length }).end();
          return;
        }
        return sendRaw(res, 200, file.contentType, body);
      }
      case 'entries':
        return send(res, 404, {});
    }
  }

  /** The page: the first 100 rows whatever `rowstoskip` says (or honest paging); empty body for none. */
  function answerList(body: unknown, ctx: WireContext, malformed: boolean): WireRow | undefined {
    let query: ReturnType<typeof parseListRequest>;
    try {
      query = parseListRequest(body);
    } catch (error) {
      if (error instanceof BadRequestError) throw new HttpError(400, error.message);
      throw error;
    }
    const matches = searchCompetitions(deps.federation, query, ctx.now);
    if (matches.length === 0) return undefined;
    const skip = deps.paging === 'honour' ? query.skip : 0;
    const page = matches.slice(skip, skip + Math.min(query.take, MAX_FETCH_ROWS));
    const competizioni = page.map((competition, ordinal) => {
      const row = encodeListRow(deps.federation.view(competition, ctx.now), ctx);
      return malformed && ordinal % 3 === 1 ? breakRow(row, ordinal) : row;
    });
    return { competizioni, record: matches.length };
  }

  function sendList(res: ServerResponse, answer: WireRow | undefined): void {
    // Zero results: 200 with an empty body, not `{"record":0}` (§1).
    if (answer === undefined) sendRaw(res, 200, 'application/json; charset=utf-8', Buffer.alloc(0));
    else send(res, 200, answer);
  }

  async function handleScript(
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    params: URLSearchParams,
  ): Promise<void> {
    const { script } = deps;
    const method = req.method ?? 'GET';
    const key = `${method} ${route || '/'}`;
    const body = method === 'POST' ? await readJson(req) : undefined;
    switch (key) {
      case 'GET /state':
        return send(res, 200, script.state());
      case 'POST /clock':
        return send(res, 200, { now: script.setNow(parseClock(body)).toISOString() });
      case 'POST /clock/advance':
        return send(res, 200, { now: script.advance(hookInput<Duration>(body)).toISOString() });
      case 'POST /clock/real':
        return send(res, 200, { now: script.useRealTime().toISOString() });
      case 'POST /competitions':
        return send(res, 201, script.addCompetition(hookInput<CompetitionInput>(body ?? {})));
      case 'POST /competitions/update':
        return send(res, 200, script.updateCompetition(hookInput<UpdateCompetitionInput>(body)));
      case 'POST /tournaments':
        return send(res, 201, script.addTournament(hookInput<AddTournamentInput>(body)));
      case 'POST /documents':
        return send(res, 201, script.addDocument(hookInput<DocumentInput>(body)));
      case 'POST /orders-of-play':
        return send(res, 201, script.addOrderOfPlay(hookInput<OrderOfPlayInput>(body)));
      case 'POST /draws':
        return send(res, 201, script.addDraw(hookInput<DrawInput>(body)));
      case 'POST /draws/score':
        return send(res, 200, script.scoreMatch(hookInput<ScoreInput>(body)));
      case 'POST /entries':
        return send(res, 201, script.addEntry(hookInput<EntryInput>(body)));
      case 'POST /entries/withdraw':
        return send(res, 200, script.withdrawEntry(hookInput<WithdrawalInput>(body)));
      case 'POST /players':
        return send(res, 201, script.addPlayer(hookInput<PlayerInput>(body ?? {})));
      case 'GET /players':
        return send(res, 200, {
          players: script.players({
            ...numberParam(params, 'offset'),
            ...numberParam(params, 'limit'),
            ...numberParam(params, 'regionId'),
            ...(params.get('ranking') && { ranking: params.get('ranking') as string }),
          }),
        });
      case 'GET /faults':
        return send(res, 200, { faults: deps.faults.list() });
      case 'POST /faults':
        return send(res, 201, script.fault(hookInput<FaultInput>(body)));
      case 'DELETE /faults':
        script.clearFaults();
        return send(res, 204);
      case 'POST /reset':
        script.reset();
        return send(res, 204);
      default:
        return send(res, 404, { message: `No simulator hook ${key}` });
    }
  }

  function parseClock(body: unknown): string | number {
    const parsed = clockInputSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(400, 'now: expected an instant');
    return parsed.data.now;
  }

  return {
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const release of [...pendingDelays]) release();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** A non-empty string value (numbers as strings too), trimmed. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A query parameter by name in any case. */
function caseInsensitive(params: URLSearchParams, name: string): string | undefined {
  for (const [key, value] of params) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
}

function sendRaw(res: ServerResponse, status: number, contentType: string, body: Buffer): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': body.length }).end(body);
}

/**
 * A hook's JSON body, typed as the hook's input. Not checked here: every hook validates its input
 * with its zod schema and answers 400 naming the faulty field.
 */
const hookInput = <T>(body: unknown): T => body as T;

function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (
    error instanceof ScriptInputError ||
    error instanceof FaultRuleError ||
    error instanceof BadRequestError
  ) {
    return 400;
  }
  if (error instanceof NotFoundError) return 404;
  if (error instanceof DuplicateError) return 409;
  return 500;
}

function send(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const payload = JSON.stringify(body);
  res
    .writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(payload),
      ...headers,
    })
    .end(payload);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Body too large');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
}

/** The card number's digits from their base64 encoding; undefined when it is not that. */
export function decodeCardNumber(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  const digits = Buffer.from(encoded, 'base64').toString('utf8');
  return /^\d{1,16}$/.test(digits) ? digits : undefined;
}

function numberParam(params: URLSearchParams, name: string): Record<string, number> {
  const value = params.get(name);
  if (value === null || value === '') return {};
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new HttpError(400, `${name} must be a non-negative integer`);
  return { [name]: n };
}
