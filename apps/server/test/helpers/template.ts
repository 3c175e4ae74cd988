import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { type Database, openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { createQueue } from '../../src/jobs/queue';
import { silentLogger } from './logger';

/** Migrates a database and installs the pg-boss schema: what every test database starts from. */
export async function prepareTemplate(database: Database): Promise<void> {
  await migrateDatabase(database);
  const boss: PgBoss = createQueue(database, silentLogger, { schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: database.driver === 'postgres' });
}

export async function buildPgliteTemplate(): Promise<Blob> {
  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  await prepareTemplate(database);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  return dump;
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
