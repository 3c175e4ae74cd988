import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { pgliteStatementsOf } from '../../src/db/pglite-statements';
import { preparedQuery } from '../../src/db/prepared';

/** The hot reads on PGlite as named statements (docs/decisions/135): PGlite whatever the test database. */
const things = pgTable('things', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  day: date(),
  tags: text().array(),
  doc: jsonb(),
  price: numeric(),
  flag: boolean(),
});

const thingById = preparedQuery((db) =>
  db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder('id')))
    .prepare('thing_by_id'),
);

const countThings = preparedQuery((db) =>
  db.select({ n: sql<number>`count(*)::int` }).from(things).prepare('count_things'),
);

/** The options Drizzle's PGlite driver passes for a select (its own parsers for dates and times). */
const driverOptions = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
};

describe('named statements on PGlite', () => {
  let database: Database & { driver: 'pglite' };

  beforeAll(async () => {
    const opened = await openDatabase({ pglite: new PGlite() });
    if (opened.driver !== 'pglite') throw new Error('PGlite expected');
    database = opened;
    await database.pglite.exec(`
      create table things (id int primary key, at timestamptz not null, day date, tags text[], doc jsonb,
        price numeric, flag boolean);
      insert into things values
        (1, '2026-06-10T08:00:00Z', '2026-06-11', '{a,"b c"}', '{"k": [1, null, "x"]}', 12.50, true),
        (2, '2026-01-01T00:00:00.123Z', null, null, null, null, null);
    `);
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a prepared query as one named statement, parsed once, with the same rows as an unprepared one', async () => {
    const statements = pgliteStatementsOf(database.pglite);
    const before = { ...statements.stats };
    const first = await thingById(database.db).execute({ id: 1 });
    const second = await thingById(database.db).execute({ id: 2 });
    expect(statements.stats.prepared - before.prepared).toBe(1);
    expect(statements.stats.executions - before.executions).toBe(2);
    const named = await database.pglite.query<{ name: string; statement: string }>(
      `select name, statement from pg_prepared_statements where name like 'rt_prepared_%'`,
    );
    expect(named.rows.map((r) => r.statement)).toContain(thingById(database.db).getQuery().sql);

    const unprepared = async (id: number) => database.db.select().from(things).where(eq(things.id, id));
    expect(first).toEqual(await unprepared(1));
    expect(second).toEqual(await unprepared(2));
    expect(first[0]?.at).toEqual(new Date('2026-06-10T08:00:00Z'));
    expect(first[0]?.doc).toEqual({ k: [1, null, 'x'] });
  });

  it('answers exactly as PGlite.query, with the caller’s parsers over PGlite’s', async () => {
    const statements = pgliteStatementsOf(database.pglite);
    const text =
      'select id, at, day, tags, doc, price, flag, $1::int + 1 as next from things where id >= $1 order by id';
    for (const options of [driverOptions, { rowMode: 'object' as const }, undefined]) {
      const mine = await statements.query(text, [1], options);
      const theirs = await database.pglite.query(text, [1], options);
      expect(mine).toEqual(theirs);
    }
    const [row] = (await statements.query<unknown[]>(text, [2], driverOptions)).rows;
    expect(row?.[1]).toBe('2026-01-01 00:00:00.123+00');
  });

  it('throws PostgreSQL’s error with the statement, and the next statement runs', async () => {
    const statements = pgliteStatementsOf(database.pglite);
    const failing = 'insert into things (id, at) values ($1, now())';
    await expect(statements.query(failing, [1])).rejects.toMatchObject({
      code: '23505',
      query: failing,
      params: [1],
    });
    await expect(statements.query('select count(*)::int as n from things', [])).resolves.toMatchObject({
      rows: [{ n: 2 }],
    });
  });

  it('prepares a statement again after it was deallocated or its result type changed', async () => {
    const statements = pgliteStatementsOf(database.pglite);
    await database.pglite.exec('create table shifting (a int); insert into shifting values (7);');
    const text = 'select * from shifting where $1::int is not null';
    expect((await statements.query(text, [1])).rows).toEqual([{ a: 7 }]);

    await database.pglite.exec('deallocate all');
    expect((await statements.query(text, [1])).rows).toEqual([{ a: 7 }]);

    await database.pglite.exec('alter table shifting alter column a type text');
    expect((await statements.query(text, [1])).rows).toEqual([{ a: '7' }]);
    expect(statements.isPrepared(text)).toBe(true);
  });

  it('never runs inside another caller’s transaction', async () => {
    let inTransaction!: () => void;
    const started = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    let rollBack!: () => void;
    const rollingBack = new Promise<void>((resolve) => {
      rollBack = resolve;
    });
    const rolledBack = database.pglite
      .transaction(async (tx) => {
        await tx.query(`insert into things (id, at) values (99, now())`);
        inTransaction();
        // Open until the count below was asked.
        await rollingBack;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await started;
    // The count is asked once it queues for PGlite's transaction lock (or, were it to skip that
    // lock, once it answered from inside the open transaction).
    const pglite = database.pglite;
    const exclusive = pglite._runExclusiveTransaction.bind(pglite);
    let queued!: () => void;
    const asked = new Promise<void>((resolve) => {
      queued = resolve;
    });
    const lock = vi.spyOn(pglite, '_runExclusiveTransaction').mockImplementation(((
      fn: () => Promise<unknown>,
    ) => {
      queued();
      return exclusive(fn);
    }) as typeof exclusive);
    try {
      // Asked while the transaction holds its uncommitted row: answered after it, without that row.
      const counting = countThings(database.db).execute();
      await Promise.race([asked, counting]);
      rollBack();
      const [counted] = await counting;
      expect(await rolledBack).toBe('rolled back');
      expect(counted?.n).toBe(2);
    } finally {
      lock.mockRestore();
    }
  });
});
