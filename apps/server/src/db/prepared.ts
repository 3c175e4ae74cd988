/**
 * Queries prepared once per database (docs/decisions/134): the SQL of a hot read is built once,
 * not at every request, and on PostgreSQL it is a named statement, parsed once per connection
 * and planned once PostgreSQL settles on its generic plan. Per request it is only bound and run.
 * On PGlite it is a named statement too (`pglite-statements.ts`, docs/decisions/135): Drizzle's
 * PGlite driver would send it unnamed, parsed and planned at every call.
 */
import { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import type { Db, Executor } from './client';
import { pgliteStatementsOf } from './pglite-statements';

/**
 * The query `build` makes, prepared once per database. Its parameters are placeholders
 * (`sql.placeholder(name)`) filled by `execute`; its statement name must be unique and never
 * name another text. In a transaction it is prepared on the transaction itself (its connection),
 * so it runs inside it.
 */
export function preparedQuery<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db);
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      namedOnPglite(query);
      prepared.set(db, query);
    }
    return query;
  };
}

/**
 * A Drizzle query prepared on PGlite runs as a named statement: its `client` (the PGlite it
 * calls `query` on) is swapped for the instance's named statements, which answer alike.
 */
function namedOnPglite(query: unknown): void {
  if (!is(query, PglitePreparedQuery)) return;
  const driver = query as unknown as { client: unknown };
  if (!(driver.client instanceof PGlite)) return;
  const statements = pgliteStatementsOf(driver.client);
  driver.client = { query: statements.query.bind(statements) };
}
