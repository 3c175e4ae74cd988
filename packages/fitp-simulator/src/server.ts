/**
 * The HTTP face of the simulator, on node:http: the contract's four POST endpoints, and the
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
import { FILES_PREFIX, serveFile } from './files';
import { BadRequestError, parseListRequest, searchCompetitions } from './list-query';
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
  type Script,
  ScriptInputError,
  type UpdateCompetitionInput,
  type WithdrawalInput,
} from './script';
import {
  breakRow,
  type Endpoint,
  encodeCard,
  encodeDetail,
  encodeEntries,
  encodeListRow,
  placeholderRow,
  type WireContext,
  type WireRow,
} from './wire';

export const FEDERATION_ROUTES: Readonly<Record<string, Endpoint>> = {
  '/api/v3/tornei/puc/list': 'list',
  '/api/v3/puc/competizione/dettaglio': 'detail',
  '/api/v1/tesserati/dettaglio/semplice': 'card',
  '/api/v1/tesserati/iscrizioni': 'entries',
};

/** With quirks, a placeholder row precedes real row 3, 100, 197, … of every result. */
const PLACEHOLDER_FIRST = 3;
const PLACEHOLDER_EVERY = 97;
const MAX_BODY_BYTES = 1024 * 1024;

export interface SimulatorServerDeps {
  readonly seed: number;
  readonly quirks: boolean;
  readonly federation: Federation;
  readonly clock: Clock;
  readonly faults: Faults;
  readonly script: Script;
  readonly requestCounts: Record<Endpoint, number>;
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
    if (path.startsWith(`${FILES_PREFIX}/`)) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(res, 405, { message: 'Use GET' }, { Allow: 'GET' });
      const file = serveFile(deps.federation, path, deps.clock.nowMs());
      if (!file) return send(res, 404, { message: 'No such file' });
      res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.body.length });
      res.end(req.method === 'HEAD' ? undefined : file.body);
      return;
    }
    const endpoint = FEDERATION_ROUTES[path];
    if (!endpoint) return send(res, 404, {});
    if (req.method !== 'POST') return send(res, 405, { message: 'Use POST' }, { Allow: 'POST' });
    const body = await readJson(req);
    deps.requestCounts[endpoint]++;

    const decision = deps.faults.take(endpoint, competitionOf(body));
    if (decision.delayMs > 0) await wait(decision.delayMs);
    if (closing || res.destroyed) return;
    if (decision.errorStatus !== undefined) {
      return send(res, decision.errorStatus, { message: STATUS_CODES[decision.errorStatus] ?? 'Error' });
    }
    const ctx: WireContext = {
      seed: deps.seed,
      quirks: deps.quirks,
      now: deps.clock.nowMs(),
      baseUrl: baseUrlOf(req),
    };
    switch (endpoint) {
      case 'list':
        return send(res, 200, answerList(body, ctx, decision.malformed));
      case 'detail': {
        if (decision.noContent) return send(res, 204);
        const guid = stringField(body, 'competitionUid');
        const result = deps.federation.detail(guid, ctx.now);
        if (result.kind === 'unknown') return send(res, 404, {});
        if (result.kind === 'unpublished') return send(res, 204);
        return send(res, 200, encodeDetail(result.view, ctx, decision.malformed));
      }
      case 'card': {
        const card = decodeCardNumber(stringField(body, 'cardNumber'));
        const player = card === undefined ? undefined : deps.federation.findPlayer(card);
        return send(res, 200, player ? encodeCard(player, ctx) : { result: 'KO' });
      }
      case 'entries': {
        const card = decodeCardNumber(stringField(body, 'cardNumber'));
        const entries = card === undefined ? [] : deps.federation.playerEntries(card, ctx.now);
        return send(res, 200, encodeEntries(entries, card ?? '', ctx));
      }
    }
  }

  function answerList(body: unknown, ctx: WireContext, malformed: boolean): WireRow {
    let query: ReturnType<typeof parseListRequest>;
    try {
      query = parseListRequest(body);
    } catch (error) {
      if (error instanceof BadRequestError) throw new HttpError(400, error.message);
      throw error;
    }
    const matches = searchCompetitions(deps.federation, query, ctx.now);
    // The result as the federation pages it: real rows, with placeholders mixed in when quirky.
    const sequence: number[] = [];
    matches.forEach((_, i) => {
      if (ctx.quirks && i >= PLACEHOLDER_FIRST && (i - PLACEHOLDER_FIRST) % PLACEHOLDER_EVERY === 0) {
        sequence.push(-1);
      }
      sequence.push(i);
    });
    const competizioni = sequence.slice(query.skip, query.skip + query.take).map((index, ordinal) => {
      const competition = matches[index];
      const row = competition
        ? encodeListRow(deps.federation.view(competition, ctx.now), ctx)
        : placeholderRow(ctx);
      return malformed && competition && ordinal % 3 === 1 ? breakRow(row, ordinal) : row;
    });
    return { record: sequence.length, competizioni };
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

/** The competition a call is about, if any: the detail's `competitionUid` or the list's `guid`. */
function competitionOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const guid = record.competitionUid ?? record.guid;
  return typeof guid === 'string' && guid.trim() !== '' ? guid : undefined;
}

/**
 * A hook's JSON body, typed as the hook's input. Not checked here: every hook validates its input
 * with its zod schema and answers 400 naming the faulty field.
 */
const hookInput = <T>(body: unknown): T => body as T;

/** `http://<host>` as the caller addressed the simulator (links in answers point back at it). */
function baseUrlOf(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  return host && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : undefined;
}

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

function stringField(body: unknown, name: string): string {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${name} is required`);
  return value.trim();
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
