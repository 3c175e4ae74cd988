/** Helpers of the tests that run real server processes (multi-process, crash). */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `check` every `pollMs` until it returns a value (not undefined), or gives up after `seconds`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  seconds = 150,
  pollMs = 500,
): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** A real server process (`main.ts <role>`) of a multi-process test, with its output kept. */
export type ServerProcess = { role: 'api' | 'worker'; child: ChildProcess; output: string[] };

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const main = path.join(root, 'apps/server/src/main.ts');

/**
 * Starts `main.ts <role>` as one Node process with tsx's loader (`node --import tsx`), never
 * through the `tsx` command: that one runs the server in a child process of its own, so a
 * kill -9 of the spawned pid would leave the server running, orphaned.
 */
export function startServerProcess(
  role: ServerProcess['role'],
  settings: { databaseUrl: string; dataDir: string; federationUrl: string; port: number },
): ServerProcess {
  const { databaseUrl, dataDir, federationUrl, port } = settings;
  const child = spawn(process.execPath, ['--import', 'tsx', main, role], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      FITP_BASE_URL: federationUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      INGEST_INTERVAL_MINUTES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: ServerProcess = { role, child, output: [] };
  child.stdout?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  return proc;
}

/** Stops every process still running (SIGTERM) and waits for each to exit. */
export async function stopServerProcesses(procs: ServerProcess[]): Promise<void> {
  await Promise.all(
    procs.map(
      (proc) =>
        new Promise<void>((resolve) => {
          if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
          proc.child.once('exit', () => resolve());
          proc.child.kill('SIGTERM');
        }),
    ),
  );
}
