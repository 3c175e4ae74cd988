import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { databaseUrlWithName, withAdminClient } from './template';

/**
 * A fresh, migrated database of its own for one test file: PGlite by default, PostgreSQL
 * when TEST_DATABASE_URL is set. Closing it drops it.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `radar_t_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await withAdminClient(postgres.adminUrl, (client) =>
      client.query(`create database "${name}" template "${postgres.name}"`),
    );
    const url = databaseUrlWithName(postgres.adminUrl, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    const close = database.close;
    return {
      ...database,
      url,
      close: async () => {
        await close();
        await withAdminClient(postgres.adminUrl, async (client) => {
          // pool.end() resolves before its sockets have closed: let them go before forcing the
          // drop, or a terminated backend's last message errors in a client nobody listens to.
          for (let tries = 0; tries < 50; tries += 1) {
            const { rows } = await client.query<{ count: number }>(
              'select count(*)::int as count from pg_stat_activity where datname = $1',
              [name],
            );
            if ((rows[0]?.count ?? 0) === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          await client.query(`drop database if exists "${name}" with (force)`);
        });
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  const pglite = await PGlite.create({ loadDataDir: dump });
  return openDatabase({ pglite });
}
