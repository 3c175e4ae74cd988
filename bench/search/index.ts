/**
 * Benchmark of the competition search (`POST /api/competitions/search_competitions`) on 20,000
 * competitions, on PGlite and on PostgreSQL: p50/p95 latency of single requests and requests
 * per second with several in flight, through the whole app (auth, validation, SQL, user data,
 * serialisation) by inject().
 *
 *   npm run bench:search                       # both databases
 *   BENCH_DB=pglite npm run bench:search       # one of them
 *   TEST_DATABASE_URL=postgres://…/test npm run bench:search
 *   BENCH_DETAIL=1 npm run bench:search        # p50 of each kind of search too
 *   BENCH_KEEP=1 …                             # keep the PostgreSQL database to inspect plans
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the admin
 * connection; the benchmark creates its own database and drops it at the end.
 */
import { randomBytes } from 'node:crypto';
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
import { createDevMailbox } from '../../apps/server/src/delivery/email/mailer';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/modules/auth/sessions';
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
            itemId: 1,
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
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  const dbStart = await backendCpu(database);
  const bySearch = SEARCHES.map(() => [] as number[]);
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    await call(SEARCHES[i % SEARCHES.length] as SearchCompetitionsBody);
    const ms = performance.now() - t0;
    times.push(ms);
    bySearch[i % SEARCHES.length]?.push(ms);
  }
  const cpuSequential = process.cpuUsage(cpuStart);
  const dbSequentialMs = cpuSince(dbStart, await backendCpu(database)) / SEQUENTIAL;
  times.sort((a, b) => a - b);
  if (process.env.BENCH_DETAIL) {
    SEARCHES.forEach((body, i) => {
      const sorted = (bySearch[i] ?? []).sort((a, b) => a - b);
      console.log(`  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  ${JSON.stringify(body)}`);
    });
  }

  const cpuBefore = process.cpuUsage();
  const dbBefore = await backendCpu(database);
  const sequentialCpuMs = (cpuSequential.user + cpuSequential.system) / 1000 / SEQUENTIAL;
  const concurrentTimes: number[] = [];
  const until = performance.now() + THROUGHPUT_MS;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += CONCURRENCY) {
        const started = performance.now();
        await call(SEARCHES[i % SEARCHES.length] as SearchCompetitionsBody);
        concurrentTimes.push(performance.now() - started);
      }
    }),
  );
  const rps = concurrentTimes.length / ((performance.now() - t0) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const concurrentCpuMs = (cpu.user + cpu.system) / 1000 / concurrentTimes.length;
  const dbConcurrentMs = cpuSince(dbBefore, await backendCpu(database)) / concurrentTimes.length;
  const dbCpu = (ms: number) =>
    database.driver === 'postgres' ? `, database CPU ${ms.toFixed(1)} ms/req` : '';
  concurrentTimes.sort((a, b) => a - b);
  await app.close();

  const figures = (sorted: number[]) =>
    [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(1)} ms`).join(', ');
  console.log(
    [
      label.padEnd(11),
      `${COMPETITIONS.toLocaleString('en')} competitions (seeded in ${seedSeconds.toFixed(1)} s)`,
      `1 in flight: ${figures(times)}, ${(1000 / (times.reduce((a, b) => a + b, 0) / times.length)).toFixed(0)} req/s, app CPU ${sequentialCpuMs.toFixed(1)} ms/req${dbCpu(dbSequentialMs)}`,
      `${CONCURRENCY} in flight: ${figures(concurrentTimes)}, ${rps.toFixed(0)} req/s, app CPU ${concurrentCpuMs.toFixed(1)} ms/req${dbCpu(dbConcurrentMs)}`,
      `load average ${loadavg()[0]?.toFixed(1)}`,
    ].join(' | '),
  );
}

console.log(
  `Search benchmark: ${SEQUENTIAL} sequential requests (mix of ${SEARCHES.length} searches), then ${THROUGHPUT_MS / 1000} s with ${CONCURRENCY} in flight.`,
);
await runOnDatabases('search', measure, { poolSize: CONCURRENCY + 2 });
