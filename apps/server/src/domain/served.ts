/**
 * What a call that reads the federation serves (spec §4 Degraded service): the data, the stored
 * data while the federation is down, or nothing. `http/served.ts` turns it into the answer
 * (200, 207 `{serviceDown, data, message}`, 503 flagged `serviceDown`).
 */
import type { Db } from '../db/client';
import type { FederationClient } from '../federation';
import type { AppLogger } from '../logger';

export type Served<T> = { kind: 'ok'; data: T } | { kind: 'degraded'; data: T } | { kind: 'unavailable' };

/**
 * What a service that may ask the federation while the user waits takes first (decision 086);
 * `liveDeps(app)` in `http/served.ts` builds the app's.
 */
export interface LiveDeps {
  db: Db;
  federation: FederationClient | null;
  logger: AppLogger;
  now: () => Date;
  /** Timeout of a federation call made while the user waits. */
  liveTimeoutMs: number;
  /**
   * Asks for a live-updates pass now: a read made while the user waits recorded a new document,
   * order of play or draw, and its followers hear of it at once (not at the next safety-net pass).
   */
  requestLiveUpdates: () => Promise<unknown>;
}
