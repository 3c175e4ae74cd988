/**
 * Benchmark of the competition search (`POST /api/competitions/search_competitions`) on 20,000
 * competitions, on PGlite and on PostgreSQL: p50/p95 latency of single requests and requests
 * per second with several in flight, through the whole app (auth, validation, SQL, user data,
 * serialisation) by inject(). Twice: a mix of 13 searches asked again and again (the answers
 * the search cache holds, docs/decisions/132), then searches never asked before (each one a
 * cache miss), with the share of cache hits of each.
 *
 *   npm run bench:search                       # both databases
 *   BENCH_DB=pglite npm run bench:search       # one of them
 *   TEST_DATABASE_URL=postgres://…/test npm run bench:search
 *   BENCH_DETAIL=1 npm run bench:search        # the mean of ten of each search of the mix too
 *   BENCH_KEEP=1 …                             # keep the PostgreSQL database to inspect plans
 *   BENCH_MIX_ONLY=1 …                         # only the mix (the kept answers), not the new searches
 *   BENCH_CPU_PROF=/tmp/search …               # V8 CPU profiles of both phases with 8 in flight,
 *                                              # written to /tmp/search-<database>.cpuprofile (the mix)
 *                                              # and /tmp/search-<database>-new.cpuprofile
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the admin
 * connection; the benchmark creates its own database and drops it at the end.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import {
  CAT_CLASSES,
  CAT_ETA_VALUES,
  drawKeys,
  foldText,
  PROVINCES,
  type SearchCompetitionsBody,
  TIPI_TORNEO,
} from '@radar/shared';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { createDevMailbox } from '../../apps/server/src/channels/email/mailer';
import { loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import {
  competitions,
  filters,
  subscriptions,
  tournamentItems,
  tournaments,
  users,
} from '../../apps/server/src/db/schema';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/modules/auth/sessions';
import {
  type SearchCacheStats,
  searchCacheOf,
} from '../../apps/server/src/modules/competitions/search-cache';
import { backendCpu, cpuSince, runOnDatabases } from '../support/databases';
import { prng } from '../support/prng';

const COMPETITIONS = Number(process.env.BENCH_COMPETITIONS ?? 20_000);
const SEQUENTIAL = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = 8;
const THROUGHPUT_MS = 8_000;
const NOW = new Date('2026-06-10T08:00:00Z');
const DAY = 86_400_000;

const WORDS = ['Open', 'Memorial', 'Coppa', 'Trofeo', 'Torneo', 'Challenge', 'Gran Premio', 'Circuito'];
const CITIES = [
  'Roma',
  'Milano',
  'Napoli',
  'Torino',
  'Bari',
  'Firenze',
  'Bologna',
  'Verona',
  'Lecce',
  'Cagliari',
];

async function seed(database: Database): Promise<{ cookie: string }> {
  const random = prng(20_000);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const { db } = database;
  const day = (offset: number) => new Date(NOW.getTime() + offset * DAY).toISOString().slice(0, 10);
  for (let start = 0; start < COMPETITIONS; start += 500) {
    const rows: (typeof competitions.$inferInsert)[] = [];
    const draws: (typeof tournaments.$inferInsert)[] = [];
    const items: (typeof tournamentItems.$inferInsert)[] = [];
    for (let i = start; i < Math.min(COMPETITIONS, start + 500); i++) {
      const province = pick(PROVINCES);
      const guid =
        `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${randomBytes(6).toString('hex')}`.toUpperCase();
      const offset = Math.floor(random() * 400) - 180;
      const length = Math.floor(random() * 10);
      const tournamentCount = 1 + Math.floor(random() * 3);
      const compDraws = Array.from({ length: tournamentCount }, () => ({
        type: pick(TIPI_TORNEO),
        categoryClass: pick(CAT_CLASSES),
        ageCategory: pick(CAT_ETA_VALUES),
      }));
      const city = pick(CITIES);
      const name = `${pick(WORDS)} ${city} ${i}`;
      const club = `Tennis Club ${pick(CITIES)} ${i % 97}`;
      const closes = new Date(NOW.getTime() + (offset - 1) * DAY);
      rows.push({
        guid,
        name,
        club,
        city,
        provinceSigla: province.sigla,
        provinceId: province.id,
        regionId: province.regionId,
        startDate: day(offset),
        endDate: day(offset + length),
        codFonte: random() < 0.7 ? 1 : random() < 0.66 ? 2 : 3,
        idStato: 4,
        tipoTorneo: compDraws[0]?.type ?? null,
        catClass: compDraws[0]?.categoryClass ?? null,
        catEta: compDraws[0]?.ageCategory ?? null,
        drawKeys: drawKeys(compDraws),
        prizeMoney: random() < 0.5 ? 0 : Math.floor(random() * 60) * 50,
        registrationOpensAt: new Date(closes.getTime() - 20 * DAY),
        registrationClosesAt: closes,
        searchText: foldText(`${name} ${club} ${city}`),
        participantsCount: Math.floor(random() * 40),
        addedAt: random() < 0.05 ? new Date(NOW.getTime() - random() * 4 * DAY) : null,
        firstSeenAt: NOW,
        listSyncedAt: NOW,
        updatedAt: NOW,
      });
      compDraws.forEach((draw, ordinal) => {
        const uuid = `${guid.slice(0, 24)}${String(ordinal).padStart(12, '0')}`;
        draws.push({
          uuid,
          competitionGuid: guid,
          ordinal,
          description: `${draw.type} ${draw.categoryClass}a categoria`,
          ...draw,
          participantsCount: 10,
          firstSeenAt: NOW,
          updatedAt: NOW,
        });
        if (random() < 0.4) {
          items.push({
            tournamentUuid: uuid,
            kind: 'document',
            itemKey: `locandina-${uuid}.pdf`,
            competitionGuid: guid,
            title: 'Locandina',
            url: 'https://example.org/locandina.pdf',
            publishedAt: new Date(NOW.getTime() - random() * 30 * DAY),
            firstSeenAt: NOW,
          });
        }
      });
    }
    await db.insert(competitions).values(rows);
    await db.insert(tournaments).values(draws);
    if (items.length) await db.insert(tournamentItems).values(items);
  }
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.it', emailVerifiedAt: NOW })
    .returning();
  if (!user) throw new Error('no user');
  await db.insert(filters).values([
    { userId: user.id, name: 'Lazio', regionId: 12 },
    { userId: user.id, name: 'Roma 4a', regionId: 12, provinceId: 58, catClass: 4 },
    { userId: user.id, name: 'Premi', prize: 1001, timePeriod: 'next_3_months' },
    { userId: user.id, name: 'Donne', tipoTorneo: 'Femminile', idStatopuc: 3 },
    { userId: user.id, name: 'Lombardia TPRA', regionId: 3, codFonte: 2 },
  ]);
  const someDraws = await db.select().from(tournaments).limit(30);
  await db
    .insert(subscriptions)
    .values(
      someDraws.map((t) => ({ userId: user.id, competitionGuid: t.competitionGuid, tournamentUuid: t.uuid })),
    );
  const { token } = await createSession(db, user.id, {}, new Date());
  if (database.driver === 'postgres') await database.pool.query('analyze');
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** The mix of searches a user makes on /explore. */
const SEARCHES: SearchCompetitionsBody[] = [
  {},
  { page: 3 },
  { filters: { regionId: 12 } },
  { filters: { regionId: 12, provinceId: 58 } },
  { filters: { idStatopuc: 3 } },
  { filters: { tipoTorneo: 'Femminile', catClass: 4 } },
  { filters: { timePeriod: 'next_month', prize: 1001 } },
  { filters: { codFonte: 2, catEta: 'veterani' } },
  { search: 'memorial roma' },
  { search: 'tennis club', filters: { regionId: 3 } },
  { view: 'schedule', filters: { timePeriod: 'this_week' } },
  { view: 'overview', filters: { regionId: 19 } },
  { view: 'documents' },
];

/**
 * Searches no two alike (regions × statuses × prize bands × pages, with and without free text):
 * each request misses the search cache, as the long tail of real searches does.
 */
const DISTINCT: SearchCompetitionsBody[] = (() => {
  const regions = [...new Set(PROVINCES.map((p) => p.regionId))];
  const bodies: SearchCompetitionsBody[] = [];
  for (const page of [1, 2, 3, 4]) {
    for (const idStatopuc of [0, 1, 2, 3, 4] as const) {
      for (const prize of [0, 500, 1000, 1001] as const) {
        for (const regionId of regions) bodies.push({ page, filters: { regionId, idStatopuc, prize } });
        bodies.push({
          page,
          search: WORDS[(idStatopuc + prize) % WORDS.length],
          filters: { idStatopuc, prize },
        });
      }
    }
  }
  return bodies;
})();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(label: string, database: Database): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  const { cookie } = await seed(database);
  const seedSeconds = (performance.now() - started) / 1000;
  // Production: the app as it runs for users (e.g. the search's answers serialised as built).
  // SMTP_URL only satisfies production's check: mail goes to the dev mailbox passed below.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    SMTP_URL: 'smtp://127.0.0.1:25',
  });
  const app = await buildApp({
    config,
    database,
    queue: null,
    mailer: createDevMailbox(database.db, config.mailFrom, pino({ level: 'silent' })),
    logger: false,
    now: () => NOW,
  });
  await app.ready();
  const call = async (body: SearchCompetitionsBody) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/competitions/search_competitions',
      headers: { cookie },
      payload: body,
    });
    if (response.statusCode !== 200)
      throw new Error(`search answered ${response.statusCode}: ${response.body}`);
  };

  for (const body of SEARCHES) await call(body); // warm-up
  if (process.env.BENCH_DETAIL) {
    for (const body of SEARCHES) {
      const t = performance.now();
      for (let i = 0; i < 10; i++) await call(body);
      console.log(`  ${((performance.now() - t) / 10).toFixed(1)} ms  ${JSON.stringify(body)}`);
    }
  }
  /**
   * Requests of `bodies` (the i-th request sends bodies(i)), one at a time for `count` requests
   * or `inFlight` at a time for THROUGHPUT_MS: latencies, req/s and CPU per request.
   */
  const phase = async (bodies: (i: number) => SearchCompetitionsBody, inFlight: number, profile?: string) => {
    const times: number[] = [];
    const profiler = profile ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const cpuBefore = process.cpuUsage();
    const dbBefore = await backendCpu(database);
    const t0 = performance.now();
    const until = t0 + THROUGHPUT_MS;
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (inFlight === 1 ? next < SEQUENTIAL : performance.now() < until) {
          const body = bodies(next++);
          const started = performance.now();
          await call(body);
          times.push(performance.now() - started);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    if (profiler && profile) {
      const { profile: written } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      await writeFile(profile, JSON.stringify(written));
    }
    const dbMs = cpuSince(dbBefore, await backendCpu(database)) / times.length;
    times.sort((a, b) => a - b);
    const figures = [50, 95, 99].map((p) => `p${p} ${percentile(times, p).toFixed(1)} ms`).join(', ');
    const appMs = (cpu.user + cpu.system) / 1000 / times.length;
    const dbCpu = database.driver === 'postgres' ? `, database CPU ${dbMs.toFixed(1)} ms/req` : '';
    return `${inFlight} in flight: ${figures}, ${(times.length / seconds).toFixed(0)} req/s, app CPU ${appMs.toFixed(1)} ms/req${dbCpu}`;
  };
  const cache = searchCacheOf(database.db);
  const hitRatio = (before: SearchCacheStats) => {
    const hits = cache.stats.hits - before.hits;
    const all = hits + cache.stats.misses - before.misses + cache.stats.bypassed - before.bypassed;
    return `cache hits ${((100 * hits) / Math.max(1, all)).toFixed(0)}%`;
  };

  const repeated = (i: number) => SEARCHES[i % SEARCHES.length] as SearchCompetitionsBody;
  const repeatedStats = { ...cache.stats };
  const repeatedFigures = [
    await phase(repeated, 1),
    await phase(
      repeated,
      CONCURRENCY,
      process.env.BENCH_CPU_PROF ? `${process.env.BENCH_CPU_PROF}-${database.driver}.cpuprofile` : undefined,
    ),
    hitRatio(repeatedStats),
  ];
  if (process.env.BENCH_MIX_ONLY) {
    await app.close();
    console.log(`${label.padEnd(11)} | load average ${loadavg()[0]?.toFixed(1)}`);
    console.log(`  the ${SEARCHES.length} searches again and again | ${repeatedFigures.join(' | ')}`);
    return;
  }
  // Every request a search not asked before: the cost of the answers the cache does not hold.
  let offset = 0;
  const distinct = (i: number) => DISTINCT[(offset + i) % DISTINCT.length] as SearchCompetitionsBody;
  const distinctStats = { ...cache.stats };
  const sequentialDistinct = await phase(distinct, 1);
  offset = SEQUENTIAL;
  const distinctFigures = [
    sequentialDistinct,
    await phase(
      distinct,
      CONCURRENCY,
      process.env.BENCH_CPU_PROF
        ? `${process.env.BENCH_CPU_PROF}-${database.driver}-new.cpuprofile`
        : undefined,
    ),
    hitRatio(distinctStats),
  ];
  await app.close();

  console.log(
    [
      label.padEnd(11),
      `${COMPETITIONS.toLocaleString('en')} competitions (seeded in ${seedSeconds.toFixed(1)} s)`,
      `load average ${loadavg()[0]?.toFixed(1)}`,
    ].join(' | '),
  );
  console.log(`  the ${SEARCHES.length} searches again and again | ${repeatedFigures.join(' | ')}`);
  console.log(`  every search a new one         | ${distinctFigures.join(' | ')}`);
}

console.log(
  `Search benchmark: ${SEQUENTIAL} sequential requests, then ${THROUGHPUT_MS / 1000} s with ${CONCURRENCY} in flight; first the mix of ${SEARCHES.length} searches (the answers the cache holds), then searches never asked before (${DISTINCT.length.toLocaleString('en')} of them).`,
);
await runOnDatabases('search', measure, { poolSize: CONCURRENCY + 2 });
