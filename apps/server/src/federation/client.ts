/**
 * The federation client: the only code that calls the federation (fitp-contract.md). It maps
 * every answer to the app's names (mapping.ts), skips and logs broken rows, and tells
 * "service down" (FederationUnavailableError) apart from "not found" (a normal answer).
 */
import type { AppLogger as Logger } from '../logger';
import { FederationUnavailableError } from './errors';
import { type CallOptions, FederationTransport, type TransportOptions } from './http';
import {
  cardRequestBody,
  detailRequestBody,
  type ListPage,
  listRequestBody,
  MAX_FETCH_ROWS,
  mapDetail,
  mapListPage,
  mapPlayerCard,
  mapPlayerEntries,
  PATHS,
  type Skipped,
} from './mapping';
import type {
  DetailResult,
  FederationCompetition,
  FederationEntry,
  FederationPlayer,
  ListQuery,
} from './types';

export type FederationClientOptions = Partial<Omit<TransportOptions, 'baseUrl'>> & {
  baseUrl: string;
  logger?: Logger | undefined;
};

export const DEFAULT_CLIENT_OPTIONS = {
  timeoutMs: 10_000,
  maxRetries: 3,
  retryBaseMs: 500,
  retryMaxMs: 30_000,
  maxConcurrency: 4,
} as const;

export interface FederationClient {
  readonly baseUrl: string;
  /** One page of the competition search. */
  listPage(query: ListQuery, skip: number, take?: number, call?: CallOptions): Promise<ListPage>;
  /**
   * Every page of a search, as each arrives (the first alone, then the rest side by side within
   * the concurrency limit). Throws FederationUnavailableError if any page cannot be read.
   */
  listAll(query: ListQuery, onPage: (page: ListPage) => Promise<void>): Promise<{ total: number }>;
  /** One competition's list row by guid; null when the federation does not list it. */
  findCompetition(guid: string, call?: CallOptions): Promise<FederationCompetition | null>;
  competitionDetail(guid: string, call?: CallOptions): Promise<DetailResult>;
  /** A player's card; null for an unknown card. */
  playerCard(cardNumber: string, call?: CallOptions): Promise<FederationPlayer | null>;
  playerEntries(cardNumber: string, call?: CallOptions): Promise<FederationEntry[]>;
}

export function createFederationClient(options: FederationClientOptions): FederationClient {
  const { logger, baseUrl, ...rest } = options;
  const transport = new FederationTransport({ ...DEFAULT_CLIENT_OPTIONS, ...rest, baseUrl });

  const reportSkipped = (what: string, skipped: Skipped[]) => {
    if (skipped.length === 0) return;
    logger?.warn(
      { count: skipped.length, reasons: skipped.slice(0, 5).map((s) => s.reason) },
      `federation: skipped ${skipped.length} malformed ${what}`,
    );
  };

  const invalid = (path: string) => new FederationUnavailableError(path, 'invalid-response', 200);

  async function listPage(query: ListQuery, skip: number, take = MAX_FETCH_ROWS, call?: CallOptions) {
    const answer = await transport.post(PATHS.list, listRequestBody(query, skip, take), call);
    const page = answer.status === 200 ? mapListPage(answer.body) : undefined;
    if (!page) throw invalid(PATHS.list);
    reportSkipped('list rows', page.skipped);
    return page;
  }

  return {
    baseUrl,
    listPage,

    async listAll(query, onPage) {
      const first = await listPage(query, 0);
      await onPage(first);
      const skips: number[] = [];
      for (let skip = MAX_FETCH_ROWS; skip < first.total; skip += MAX_FETCH_ROWS) skips.push(skip);
      // Pages run side by side (the transport keeps 4 in flight) and are handed over in order.
      const pending = skips.map((skip) => listPage(query, skip));
      // Nothing is left unhandled if a later page fails while an earlier one is processed.
      for (const p of pending) p.catch(() => undefined);
      for (const page of pending) await onPage(await page);
      return { total: first.total };
    },

    async findCompetition(guid, call) {
      const page = await listPage({ guid }, 0, MAX_FETCH_ROWS, call);
      return page.rows.find((row) => row.guid === guid.toUpperCase()) ?? null;
    },

    async competitionDetail(guid, call) {
      const answer = await transport.post(PATHS.detail, detailRequestBody(guid), call);
      if (answer.status === 204) return { kind: 'unpublished' };
      if (answer.status === 404) return { kind: 'not-found' };
      const mapped = mapDetail(answer.body);
      if (!mapped) throw invalid(PATHS.detail);
      reportSkipped(`detail rows of ${guid}`, mapped.skipped);
      return { kind: 'found', detail: mapped.detail };
    },

    async playerCard(cardNumber, call) {
      const answer = await transport.post(PATHS.card, cardRequestBody(cardNumber), call);
      if (answer.status === 404) return null;
      const player = mapPlayerCard(cardNumber, answer.body);
      if (player === undefined) throw invalid(PATHS.card);
      return player;
    },

    async playerEntries(cardNumber, call) {
      const answer = await transport.post(PATHS.entries, cardRequestBody(cardNumber), call);
      if (answer.status === 404) return [];
      const mapped = mapPlayerEntries(answer.body);
      if (!mapped) throw invalid(PATHS.entries);
      reportSkipped('player entries', mapped.skipped);
      return mapped.entries;
    },
  };
}
