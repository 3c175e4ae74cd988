/**
 * `BENCH_TRACE=1`: where a benchmark's database time goes. Wraps drizzle's query execution
 * (both drivers) and sums the wall time of each statement text; `printTrace()` lists the
 * heaviest. A diagnostic only: it adds a little overhead, so leave it off for the figures.
 */
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

type Entry = { calls: number; ms: number };
const entries = new Map<string, Entry>();
let installed = false;

export function traceQueries(): void {
  if (installed || !process.env.BENCH_TRACE) return;
  installed = true;
  const proto = PgPreparedQuery.prototype as unknown as {
    queryWithCache: (query: string, params: unknown[], run: () => Promise<unknown>) => Promise<unknown>;
  };
  const original = proto.queryWithCache;
  proto.queryWithCache = async function (this: unknown, query, params, run) {
    const started = performance.now();
    try {
      return await original.call(this, query, params, run);
    } finally {
      const key = query.replace(/\s+/g, ' ').slice(0, 110);
      const entry = entries.get(key) ?? { calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += performance.now() - started;
      entries.set(key, entry);
    }
  };
}

export function printTrace(label: string, top = 12): void {
  if (!installed) return;
  const list = [...entries.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, top);
  console.log(`  ${label}: time per statement (wall, summed)`);
  for (const [query, { calls, ms }] of list) {
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(6)}× ${query}`);
  }
  entries.clear();
}
