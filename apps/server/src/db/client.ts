import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockEmbeddedDatabase } from './embedded-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs on: the database or the caller's transaction. */
export type Executor = Db | Tx;

export type Database =
  | { driver: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { driver: 'postgres'; db: Db; pool: pg.Pool; connectionString: string; close(): Promise<void> };

export type DatabaseOptions =
  | {
      databaseUrl: string;
      poolSize?: number;
      /**
       * An idle pooled connection that failed (the server restarted, failed over, or ended it):
       * the pool drops it and the next query opens a new one. Without this listener the pool's
       * 'error' event would end the process (issue 28).
       */
      onConnectionError?: (error: Error) => void;
    }
  | { pgliteDataDir: string }
  | { pglite: PGlite };

/** How long a query waits for a pooled connection before failing (then a 503). */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

/** PGlite under `<dataDir>/pglite` without DATABASE_URL; PostgreSQL with it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A request never waits longer than this for a connection the database does not give:
      // it answers 503 instead (issue 28).
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    });
    const onConnectionError = options.onConnectionError ?? (() => {});
    pool.on('error', onConnectionError);
    // Fail fast on a wrong URL instead of at the first request.
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return {
      driver: 'postgres',
      db: drizzlePg(pool, { schema }) as unknown as Db,
      pool,
      connectionString: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  let pglite: PGlite;
  let release = () => {};
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    mkdirSync(path.dirname(options.pgliteDataDir), { recursive: true });
    // One process at a time: a second one is refused before it can touch the files.
    release = lockEmbeddedDatabase(options.pgliteDataDir);
    try {
      pglite = await PGlite.create(options.pgliteDataDir);
    } catch (error) {
      release();
      throw error;
    }
  }
  return {
    driver: 'pglite',
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    pglite,
    close: async () => {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

export function databaseOptionsFromConfig(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { pgliteDataDir: path.join(config.dataDir, 'pglite') };
}

export { schema };
