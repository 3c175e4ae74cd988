/**
 * The bundled federation simulator: an HTTP server speaking the FITP contract
 * (`/work/shared/design/fitp-contract.md`) with seeded, time-driven data and scripting hooks.
 */
import type { AddressInfo } from 'node:net';
import { Clock } from './clock';
import { Faults } from './faults';
import { Federation } from './federation';
import type { PagingMode } from './list-query';
import { Script } from './script';
import { createSimulatorServer } from './server';
import { ENDPOINTS, type Endpoint } from './wire';

export interface SimulatorOptions {
  /** Seed of every generated value (default 42). */
  readonly seed?: number;
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  readonly host?: string;
  /** Start the clock frozen at this instant; default: follow real time. */
  readonly now?: Date;
  /** Competitions in the 65-week window around the clock's start (default 16,000: ~13,000 a year). */
  readonly competitions?: number;
  /** Size of the player pool (default 12,000). */
  readonly players?: number;
  /**
   * The irregular spellings real rows show (default on): stray spaces in names, a missing
   * `torneo_autorizzato`. Off, every row is spelled regularly (same keys, types and lists).
   */
  readonly quirks?: boolean;
  /**
   * What `rowstoskip > 0` does: `saturate` (default) serves the same first 100 rows as the
   * federation does; `honour` pages honestly (for tests of a client that would page).
   */
  readonly paging?: PagingMode;
}

export interface SimulatorHandle {
  /** Base URL, e.g. `http://127.0.0.1:4010` (the client's `FITP_BASE_URL`). */
  readonly url: string;
  readonly port: number;
  readonly clock: Clock;
  readonly script: Script;
  /** The simulated federation itself, for in-process assertions. */
  readonly federation: Federation;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const seed = options.seed ?? 42;
  const quirks = options.quirks ?? true;
  const host = options.host ?? '127.0.0.1';
  const clock = new Clock(options.now);
  const federation = new Federation({
    seed,
    now: clock.nowMs(),
    ...(options.competitions !== undefined && { competitions: options.competitions }),
    ...(options.players !== undefined && { players: options.players }),
  });
  const faults = new Faults();
  const requestCounts = Object.fromEntries(ENDPOINTS.map((e) => [e, 0])) as Record<Endpoint, number>;
  const script = new Script(federation, clock, faults, () => ({
    seed,
    quirks,
    requests: { ...requestCounts },
  }));
  const simulator = createSimulatorServer({
    seed,
    quirks,
    federation,
    clock,
    faults,
    script,
    requestCounts,
    paging: options.paging ?? 'saturate',
  });

  await new Promise<void>((resolve, reject) => {
    simulator.server.once('error', reject);
    simulator.server.listen(options.port ?? 0, host, () => {
      simulator.server.off('error', reject);
      resolve();
    });
  });
  const { port } = simulator.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${urlHost}:${port}`, port, clock, script, federation, close: simulator.close };
}

export { Clock, type Duration, durationMs } from './clock';
export { DEMO_CARDS, type DemoCard } from './demo-cards';
export {
  AGE_CODES,
  BANDS,
  DRAW_TYPE_WORDS,
  PLACEHOLDER_GUID,
  tpraGuidOf,
} from './dialect';
export type { ActiveFault, FaultKind, FaultRule } from './faults';
export {
  type CompetitionDetailView,
  type CompetitionView,
  Federation,
  type FederationOptions,
  type Participant,
  type PlayerEntry,
  type TournamentView,
} from './federation';
export { CompetitionGenerator, DEFAULT_COMPETITION_COUNT, WEEKS_AFTER, WEEKS_BEFORE } from './generator';
export { MAX_FETCH_ROWS, type PagingMode } from './list-query';
export * from './model';
export { capOf, MUNICIPALITY_CAPS } from './municipality-caps';
export {
  type OopMatch,
  type OopPlayer,
  ORDER_OF_PLAY_LAYOUTS,
  type OrderOfPlayLayout,
  type OrderOfPlaySheet,
  writeOrderOfPlayPdf,
} from './order-of-play-pdf';
export { type Player, PlayerPool } from './players';
export { Rng } from './prng';
export { RANKING_LADDER, rankingValue } from './rankings';
export type {
  AddedCompetition,
  AddedEntry,
  AddTournamentInput,
  CompetitionInput,
  DocumentInput,
  DrawInput,
  EntryInput,
  FaultInput,
  OrderOfPlayInput,
  PlayerInput,
  PlayerSummary,
  ScoreInput,
  Script,
  SimulatorState,
  TournamentInput,
  UpdateCompetitionInput,
  WithdrawalInput,
} from './script';
export { FEDERATION_GET_ROUTES, FEDERATION_ROUTES } from './server';
export { ENDPOINTS, type Endpoint } from './wire';
