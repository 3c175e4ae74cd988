/**
 * Queries prepared once per database (docs/decisions/134): the SQL of a hot read is built once,
 * not at every request, and on PostgreSQL it is a named statement, parsed once per connection
 * and planned once PostgreSQL settles on its generic plan. Per request it is only bound and run.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

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
      prepared.set(db, query);
    }
    return query;
  };
}
