/**
 * The federation client: the only code that calls the federation (fitp-contract.md §0–§6, §9,
 * §10). It maps every answer to the app's names (mapping.ts), skips and logs broken rows, and
 * tells the three kinds of "nothing" apart from "service down" (FederationUnavailableError):
 * an empty 200 is no results, a detail's 204 is no individual detail, a 404 is not found.
 */
import type { AppLogger as Logger } from '../logger';
import { FederationUnavailableError } from './errors';
import { FederationTransport, type TransportOptions } from './http';
import {
  cardRequestBody,
  detailRequestBody,
  documentsRequestBody,
  downloadPath,
  drawPath,
  filesRequestBody,
  isKo,
  koStatus,
  listRequestBody,
  mapDetail,
  mapDraw,
  mapFileList,
  mapListPage,
  mapOrdersOfPlay,
  mapPlayerSheet,
  PATHS,
  type Skipped,
} from './mapping';
import type { CallOptions, FederationClient } from './types';

export type FederationClientOptions = Partial<Omit<TransportOptions, 'baseUrl'>> & {
  baseUrl: string;
  logger?: Logger | undefined;
  /** The search's timeout (§10: 15 s; `timeoutMs` is the other calls'). */
  listTimeoutMs?: number;
};

export const DEFAULT_CLIENT_OPTIONS = {
  /** Every call but the search (§10). */
  timeoutMs: 10_000,
  listTimeoutMs: 15_000,
  maxRetries: 3,
  /** 250 ms · 2ⁿ plus jitter (§10). */
  retryBaseMs: 250,
  retryMaxMs: 30_000,
  maxConcurrency: 4,
  /** 8 MiB: far above the largest real detail (126 participants are 27 KB; 395, under 100 KB). */
  maxBodyBytes: 8 * 1024 * 1024,
  /** Orders of play are about 450 KB; documents are PDFs of a few MB at most. */
  maxDownloadBytes: 64 * 1024 * 1024,
} as const;

export function createFederationClient(options: FederationClientOptions): FederationClient {
  const { logger, baseUrl, listTimeoutMs, ...rest } = options;
  // Options given as undefined (an unset environment variable) keep their defaults.
  const given = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const settings = { ...DEFAULT_CLIENT_OPTIONS, ...given, baseUrl };
  const transport = new FederationTransport(settings);
  const listTimeout = listTimeoutMs ?? DEFAULT_CLIENT_OPTIONS.listTimeoutMs;

  const reportSkipped = (what: string, skipped: Skipped[]) => {
    if (skipped.length === 0) return;
    logger?.warn(
      { count: skipped.length, reasons: skipped.slice(0, 10).map((s) => s.reason) },
      `federation: skipped ${skipped.length} malformed ${what}`,
    );
  };

  const invalid = (endpoint: string, status?: number) =>
    new FederationUnavailableError(endpoint, 'invalid-response', status);

  /** An in-band `result: "KO"` where data was expected is an error (§0): down. */
  const rejectKo = (endpoint: string, body: unknown) => {
    if (isKo(body)) throw invalid(endpoint, koStatus(body));
  };

  async function fileNames(path: string, body: unknown, what: string, call?: CallOptions) {
    const answer = await transport.json({ method: 'POST', path, body, call });
    // 404 on a list: nothing published under that key.
    if (answer.status === 404) return [];
    rejectKo(path, answer.body);
    const mapped = mapFileList(answer.body);
    if (!mapped) throw invalid(path, answer.status);
    reportSkipped(what, mapped.skipped);
    return mapped.names;
  }

  return {
    baseUrl: transport.baseUrl,

    async listPage(query, call) {
      const answer = await transport.json({
        method: 'POST',
        path: PATHS.list,
        body: listRequestBody(query),
        call,
        timeoutMs: listTimeout,
      });
      // A 404 means the path is gone: down. A 204 (never seen) is an empty answer: no results.
      if (answer.status === 404) throw invalid(PATHS.list, answer.status);
      rejectKo(PATHS.list, answer.body);
      const page = mapListPage(answer.body);
      if (!page) throw invalid(PATHS.list, answer.status);
      reportSkipped('list rows', page.skipped);
      return page;
    },

    async competitionDetail(guid, call) {
      const answer = await transport.json({
        method: 'POST',
        path: PATHS.detail,
        body: detailRequestBody(guid),
        call,
      });
      if (answer.status === 204) return { kind: 'no-detail' };
      if (answer.status === 404) return { kind: 'not-found' };
      if (isKo(answer.body)) {
        if (koStatus(answer.body) === 404) return { kind: 'not-found' };
        throw invalid(PATHS.detail, koStatus(answer.body));
      }
      // An empty 200 where a detail must exist: unreadable, down (§10).
      const mapped = mapDetail(answer.body, guid);
      if (!mapped) throw invalid(PATHS.detail, answer.status);
      reportSkipped(`detail rows of ${guid}`, mapped.skipped);
      return { kind: 'found', detail: mapped.detail };
    },

    documents(guid, call) {
      return fileNames(PATHS.documents, documentsRequestBody(guid), `documents of ${guid}`, call);
    },

    rules(guid, call) {
      return fileNames(PATHS.rules, filesRequestBody(guid), `rules of ${guid}`, call);
    },

    async ordersOfPlay(guid, call) {
      const names = await fileNames(
        PATHS.ordersOfPlay,
        filesRequestBody(guid),
        `orders of play of ${guid}`,
        call,
      );
      return mapOrdersOfPlay(names);
    },

    async draw(tournamentId, sectionCode, call) {
      const path = drawPath(tournamentId, sectionCode);
      const answer = await transport.json({ method: 'GET', path, call });
      if (answer.status === 204 || answer.status === 404) return null;
      rejectKo(PATHS.draw, answer.body);
      const mapped = mapDraw(answer.body, tournamentId, sectionCode);
      if (!mapped) throw invalid(PATHS.draw, answer.status);
      reportSkipped(`draw matches of ${tournamentId}:${sectionCode}`, mapped.skipped);
      return mapped.draw;
    },

    async playerSheet(cardNumber, call) {
      const answer = await transport.json({
        method: 'POST',
        path: PATHS.playerSheet,
        body: cardRequestBody(cardNumber),
        call,
      });
      if (answer.status === 204 || answer.status === 404) return null;
      const player = mapPlayerSheet(cardNumber, answer.body);
      if (player === undefined) throw invalid(PATHS.playerSheet, answer.status);
      return player;
    },

    async download(kind, guid, fileName, call) {
      const answer = await transport.stream({
        method: 'GET',
        path: downloadPath(kind, guid, fileName),
        call,
      });
      if (!answer.body) return null;
      return { contentType: answer.contentType, length: answer.length, body: answer.body };
    },
  };
}
