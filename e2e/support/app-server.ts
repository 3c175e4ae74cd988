import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';

/**
 * Each Playwright worker runs against an app of its own (decision 183): the real server with its
 * own database (a PGlite data dir, or a PostgreSQL database of its own when TEST_DATABASE_URL is
 * set), its own bundled federation simulator and its own OpenID provider, on free loopback ports.
 * So journeys that script the simulator (faults, new competitions) run side by side without
 * seeing each other, and a walk never shares a calendar with a journey.
 */
export interface AppServer {
  baseURL: string;
  /** The bundled simulator, scripted through its /__sim hooks. */
  simulatorURL: string;
  /** The local OpenID provider standing in for Google. */
  oidcProviderURL: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Bounds that only stop a hung start or stop; the server normally answers in seconds. */
const START_BOUND_MS = 240_000;
const STOP_BOUND_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Resolves once the server answers its health check; rejects if it exits or never answers. */
async function answering(url: string, child: ChildProcess, log: string): Promise<void> {
  const failed = (why: string) => {
    let tail = '';
    try {
      tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
    } catch {}
    return new Error(`the e2e server ${why}; the end of ${log}:\n${tail}`);
  };
  let gone = false;
  void exited(child).then(() => {
    gone = true;
  });
  const deadline = Date.now() + START_BOUND_MS;
  for (;;) {
    if (gone) throw failed('exited during start-up');
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {}
    if (Date.now() > deadline) throw failed(`did not answer ${url} within ${START_BOUND_MS / 1000} s`);
    // Between two polls of a server that is starting: not a wait for an outcome.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startAppServer(
  workerIndex: number,
  parallelIndex: number,
): Promise<{
  server: AppServer;
  stop: () => Promise<void>;
}> {
  const [port, simulatorPort, oidcPort] = [await freePort(), await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${port}`;
  const server: AppServer = {
    baseURL,
    simulatorURL: `http://127.0.0.1:${simulatorPort}`,
    oidcProviderURL: `http://127.0.0.1:${oidcPort}`,
  };
  const dataRoot = process.env.E2E_DATA_DIR ?? path.join(root, '.data-e2e');
  // Beside the runners' reports: Playwright empties its own output folder when a run starts.
  const logs = path.join(root, '.test-reports');
  mkdirSync(logs, { recursive: true });
  const log = path.join(logs, `e2e-server-${parallelIndex}-${workerIndex}.log`);
  const out = createWriteStream(log);
  // A process group of its own: stopping it stops npx's children too (the server itself), which
  // a signal to npx alone would leave running, orphaned.
  const child = spawn('npx', ['tsx', 'e2e/support/start-server.ts'], {
    cwd: root,
    detached: true,
    // The server ends when this pipe closes: when the worker goes, however it goes (start-server.ts).
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataRoot, `worker-${workerIndex}`),
      E2E_DATABASE_SUFFIX: String(workerIndex),
      E2E_EXIT_WITH_STDIN: '1',
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      FITP_SIMULATOR_PORT: String(simulatorPort),
      // A quarter of the national calendar: every region and province still has its tournaments,
      // and each worker's first ingestion costs a quarter of the CPU the journeys share (decision 183).
      FITP_SIMULATOR_COMPETITIONS: '4000',
      // Journeys publish on the simulator and wait for the app to notice: read it every minute.
      INGEST_INTERVAL_MINUTES: '1',
      // Every journey signs in from 127.0.0.1: the per-IP attempt limits would get in the way.
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      E2E_OIDC_PORT: String(oidcPort),
      GOOGLE_CLIENT_ID: 'radar-tornei-e2e',
      GOOGLE_CLIENT_SECRET: 'radar-tornei-e2e-secret',
      GOOGLE_ISSUER: server.oidcProviderURL,
      // The support pages show these links (the app store links stay unset: hidden).
      DONATION_URL: 'https://donate.example/radar-tornei',
      COMMUNITY_URL: 'https://chat.example/radar-beta',
    },
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const group = -child.pid;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(group, name);
        } catch {}
      };
      const alive = () => {
        try {
          process.kill(group, 0);
          return true;
        } catch {
          return false;
        }
      };
      signal('SIGTERM');
      const deadline = Date.now() + STOP_BOUND_MS;
      await exited(child);
      // npx goes first; the server closes gracefully after it. Polled until the group is gone.
      while (alive()) {
        if (Date.now() > deadline) signal('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    out.end();
  };
  try {
    await answering(`${baseURL}/api/health`, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, stop };
}

/** `test` whose `baseURL`, `simulatorURL` and `oidcProviderURL` are the worker's own app. */
export const test = base.extend<{ simulatorURL: string; oidcProviderURL: string }, { app: AppServer }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const { server, stop } = await startAppServer(workerInfo.workerIndex, workerInfo.parallelIndex);
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: START_BOUND_MS + STOP_BOUND_MS },
  ],
  baseURL: async ({ app }, use) => use(app.baseURL),
  simulatorURL: async ({ app }, use) => use(app.simulatorURL),
  oidcProviderURL: async ({ app }, use) => use(app.oidcProviderURL),
});
