import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Who holds the embedded database: written into its lock file. */
export type LockHolder = { pid: number; host: string; command: string; startedAt: string };

/**
 * A second process opened the embedded database (PGlite) while another one has it: PGlite
 * serves one process, and two at once corrupt it (issue 16: 736 competition rows for 400
 * guids, duplicate primary keys). The message names the holder and what to do instead.
 */
export class EmbeddedDatabaseLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is in use by another process: ` +
        `pid ${holder.pid} on ${holder.host} (${holder.command}), running since ${holder.startedAt}.\n` +
        'PGlite serves one process at a time, and a second one would corrupt it. Either stop that ' +
        'process first (Ctrl-C, or kill ' +
        `${holder.pid}), or leave it running: the app ingests by itself every INGEST_INTERVAL_MINUTES ` +
        'and matches and sends alerts after each pass. To run several processes (the app, ' +
        '`npm run ingest`, `npm run broadcast`) at once, use PostgreSQL: set DATABASE_URL.',
    );
    this.name = 'EmbeddedDatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' ? (holder as LockHolder) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of an embedded database directory (`<dir>.lock` beside it), or throws
 * EmbeddedDatabaseLockedError when a live process holds it. A lock left by a process that
 * died (kill -9, a crash) on this machine is taken over. Returns the release function.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: process.argv
      .slice(1)
      .map((arg) => path.basename(arg))
      .join(' '),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (readHolder(file)?.pid === me.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && (holder.host !== me.host || isAlive(holder.pid))) {
        throw new EmbeddedDatabaseLockedError(file, holder);
      }
      // Left by a process that is gone (or half-written): take it over.
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first: try again, and meet its lock.
      }
    }
  }
  const holder = readHolder(file);
  if (holder) throw new EmbeddedDatabaseLockedError(file, holder);
  throw new Error(`could not lock the embedded database in ${dataDir}`);
}
