/**
 * Named statements on PGlite (docs/decisions/135). PGlite's `query` sends every statement
 * unnamed, in six calls into the engine (parse, describe, bind, describe, execute, sync): the
 * statement is parsed, analysed and planned again each time, and each call costs a pass through
 * the protocol parser. Merging the driver's type parsers into PGlite's (some 200 entries) is a
 * copy per query too. For the hot reads of `preparedQuery` that was most of a kept search's CPU.
 *
 * Here a statement is parsed once per PGlite instance under a name (with its parameter and
 * result types read once), and each execution is one call: bind, execute, sync. The rows are
 * parsed as PGlite's `query` parses them (its own `parseResults`), with the parsers merged once.
 * PGlite's two locks (transactions, then queries) are taken as its `query` takes them, so a
 * statement never runs inside another caller's transaction.
 */
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type Parsers = PGlite['parsers'];
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Statement {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them. */
  paramTypes: number[];
  /** The result's row description (none for a statement without rows). */
  rowDescription: BackendMessage | null;
}

/** SQLSTATEs after which a statement is prepared again: gone, or its result's type changed. */
const PREPARE_AGAIN = new Set(['26000', '0A000']);

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const sync = protocol.serialize.sync();

export class PgliteStatements {
  private readonly statements = new Map<string, Statement>();
  private readonly merged = new WeakMap<object, Parsers>();
  private count = 0;
  /** Executions and preparations so far (tests, benchmarks). */
  readonly stats = { executions: 0, prepared: 0 };

  constructor(private readonly pglite: PGlite) {}

  /** The rows of `text` with `params`, as `PGlite.query(text, params, options)` returns them. */
  async query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const pglite = this.pglite;
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let messages: BackendMessage[];
        let statement: Statement;
        try {
          statement = await this.statementOf(text);
          messages = await this.run(statement, params, options);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === undefined || !PREPARE_AGAIN.has(code)) throw withQuery(error, text, params, options);
          // Deallocated or stale (a column's type changed under it): prepare it again, once.
          await this.forget(text);
          try {
            statement = await this.statementOf(text);
            messages = await this.run(statement, params, options);
          } catch (again) {
            throw withQuery(again, text, params, options);
          }
        }
        await pglite.syncToFs();
        const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
        const { parsers: _parsers, ...rest } = options;
        return parse.parseResults(described, this.parsersFor(options), rest)[0] as Results<T>;
      }),
    );
  }

  /** Whether `text` is prepared on this instance (tests). */
  isPrepared(text: string): boolean {
    return this.statements.has(text);
  }

  private async run(statement: Statement, params: unknown[], options: QueryOptions) {
    this.stats.executions++;
    const serializers = this.pglite.serializers;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] as number;
      const serialize = options.serializers?.[oid] ?? serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    const message = concat([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      sync,
    ]);
    return this.pglite.execProtocolStream(message, { syncToFs: false });
  }

  private async statementOf(text: string): Promise<Statement> {
    const known = this.statements.get(text);
    if (known) return known;
    const name = `rt_prepared_${++this.count}`;
    const messages = await this.pglite.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        sync,
      ]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    this.statements.set(text, statement);
    this.stats.prepared++;
    return statement;
  }

  private async forget(text: string): Promise<void> {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    await this.pglite
      .execProtocolStream(concat([protocol.serialize.close({ type: 'S', name: statement.name }), sync]), {
        syncToFs: false,
        throwOnError: false,
      })
      .catch(() => undefined);
  }

  /** PGlite's parsers with the caller's, merged once per options object (PGlite merges them per query). */
  private parsersFor(options: QueryOptions): Parsers {
    if (!options.parsers) return this.pglite.parsers;
    let parsers = this.merged.get(options);
    if (!parsers) {
      parsers = { ...this.pglite.parsers, ...options.parsers };
      this.merged.set(options, parsers);
    }
    return parsers;
  }
}

/** What PGlite's `query` adds to a database error: the statement, its parameters and options. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions) {
  if (error instanceof Error && 'severity' in error) {
    Object.assign(error, { query, params, queryOptions: options });
  }
  return error;
}

const instances = new WeakMap<PGlite, PgliteStatements>();

/** The named statements of a PGlite instance. */
export function pgliteStatementsOf(pglite: PGlite): PgliteStatements {
  let statements = instances.get(pglite);
  if (!statements) {
    statements = new PgliteStatements(pglite);
    instances.set(pglite, statements);
  }
  return statements;
}
