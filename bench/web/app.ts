/**
 * The real app for the web benchmarks: Radar Tornei started as its own process on PGlite in a
 * fresh data dir, with the bundled federation simulator (bootstrap starts it when FITP_BASE_URL
 * is unset), serving the built client; and a verified account signed in through the API, its
 * code read from the dev mailbox. Only ever on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from '../support/process';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** `npm run build` (the web client), unless BENCH_WEB_BUILD=0 says to use the dist as it is. */
export async function buildWeb(): Promise<void> {
  if (process.env.BENCH_WEB_BUILD === '0') return;
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`npm run build failed (${code})`);
}

export type RunningApp = { url: string; close(): Promise<void> };

/** Starts the app (API and client) on a free port, PGlite in a temp data dir; resolves when healthy. */
export async function startApp(port?: number): Promise<RunningApp> {
  const appPort = port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-bench-web-'));
  const url = `http://127.0.0.1:${appPort}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Not production: the dev mailbox gives the verification code.
      NODE_ENV: 'test',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FITP_SIMULATOR_PORT: '0',
    },
  });
  const exited = once(child, 'exit');
  await waitFor('the app', 120_000, async () => {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode})`);
    const response = await fetch(`${url}/api/health`);
    return response.ok ? true : null;
  });
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers and verifies an account through the API; returns its session cookie (`name=value`). */
export async function signedInCookie(url: string): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `bench.${suffix}@example.it`;
  const password = 'Tennis2024';
  const json = { 'content-type': 'application/json', origin: url };
  const registered = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username: `bench_${suffix}`,
      email,
      password,
      confirmPassword: password,
      language: 'it',
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const code = await waitFor('the verification email', 30_000, async () => {
    const response = await fetch(`${url}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { text: string | null }[] };
    return messages[0]?.text?.match(/\b(\d{6})\b/)?.[1] ?? null;
  });
  const verified = await fetch(`${url}/api/verify-email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('='));
  if (!cookie) throw new Error('login: no session cookie');
  return cookie;
}
