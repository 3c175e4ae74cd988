/**
 * Benchmark of the matching engine (docs/decisions/040): 200,000 users with 500,000 filters
 * spread like real users' (mostly region + type + category; some broad), then a batch of 1,000
 * new competitions recorded by "ingestion". Measures, from the batch being recorded to every
 * notification written (notifications, their deliveries and delivery jobs):
 *
 * - the engine: `runMatching` (one set-based query per batch, `createNotifications`);
 * - the naive way: load every enabled filter, loop `matchFilter` in JavaScript, group per user
 *   and competition, `createNotifications` with the same items;
 *
 * with the time and the peak memory (RSS and V8 heap) of each, on PostgreSQL and on PGlite, and
 * checks that both wrote the same notifications.
 *
 *   npm run bench:matching                      # both databases, full size
 *   npm run bench:matching -- --small           # 2,000 users, 5,000 filters, 100 competitions
 *   BENCH_DB=postgres npm run bench:matching    # one database (postgres | pglite)
 *   BENCH_USERS=… BENCH_FILTERS=… BENCH_COMPETITIONS=…   # any size
 *   BENCH_EXPLAIN=1 …                           # EXPLAIN ANALYZE of the matching query (PostgreSQL)
 *   BENCH_KEEP=1 …                              # keep the PostgreSQL database to inspect it
 *   BENCH_NAIVE=0 …                             # the engine only (no naive comparison)
 *   BENCH_MATCH_BATCH=… …                       # events per matching transaction (default 100)
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the admin
 * connection; the benchmark creates its own database and drops it at the end.
 */

import { readFileSync } from 'node:fs';
import {
  CAT_ETA_VALUES,
  type CatClass,
  type CatEta,
  type DrawDescriptor,
  drawKeys,
  FILTER_REASONS,
  type FilterReason,
  filterReasons,
  foldText,
  type MatchableCompetition,
  matchFilter,
  PROVINCES,
  type TipoTorneo,
} from '@radar/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { competitions, filters, notifications, tournaments } from '../../apps/server/src/db/schema';
import { declareDeliveryQueues } from '../../apps/server/src/jobs';
import { createQueue } from '../../apps/server/src/jobs/queue';
import { newCompetitionEvent } from '../../apps/server/src/modules/events/events';
import { criteriaOfFilterRow, matchInstant } from '../../apps/server/src/modules/filters/filter-sql';
import { insertEvents } from '../../apps/server/src/modules/ingestion/ingestion.repository';
import { userMatchesQuery } from '../../apps/server/src/modules/matching/matching.repository';
import { newTournamentDedupeKey, runMatching } from '../../apps/server/src/modules/matching/matching.service';
import { DELIVERY_QUEUES } from '../../apps/server/src/modules/notifications/delivery-queues';
import {
  createNotifications,
  type NewNotification,
} from '../../apps/server/src/modules/notifications/notifications.service';
import { runOnDatabases } from '../support/databases';
import { prng } from '../support/prng';
import { printTrace, traceQueries } from '../support/trace';

const SMALL = process.argv.includes('--small') || process.env.BENCH_SMALL === '1';
const USERS = Number(process.env.BENCH_USERS ?? (SMALL ? 2_000 : 200_000));
const FILTERS = Number(process.env.BENCH_FILTERS ?? (SMALL ? 5_000 : 500_000));
const COMPETITIONS = Number(process.env.BENCH_COMPETITIONS ?? (SMALL ? 100 : 1_000));
/**
 * The naive way loops over every (filter, competition) pair: at full size (450 million calls of
 * matchFilter) it would run for many minutes, so it runs on this many of the competitions and
 * its time is extrapolated linearly (the loop and the writes grow with the competitions; loading
 * the filters does not).
 */
const NAIVE_COMPETITIONS = Math.min(COMPETITIONS, Number(process.env.BENCH_NAIVE_COMPETITIONS ?? 100));
/** Events per matching transaction (`BENCH_MATCH_BATCH`; the engine's default, 100, without it). */
const MATCH_BATCH = process.env.BENCH_MATCH_BATCH ? Number(process.env.BENCH_MATCH_BATCH) : undefined;
/** Wednesday 10 June 2026, 10:00 in Rome. */
const NOW = new Date('2026-06-10T08:00:00Z');
const DAY = 86_400_000;
const silent = pino({ level: 'silent' });

/** Rough share of players per region (ISTAT code → weight), so Lombardy has more than Molise. */
const REGION_WEIGHT: Record<number, number> = {
  1: 7,
  2: 1,
  3: 16,
  4: 2,
  5: 8,
  6: 2,
  7: 3,
  8: 8,
  9: 7,
  10: 2,
  11: 3,
  12: 10,
  13: 2,
  14: 1,
  15: 9,
  16: 6,
  17: 1,
  18: 3,
  19: 7,
  20: 3,
};

/** Provinces repeated by weight (region weight shared among its provinces), for weighted picks. */
function weightedProvinces(): { id: number; regionId: number }[] {
  const slots: { id: number; regionId: number }[] = [];
  for (const [region, weight] of Object.entries(REGION_WEIGHT)) {
    const list = PROVINCES.filter((p) => p.regionId === Number(region));
    const each = Math.max(1, Math.round((weight * 60) / list.length));
    for (const p of list) for (let i = 0; i < each; i++) slots.push({ id: p.id, regionId: p.regionId });
  }
  return slots;
}

/** Draw types and categories, most common first (repeats are weights). */
const TYPE_SLOTS: TipoTorneo[] = [
  'Maschile',
  'Maschile',
  'Maschile',
  'Maschile',
  'Femminile',
  'Femminile',
  'Femminile',
  'DoppioM',
  'DoppioF',
  'Misto',
];
const CLASS_SLOTS: CatClass[] = [4, 4, 4, 4, 4, 3, 3, 3, 2, 1];
const ETA_SLOTS: CatEta[] = [
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'giovanili',
  'giovanili',
  'veterani',
  'veterani',
];

const sqlText = (list: readonly (string | number)[]) =>
  `array[${list.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(',')}]`;

/**
 * Users and filters with set-based SQL (generate_series; a hash of the row number for the
 * random choices). Kinds of filter (share of all filters), as players set them up: their area,
 * their own draw and category, and mostly a near time window:
 * - 55% region + draw type + category class + age category (a third of them narrowed to a
 *   province); 70% "next month", 20% "next 3 months"; 30% only while registration is open;
 * - 25% province + draw type + class (half with an age category); "next month" or "next 3 months";
 * - 10% region + draw type, "next month", registration open;
 * - 7% nationwide draw type + class + age, prize over 1000 €, "next month";
 * - 3% broad: region only in the next month, region + TPRA, or prize over 1000 € in the next month.
 * One in ten is turned off. Each user has 2 or 3 filters.
 */
async function seedFilters(database: Database): Promise<void> {
  const { db } = database;
  const provinces = weightedProvinces();
  await db.execute(
    sql.raw(`create table bench_provinces as
    select * from unnest(${sqlText(provinces.map((p) => p.id))}::int[], ${sqlText(provinces.map((p) => p.regionId))}::int[])
      with ordinality as t(province_id, region_id, slot)`),
  );
  await db.execute(
    sql.raw(`insert into users (username, email, email_verified_at, password_hash)
    select 'bench_' || g, 'bench_' || g || '@example.it', now(), null from generate_series(1, ${USERS}) g`),
  );
  // Row number → user id, in a table so the filters' insert can join it.
  await db.execute(
    sql.raw(`create table bench_users as
    select row_number() over (order by username) as n, id from users where username like 'bench\\_%'`),
  );
  await db.execute(sql.raw('create index on bench_users (n)'));
  const slots = provinces.length;
  // h(k): a number 0..999 for row g and choice k.
  const h = (k: number) => `(abs(hashint8(g::bigint * 31 + ${k})) % 1000)`;
  const pick = (list: readonly (string | number)[], k: number, cast: string) =>
    `(${sqlText(list)}::${cast}[])[1 + ${h(k)} % ${list.length}]`;
  const kind = `(${h(0)} % 100)`;
  await db.execute(
    sql.raw(`insert into filters (user_id, name, notifications_enabled, cod_fonte, id_statopuc,
      region_id, province_id, prize, tipo_torneo, cat_class, cat_eta, time_period)
    select u.id, 'filter ' || g, ${h(9)} % 10 <> 0,
      case when k = 98 then 2 else 0 end,
      case when (k < 55 and ${h(7)} % 10 < 3) or (k >= 80 and k < 90) then 3 else 0 end,
      case when k < 55 or (k >= 80 and k < 90) or k in (97, 98) then p.region_id end,
      case when (k < 55 and ${h(3)} % 3 = 0) or (k >= 55 and k < 80) then p.province_id end,
      case when (k >= 90 and k < 97) or k = 99 then 1001 else 0 end,
      case when k < 97 then ${pick(TYPE_SLOTS, 2, 'text')} end,
      case when k < 80 or (k >= 90 and k < 97) then ${pick(CLASS_SLOTS, 4, 'int')} end,
      case when k < 55 or (k >= 90 and k < 97) or (k >= 55 and k < 80 and ${h(5)} % 2 = 0) then ${pick(ETA_SLOTS, 6, 'text')} end,
      case
        when k < 55 and ${h(10)} % 10 < 7 then 'next_month'
        when k < 55 and ${h(10)} % 10 < 9 then 'next_3_months'
        when k >= 55 and k < 80 and ${h(10)} % 2 = 0 then 'next_3_months'
        when k = 98 then 'all'
        when k >= 55 then 'next_month'
        else 'all' end
    from (select g, ${kind} as k from generate_series(1, ${FILTERS}) g) s
    join bench_users u on u.n = 1 + (g - 1) % ${USERS}
    join bench_provinces p on p.slot = 1 + ${h(1)} % ${slots}`),
  );
  await db.execute(sql.raw('drop table bench_users'));
  await db.execute(sql.raw('drop table bench_provinces'));
  // As autovacuum leaves a table that changes as rarely as filters: statistics and the visibility
  // map set, so the matching query reads its candidates from the covering index alone (an
  // index-only scan, decision 133; with `analyze` only, PostgreSQL visits every candidate's row).
  await db.execute(sql.raw('vacuum analyze'));
}

type BatchCompetition = MatchableCompetition & { guid: string; name: string };

/** The batch of new competitions: spread over Italy by weight, over the next six months, 1 to 3 draws. */
function makeBatch(): BatchCompetition[] {
  const random = prng(1_000);
  const provinces = weightedProvinces();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const day = (offset: number) => new Date(NOW.getTime() + offset * DAY).toISOString().slice(0, 10);
  return Array.from({ length: COMPETITIONS }, (_, i) => {
    const province = pick(provinces);
    const start = 5 + Math.floor(random() * 180);
    const draws: DrawDescriptor[] = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      type: pick(TYPE_SLOTS),
      categoryClass: pick(CLASS_SLOTS),
      ageCategory: random() < 0.9 ? pick(ETA_SLOTS) : pick(CAT_ETA_VALUES),
    }));
    const open = random() < 0.4;
    return {
      guid: `BENCH-${String(i).padStart(6, '0')}-0000-4000-8000-000000000000`,
      name: `Torneo di prova ${i}`,
      regionId: province.regionId,
      provinceId: province.id,
      codFonte: random() < 0.7 ? 1 : random() < 0.7 ? 2 : 3,
      startDate: day(start),
      endDate: day(start + Math.floor(random() * 10)),
      prizeMoney: random() < 0.5 ? 0 : Math.floor(random() * 40) * 50,
      idStato: open ? 3 : 4,
      registrationOpensAt: open ? new Date(NOW.getTime() - 3 * DAY) : new Date(NOW.getTime() + 2 * DAY),
      registrationClosesAt: new Date(NOW.getTime() + (start - 1) * DAY),
      draws,
      venuePoint: null,
    };
  });
}

/** Records the batch as ingestion does after the detail reads: competitions, draws, events. */
async function recordBatch(database: Database, batch: BatchCompetition[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < batch.length; i += 500) {
      const slice = batch.slice(i, i + 500);
      await tx.insert(competitions).values(
        slice.map((c) => ({
          guid: c.guid,
          name: c.name,
          regionId: c.regionId,
          provinceId: c.provinceId,
          startDate: c.startDate,
          endDate: c.endDate,
          codFonte: c.codFonte,
          idStato: c.idStato,
          tipoTorneo: c.draws[0]?.type ?? null,
          catClass: c.draws[0]?.categoryClass ?? null,
          catEta: c.draws[0]?.ageCategory ?? null,
          drawKeys: drawKeys(c.draws),
          prizeMoney: c.prizeMoney,
          registrationOpensAt: c.registrationOpensAt,
          registrationClosesAt: c.registrationClosesAt,
          searchText: foldText(c.name),
          addedAt: NOW,
          firstSeenAt: NOW,
          listSyncedAt: NOW,
          updatedAt: NOW,
          detailStatus: 'found' as const,
          detailSyncedAt: NOW,
        })),
      );
      await tx.insert(tournaments).values(
        slice.flatMap((c) =>
          c.draws.map((d, ordinal) => ({
            uuid: `${c.guid}-T${ordinal}`,
            competitionGuid: c.guid,
            ordinal,
            description: `${d.type} ${d.categoryClass}a categoria`,
            type: d.type,
            categoryClass: d.categoryClass,
            ageCategory: d.ageCategory,
            firstSeenAt: NOW,
            updatedAt: NOW,
          })),
        ),
      );
      const events = slice.map((c) =>
        newCompetitionEvent(c.guid, {
          competitionName: c.name,
          startDate: c.startDate,
          endDate: c.endDate,
          regionId: c.regionId,
          provinceId: c.provinceId,
          codFonte: c.codFonte,
        }),
      );
      await insertEvents(tx, events, NOW);
    }
  });
}

/** Peak RSS and heap while `work` runs (sampled every 20 ms, and at the end). */
async function withPeakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; rss: number; heap: number }> {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, ms: performance.now() - started, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

/** The naive way: every enabled filter in memory, `matchFilter` for each pair, grouped in JavaScript. */
async function naiveMatching(
  database: Database,
  queue: Awaited<ReturnType<typeof createQueue>>,
  guids: string[],
) {
  const { db } = database;
  const started = performance.now();
  const rows = await db.select().from(filters).where(eq(filters.notificationsEnabled, true));
  const loadMs = performance.now() - started;
  const stored = await db.select().from(competitions).where(inArray(competitions.guid, guids));
  const draws = await db.select().from(tournaments).where(inArray(tournaments.competitionGuid, guids));
  const drawsOf = new Map<string, DrawDescriptor[]>();
  for (const d of draws) {
    const list = drawsOf.get(d.competitionGuid) ?? [];
    list.push({ type: d.type, categoryClass: d.categoryClass, ageCategory: d.ageCategory });
    drawsOf.set(d.competitionGuid, list);
  }
  const criteria = rows.map((row) => ({ userId: row.userId, criteria: criteriaOfFilterRow(row) }));
  const items: NewNotification[] = [];
  for (const c of stored) {
    const competition: MatchableCompetition = {
      ...c,
      draws: [
        { type: c.tipoTorneo, categoryClass: c.catClass, ageCategory: c.catEta },
        ...(drawsOf.get(c.guid) ?? []),
      ],
      venuePoint: c.venueLat === null || c.venueLng === null ? null : { lat: c.venueLat, lng: c.venueLng },
    };
    const byUser = new Map<string, { count: number; reasons: Set<FilterReason> }>();
    for (const f of criteria) {
      if (!matchFilter(f.criteria, competition, NOW).matches) continue;
      const entry = byUser.get(f.userId) ?? { count: 0, reasons: new Set<FilterReason>() };
      entry.count++;
      for (const reason of filterReasons(f.criteria)) entry.reasons.add(reason);
      byUser.set(f.userId, entry);
    }
    for (const [userId, entry] of byUser) {
      items.push({
        userId,
        type: 'new_tournament',
        dedupeKey: newTournamentDedupeKey(c.guid),
        params: {
          tournamentName: c.name,
          competitionGuid: c.guid,
          reasons: FILTER_REASONS.filter((r) => entry.reasons.has(r)),
          matchingFilters: entry.count,
        },
      });
    }
  }
  const matchingMs = performance.now() - started;
  const { created } = await db.transaction((tx) => createNotifications(tx, items, { queue }));
  const totalMs = performance.now() - started;
  return { notifications: created.length, filters: rows.length, loadMs, matchingMs, totalMs };
}

/** What was written, to compare the two ways: count, filters matched, and a digest of every notification. */
async function written(database: Database, guids: string[]) {
  const keys = guids.map(newTournamentDedupeKey);
  const result = (await database.db.execute(sql`select count(*)::int as n,
      coalesce(sum((params->>'matchingFilters')::int), 0)::int as filters,
      md5(coalesce(string_agg(user_id::text || dedupe_key || (params->'reasons')::text || (params->>'matchingFilters'), ',' order by user_id, dedupe_key), '')) as digest,
      (select count(*)::int from notification_deliveries) as deliveries
    from notifications where type = 'new_tournament' and dedupe_key in ${keys}`)) as unknown as {
    rows: { n: number; filters: number; digest: string; deliveries: number }[];
  };
  return result.rows[0] as { n: number; filters: number; digest: string; deliveries: number };
}

async function clearNotifications(database: Database) {
  // Email delivery rows list their notifications (no cascade reaches them, decision 131).
  await database.db.execute(sql`delete from notification_deliveries`);
  await database.db.delete(notifications);
  await database.db.execute(
    sql.raw(
      `delete from pgboss.job where name in (${Object.values(DELIVERY_QUEUES)
        .map((q) => `'${q}'`)
        .join(',')})`,
    ),
  );
}

/** PostgreSQL's WAL position (null on PGlite, whose WAL is not comparable). */
async function walPosition(database: Database): Promise<string | null> {
  if (database.driver !== 'postgres') return null;
  const result = (await database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
    rows: { lsn: string }[];
  };
  return result.rows[0]?.lsn ?? null;
}

/**
 * CPU time (ms) used so far by the PostgreSQL backends of this database (from /proc, the server
 * being local), null when it cannot be read. A busy machine stretches wall time far more than the
 * CPU the work needs (decision 130), so the engine's database CPU is printed beside its time.
 */
async function backendCpuMs(database: Database): Promise<number | null> {
  if (database.driver !== 'postgres') return null;
  const { rows } = await database.pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  // USER_HZ is 100 on Linux.
  return ticks * 10;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const mb1 = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measure(label: string, database: Database): Promise<void> {
  const t0 = performance.now();
  await migrateDatabase(database);
  await seedFilters(database);
  const batch = makeBatch();
  const queue = createQueue(database, silent, { schedule: false });
  await queue.start();
  await declareDeliveryQueues(queue);
  // Put the cursor at the end of nothing: the consumer exists before the batch.
  await runMatching({ db: database.db, queue, now: () => NOW });
  const seeded = performance.now() - t0;
  const stats = (await database.db.execute(
    sql`select count(*)::int as n, count(*) filter (where notifications_enabled)::int as enabled from filters`,
  )) as unknown as { rows: { n: number; enabled: number }[] };
  console.log(
    `${label}: ${USERS.toLocaleString('en')} users, ${stats.rows[0]?.n.toLocaleString('en')} filters (${stats.rows[0]?.enabled.toLocaleString('en')} on), ${COMPETITIONS.toLocaleString('en')} new competitions; seeded in ${secs(seeded)}`,
  );

  await recordBatch(database, batch);
  if (process.env.BENCH_EXPLAIN && database.driver === 'postgres') {
    const query = userMatchesQuery(
      database.db,
      batch.map((c) => c.guid),
      matchInstant(NOW),
    ).toSQL();
    const plan = await database.pool.query(
      `explain (analyze, buffers) ${query.sql}`,
      query.params as unknown[],
    );
    // The list of guids is long: show the plan without it.
    const lines = plan.rows.map((r: Record<string, string>) =>
      (r['QUERY PLAN'] ?? '').replace(/'\{BENCH-[^}]*\}'/, "'{…}'"),
    );
    console.log(lines.join('\n'));
  }

  // The engine, from the batch recorded to every notification written.
  const guids = batch.map((c) => c.guid);
  const sample = guids.slice(0, NAIVE_COMPETITIONS);
  traceQueries();
  printTrace('seed', 0);
  const walBefore = await walPosition(database);
  const cpuBefore = await backendCpuMs(database);
  const nodeCpuBefore = process.cpuUsage();
  const engine = await withPeakMemory(() =>
    runMatching({ db: database.db, queue, now: () => NOW }, MATCH_BATCH ? { batchSize: MATCH_BATCH } : {}),
  );
  const nodeCpu = process.cpuUsage(nodeCpuBefore);
  const cpuAfter = await backendCpuMs(database);
  const walAfter = await walPosition(database);
  printTrace(`${label}, engine`, 6);
  const engineWritten = await written(database, guids);
  const engineSample = await written(database, sample);
  const { writeMs } = engine.result.timings;
  console.log(
    `  engine  ${secs(engine.ms).padStart(9)} | peak RSS ${mb(engine.rss)}, heap ${mb(engine.heap)} | ${engine.result.events} competitions, ${engineWritten.n.toLocaleString('en')} notifications (${engineWritten.filters.toLocaleString('en')} filters matched), ${engineWritten.deliveries.toLocaleString('en')} deliveries`,
  );
  console.log(
    `          split: matching and writing ${secs(writeMs)} (one statement per batch: matches, notifications, deliveries; then jobs), other ${secs(engine.ms - writeMs)} | ${Math.round((engineWritten.n / engine.ms) * 1000).toLocaleString('en')} notifications/s end to end, ${Math.round((engineWritten.n / writeMs) * 1000).toLocaleString('en')}/s written`,
  );

  console.log(
    `          CPU: database backends ${cpuBefore !== null && cpuAfter !== null ? secs(cpuAfter - cpuBefore) : 'n/a'}, this process ${secs((nodeCpu.user + nodeCpu.system) / 1000)}`,
  );
  if (walBefore !== null && walAfter !== null) {
    // What the engine wrote, which a busy machine does not change (decision 131): WAL and the
    // size of the tables it writes, with their indexes.
    const sizes = (await database.db.execute(sql`select
        pg_wal_lsn_diff(${walAfter}::pg_lsn, ${walBefore}::pg_lsn)::bigint as wal,
        pg_total_relation_size('notifications') as notifications,
        pg_total_relation_size('notification_deliveries') as deliveries`)) as unknown as {
      rows: { wal: string; notifications: string; deliveries: string }[];
    };
    const size = sizes.rows[0];
    console.log(
      `          written: WAL ${mb1(Number(size?.wal))} | notifications ${mb1(Number(size?.notifications))}, deliveries ${mb1(Number(size?.deliveries))} (tables with their indexes)`,
    );
  }

  // The engine's query alone (run again, warm), to tell matching from writing.
  const queryStarted = performance.now();
  const pairs = await userMatchesQuery(database.db, guids, matchInstant(NOW));
  const pairsMs = performance.now() - queryStarted;
  console.log(
    `          of which matching (the set-based query alone, run again): ${secs(pairsMs)} for ${pairs.length.toLocaleString('en')} user-competition pairs`,
  );

  const jobs = (await database.db.execute(
    sql.raw(
      `select count(*)::int as n from pgboss.job where name in (${Object.values(DELIVERY_QUEUES)
        .map((q) => `'${q}'`)
        .join(',')})`,
    ),
  )) as unknown as { rows: { n: number }[] };
  console.log(`          delivery jobs enqueued: ${(jobs.rows[0]?.n ?? 0).toLocaleString('en')}`);

  if (process.env.BENCH_NAIVE === '0') {
    // Skipped (for quick iterations on the engine): no comparison.
    await queue.stop({ graceful: false, close: database.driver === 'postgres' });
    return;
  }
  // The naive way, on the same data, after removing what the engine wrote.
  await clearNotifications(database);
  const naive = await withPeakMemory(() => naiveMatching(database, queue, sample));
  const naiveWritten = await written(database, sample);
  const scale = guids.length / sample.length;
  const naiveMs = naive.result.loadMs + (naive.result.totalMs - naive.result.loadMs) * scale;
  console.log(
    `  naive   ${secs(naiveMs).padStart(9)} | peak RSS ${mb(naive.rss)}, heap ${mb(naive.heap)} | ${naive.result.filters.toLocaleString('en')} filters loaded, ${naiveWritten.n.toLocaleString('en')} notifications for ${sample.length} competitions` +
      (scale > 1
        ? ` (measured ${secs(naive.ms)} on ${sample.length} competitions, extrapolated to ${guids.length})`
        : ''),
  );
  console.log(
    `          of which matching (loading the filters ${secs(naive.result.loadMs)}, then the JavaScript loop): ${secs(naive.result.loadMs + (naive.result.matchingMs - naive.result.loadMs) * scale)}`,
  );
  const same =
    naiveWritten.n === engineSample.n &&
    naiveWritten.filters === engineSample.filters &&
    naiveWritten.digest === engineSample.digest;
  console.log(
    `  speed-up ${(naiveMs / engine.ms).toFixed(1)}x end to end, ${((naive.result.loadMs + (naive.result.matchingMs - naive.result.loadMs) * scale) / pairsMs).toFixed(0)}x on matching alone | same notifications both ways (on the ${sample.length} competitions the naive way ran): ${same ? 'yes' : 'NO'}`,
  );
  if (!same) process.exitCode = 1;
  await queue.stop({ graceful: false, close: database.driver === 'postgres' });
}

console.log(
  `Matching benchmark${SMALL ? ' (small)' : ''}: the engine (one set-based query per batch) beside the naive way (load the filters, matchFilter in JavaScript); time and peak memory from the batch recorded to every notification written.`,
);
await runOnDatabases('matching', measure, { order: ['postgres', 'pglite'] });
