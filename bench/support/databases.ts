/**
 * Runs a benchmark's measurement on each database it is asked for (`BENCH_DB`: `pglite`,
 * `postgres` or both, the default): an in-memory PGlite, and a fresh database created on the
 * PostgreSQL server of `TEST_DATABASE_URL` (default the local one) and dropped afterwards
 * (kept with `BENCH_KEEP=1`). A PostgreSQL server that cannot be reached is reported and skipped.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client';

export type Measure = (label: string, database: Database) => Promise<void>;

async function onPglite(measure: Measure): Promise<void> {
  const database = await openDatabase({ pglite: new PGlite() });
  try {
    await measure('PGlite', database);
  } finally {
    await database.close();
  }
}

async function onPostgres(bench: string, poolSize: number, measure: Measure): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `radar_bench_${bench}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL | skipped: cannot connect to ${adminUrl} (${(error as Error).message})`);
    return;
  }
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize });
  // Dropping the database ends its connections: that is expected, not an error.
  if (database.driver === 'postgres') database.pool.on('error', () => undefined);
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** Measures on the databases `BENCH_DB` names, in the order given. */
export async function runOnDatabases(
  bench: string,
  measure: Measure,
  options: { poolSize?: number; order?: readonly ('pglite' | 'postgres')[] } = {},
): Promise<void> {
  const which = process.env.BENCH_DB ?? 'both';
  for (const driver of options.order ?? ['pglite', 'postgres']) {
    if (which !== 'both' && which !== driver) continue;
    if (driver === 'pglite') await onPglite(measure);
    else await onPostgres(bench, options.poolSize ?? 4, measure);
  }
}

/**
 * CPU time (ms) used so far by each PostgreSQL backend serving this database, from /proc (the
 * server runs on this machine in the benchmarks): a figure that a busy machine disturbs far
 * less than wall-clock latency. Empty for PGlite (it runs in this process: see
 * `process.cpuUsage()`) or when /proc cannot be read.
 */
export async function backendCpu(
  database: Database | Pick<pg.Client, 'query'>,
): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  const client = 'driver' in database ? (database.driver === 'postgres' ? database.pool : null) : database;
  if (!client) return cpu;
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  for (const { pid } of rows) {
    const ms = await processCpu(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

/** CPU time (ms, user and system) a process of this machine used so far, null if it is gone. */
export async function processCpu(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU ms the backends used between two {@link backendCpu} readings. */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Linux's USER_HZ: /proc times are in these ticks. */
const CLOCK_TICKS = 100;
