import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { EmbeddedDatabaseLockedError } from '../../src/db/embedded-lock';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'radar-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (!child.pid) throw new Error('no pid');
  return child.pid;
}

describe('the embedded database serves one process (issue 16, point 4)', () => {
  // One data directory for every step: creating a PGlite database takes seconds.
  it('refuses a second process while one holds it, naming the holder; frees it on close; takes over after a kill -9', async () => {
    const dataDir = freshDir();
    const pgliteDir = path.join(dataDir, 'pglite');
    const app = await openDatabase({ pgliteDataDir: pgliteDir });
    try {
      // Another opening in this process…
      const second = openDatabase({ pgliteDataDir: pgliteDir });
      await expect(second).rejects.toBeInstanceOf(EmbeddedDatabaseLockedError);
      await expect(second).rejects.toThrow(new RegExp(`pid ${process.pid} on ${hostname()}`));
      await expect(second).rejects.toThrow(/set DATABASE_URL/);
      // …and `npm run ingest` beside the running app: a clear refusal, nothing written.
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = execFile(
          path.join(ROOT, 'node_modules/.bin/tsx'),
          [path.join(ROOT, 'apps/server/src/cli/ingest.ts')],
          {
            cwd: dataDir,
            env: {
              ...process.env,
              DATA_DIR: dataDir,
              DATABASE_URL: '',
              LOG_LEVEL: 'silent',
              NODE_ENV: 'test',
            },
            timeout: 60_000,
          },
          (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is in use by another process');
      expect(result.stderr).toContain(`pid ${process.pid}`);
    } finally {
      await app.close();
    }
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false);

    // A holder killed with -9 leaves its lock behind: the next process takes it over.
    const pid = await deadPid();
    writeFileSync(
      `${pgliteDir}.lock`,
      JSON.stringify({ pid, host: hostname(), command: 'main.ts', startedAt: new Date().toISOString() }),
    );
    const restarted = await openDatabase({ pgliteDataDir: pgliteDir });
    try {
      expect(JSON.parse(readFileSync(`${pgliteDir}.lock`, 'utf8')).pid).toBe(process.pid);
    } finally {
      await restarted.close();
    }
  }, 120_000);
});
