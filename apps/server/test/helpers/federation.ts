import { type SimulatorHandle, type SimulatorOptions, startSimulator } from '@radar/fitp-simulator';
import { createFederationClient, type FederationClient } from '../../src/federation';
import { silentLogger } from './logger';

/** A Wednesday in June, 10:00 in Rome: the simulator's frozen "now" in these tests. */
export const SIM_START = new Date('2026-06-10T08:00:00Z');

/** The federation for a test: the simulator, frozen at {@link SIM_START}, with a small calendar. */
export function startTestSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  return startSimulator({ now: SIM_START, competitions: 600, players: 3000, ...options });
}

/** A client that gives up fast: tests must not wait out production backoffs. */
export function testFederationClient(
  baseUrl: string,
  options: { timeoutMs?: number; listTimeoutMs?: number; maxRetries?: number } = {},
): FederationClient {
  return createFederationClient({
    baseUrl,
    logger: silentLogger,
    timeoutMs: options.timeoutMs ?? 5_000,
    // The search has its own (longer) timeout (§10); unset, the client's default.
    ...(options.listTimeoutMs !== undefined && { listTimeoutMs: options.listTimeoutMs }),
    maxRetries: options.maxRetries ?? 2,
    retryBaseMs: 5,
    retryMaxMs: 50,
  });
}
