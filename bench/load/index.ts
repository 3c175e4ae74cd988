/**
 * Load test of the whole app over HTTP (issue 17): starts Radar Tornei on a fresh PostgreSQL
 * database with the bundled federation simulator's calendar (the simulator in its own process,
 * as the federation is another server), signs N users in through
 * `POST /api/login`, gives them filters, followed tournaments and notifications, then drives a
 * realistic mix of requests with autocannon for a bounded time at each level of concurrent
 * users (one connection per user, no think time: every user has a request in flight all the
 * time, so 100 users here is far heavier than 100 people browsing).
 *
 *   npm run bench:load
 *   BENCH_LOAD_USERS=20,100 BENCH_LOAD_SECONDS=20 npm run bench:load
 *   TEST_DATABASE_URL=postgres://…/test npm run bench:load
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:load   # the app's V8 CPU profile, written when it stops
 *
 * The mix, per user: search (several kinds, 40%), a competition's detail (20%), the inbox (15%),
 * my tournaments (15%), the home page `/api/home` (10%; skipped with a note while the route
 * answers 404). It prints req/s, p50/p95/p99 latency and errors (non-2xx answers, socket errors,
 * timeouts) per level, checks every route answered right once before the run, and fails (exit
 * code 1) on any error. Only ever against 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchCompetitionsBody } from '@radar/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { backendCpu, cpuSince, processCpu } from '../support/databases';
import { freePort, sleep, startSmtpSink, waitFor } from '../support/process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LEVELS = (process.env.BENCH_LOAD_USERS ?? '20,100').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const USERS = Math.max(...LEVELS);
const PASSWORD = 'load-test-password-1';
const P95_GOAL_MS = 200;

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The bundled federation simulator as its own process: the federation is another server, and
 * its work (answering the live detail reads) must not land on the app's event loop.
 */
function startSimulator(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'packages/fitp-simulator/src/cli.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SIM_PORT: String(port), SIM_HOST: '127.0.0.1' },
  });
}

/** The app as its own process (the load tool must not share its event loop). */
function startApp(
  databaseUrl: string,
  port: number,
  smtpUrl: string,
  fitpUrl: string,
  dataDir: string,
): ChildProcess {
  // BENCH_CPU_PROF=<dir>: the app writes a V8 CPU profile there when it stops (where its time went).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FITP_BASE_URL: fitpUrl,
      // Every user signs in from 127.0.0.1.
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000',
      // The pass at start-up loads the calendar; then none during the measurement (a daily
      // pass): the load test measures the API, not a pass running beside it.
      INGEST_INTERVAL_MINUTES: '1440',
    },
  });
  return child;
}

type Seeded = { cookies: string[]; guids: string[] };

/** Users with a password, filters, followed tournaments and a few notifications each; then signed in. */
async function seedUsers(client: pg.Client, base: string): Promise<Seeded> {
  const passwordHash = await hashPassword(PASSWORD);
  await client.query(
    `insert into users (username, email, password_hash, email_verified_at)
     select 'load_' || g, 'load_' || g || '@example.it', $1, now() from generate_series(1, $2) g`,
    [passwordHash, USERS],
  );
  // Two or three filters each, on the regions and categories most competitions have.
  await client.query(`
    insert into filters (user_id, name, region_id, cat_class, time_period)
    select u.id, 'Filtro ' || k, r.region_id, case when k = 2 then 4 end, case when k = 3 then 'next_3_months' else 'all' end
    from users u
    cross join generate_series(1, 3) k
    cross join lateral (
      select region_id from competitions where region_id is not null
      group by region_id order by count(*) desc, region_id
      offset (abs(hashtext(u.id::text || k)) % 5) limit 1
    ) r
    where u.username like 'load\\_%'`);
  // Eight followed tournaments each, among those not concluded.
  await client.query(`
    insert into subscriptions (user_id, competition_guid, tournament_uuid)
    select u.id, t.competition_guid, t.uuid
    from users u
    cross join lateral (
      select t.uuid, t.competition_guid from tournaments t
      join competitions c on c.guid = t.competition_guid
      where c.end_date >= current_date
      order by md5(u.id::text || t.uuid) limit 8
    ) t
    where u.username like 'load\\_%'
    on conflict do nothing`);
  // Thirty notifications each, a third of them unread.
  await client.query(`
    insert into notifications (user_id, type, params, dedupe_key, batch_id, read_at)
    select u.id, 'new_tournament',
      json_build_object('tournamentName', c.name, 'competitionGuid', c.guid, 'reasons', json_build_array('region'), 'matchingFilters', 1),
      'new_tournament:' || c.guid, gen_random_uuid(), case when n % 3 = 0 then null else now() end
    from users u
    cross join lateral (
      select guid, name, row_number() over () as n from (
        select guid, name from competitions order by md5(u.id::text || guid) limit 30
      ) picked
    ) c
    where u.username like 'load\\_%'`);
  await client.query('analyze');

  const cookies: string[] = [];
  for (let i = 1; i <= USERS; i++) {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `load_${i}@example.it`, password: PASSWORD }),
    });
    if (response.status !== 200)
      throw new Error(`login answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('rt_session='));
    if (!cookie) throw new Error('login set no session cookie');
    cookies.push(cookie.split(';')[0] as string);
  }
  const { rows } = await client.query<{ guid: string }>(
    'select guid from competitions where end_date >= current_date order by guid limit 500',
  );
  return { cookies, guids: rows.map((r) => r.guid) };
}

/** What a user does on /explore (the same kinds as bench/search). */
const SEARCHES: SearchCompetitionsBody[] = [
  {},
  { page: 2 },
  { filters: { regionId: 12 } },
  { filters: { idStatopuc: 3 } },
  { filters: { tipoTorneo: 'Femminile', catClass: 4 } },
  { filters: { timePeriod: 'next_month' } },
  { search: 'tennis' },
  { view: 'overview', filters: { regionId: 3 } },
];

type Step = { name: string; method: 'GET' | 'POST'; path: string; body?: string };

/** The mix, in the order a connection cycles through it (20 steps: the percentages above). */
function mix(withHome: boolean): Step[] {
  const search = (i: number): Step => ({
    name: 'search',
    method: 'POST',
    path: '/api/competitions/search_competitions',
    body: JSON.stringify(SEARCHES[i % SEARCHES.length]),
  });
  const detail: Step = { name: 'detail', method: 'GET', path: '/api/competitions/:guid' };
  const inbox: Step = { name: 'notifications', method: 'GET', path: '/api/notifications?limit=20' };
  const mine: Step = { name: 'my-tournaments', method: 'GET', path: '/api/subscriptions/my-tournaments' };
  const home: Step = withHome ? { name: 'home', method: 'GET', path: '/api/home' } : search(7);
  return [
    search(0),
    detail,
    inbox,
    search(1),
    mine,
    home,
    search(2),
    detail,
    search(3),
    inbox,
    mine,
    search(4),
    detail,
    search(5),
    home,
    inbox,
    search(6),
    detail,
    mine,
    search(7),
  ];
}

/** Every route once, answered 200 with the shape the web client reads. */
async function checkRoutes(base: string, seeded: Seeded, withHome: boolean): Promise<void> {
  const cookie = seeded.cookies[0] as string;
  const get = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${url}`, { ...init, headers: { cookie, ...init.headers } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const search = await get('/api/competitions/search_competitions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!Array.isArray(search.items) || search.items.length === 0 || Number(search.total) < 100)
    throw new Error('the search found no competitions: is the calendar loaded?');
  const detail = await get(`/api/competitions/${seeded.guids[0]}`);
  if (!(detail.competition as { guid?: string } | undefined)?.guid)
    throw new Error('the detail has no competition');
  const inbox = await get('/api/notifications?limit=20');
  if (!Array.isArray(inbox.items) || inbox.items.length !== 20)
    throw new Error('the inbox is not a full page');
  await get('/api/subscriptions/my-tournaments');
  if (withHome) await get('/api/home');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const routeOf = (method: string, url: string) =>
  method === 'POST' ? 'search' : url.startsWith('/api/competitions/') ? 'detail' : (url.split('?')[0] ?? url);

/** One level: `users` connections for SECONDS; every answer's time recorded (autocannon gives no p95). */
async function run(base: string, seeded: Seeded, steps: Step[], users: number) {
  let nextUser = 0;
  let nextGuid = 0;
  const times: number[] = [];
  let finished: (result: autocannon.Result) => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections: users,
      duration: SECONDS,
      timeout: 10,
      requests: steps.map((step) => ({
        method: step.method,
        path: step.path,
        ...(step.body ? { body: step.body, headers: { 'content-type': 'application/json' } } : {}),
        setupRequest: (request: autocannon.Request, context: { cookie?: string }) => {
          // One signed-in user per connection for each pass over the mix (autocannon resets the
          // context at the end of the list): a visit of 20 requests, then the next user.
          context.cookie ??= seeded.cookies[nextUser++ % seeded.cookies.length];
          const guid = seeded.guids[nextGuid++ % seeded.guids.length] as string;
          return {
            ...request,
            path: step.path.replace(':guid', guid),
            headers: { ...request.headers, cookie: context.cookie as string },
          };
        },
      })),
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  const byRoute = new Map<string, number[]>();
  instance.on('response', (client, _status, _bytes, responseTime) => {
    times.push(responseTime);
    // The request answered is still the client's current one (one in flight per connection).
    const current = (
      client as unknown as { requestIterator: { currentRequest: { method: string; path: string } } }
    ).requestIterator.currentRequest;
    const route = routeOf(current.method, current.path);
    const list = byRoute.get(route) ?? [];
    list.push(responseTime);
    byRoute.set(route, list);
  });
  const result = await done;
  times.sort((a, b) => a - b);
  for (const list of byRoute.values()) list.sort((a, b) => a - b);
  return {
    result,
    byRoute,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? 0,
  };
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `radar_bench_load_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const smtp = await startSmtpSink();
  const simPort = await freePort();
  const simulator = startSimulator(simPort);
  const simUrl = `http://127.0.0.1:${simPort}`;
  await waitFor(
    'the federation simulator',
    60_000,
    () =>
      fetch(simUrl).then(
        () => true,
        () => null,
      ),
    200,
  );
  // The app keeps its generated keys there; removed when it stops.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-load-'));
  const app = startApp(url.toString(), port, smtp.url, simUrl, dataDir);
  const exited = once(app, 'exit');
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await waitFor(
      'the app',
      120_000,
      async () => ((await fetch(`${base}/api/health`)).ok ? true : null),
      500,
    );
    await client.connect();
    // The first ingestion pass loads the simulator's calendar (the competitions' details later).
    const competitions = await waitFor('the calendar', 600_000, async () => {
      const { rows } = await client.query<{ n: string; finished: Date | null }>(
        `select (select count(*) from competitions) as n,
          (select last_ingest_finished_at from federation_status limit 1) as finished`,
      );
      const row = rows[0];
      return row && row.finished !== null && Number(row.n) > 0 ? Number(row.n) : null;
    });
    const seeded = await seedUsers(client, base);
    const homeStatus = (await fetch(`${base}/api/home`, { headers: { cookie: seeded.cookies[0] as string } }))
      .status;
    const withHome = homeStatus !== 404;
    await checkRoutes(base, seeded, withHome);
    console.log(
      `Load test: ${competitions.toLocaleString('en')} competitions from the simulator, ${USERS} users signed in ` +
        `(ready in ${((performance.now() - started) / 1000).toFixed(0)} s); ${SECONDS} s per level; mix: search 40%, ` +
        `detail 20%, notifications 15%, my tournaments 15%, home 10%` +
        (withHome ? '' : ` (/api/home answered ${homeStatus}: not built yet, its share goes to search)`),
    );
    let failed = false;
    for (const users of LEVELS) {
      const appBefore = (await processCpu(app.pid ?? 0)) ?? 0;
      const dbBefore = await backendCpu(client);
      const { result, byRoute, p50, p95, p99, max } = await run(base, seeded, mix(withHome), users);
      const errors = result.errors + result.timeouts + result.non2xx;
      // CPU per request (the app's process, and the database's backends): what a busy machine
      // disturbs far less than the latencies.
      const appMs = (((await processCpu(app.pid ?? 0)) ?? 0) - appBefore) / result.requests.total;
      const dbMs = cpuSince(dbBefore, await backendCpu(client)) / result.requests.total;
      console.log(
        [
          `${String(users).padStart(3)} users`,
          `${result.requests.average.toFixed(0)} req/s (${result.requests.total.toLocaleString('en')} requests)`,
          `p50 ${p50.toFixed(1)} ms`,
          `p95 ${p95.toFixed(1)} ms`,
          `p99 ${p99.toFixed(1)} ms`,
          `max ${max.toFixed(0)} ms`,
          `errors ${errors} (${result.non2xx} non-2xx, ${result.errors} socket, ${result.timeouts} timeouts)`,
          `CPU per request: app ${appMs.toFixed(2)} ms, database ${dbMs.toFixed(2)} ms`,
        ].join(' | '),
      );
      for (const [route, list] of byRoute) {
        console.log(
          `      ${route.padEnd(32)} ${String(list.length).padStart(6)} | p50 ${percentile(list, 50).toFixed(1)} ms | p95 ${percentile(list, 95).toFixed(1)} ms`,
        );
      }
      if (errors > 0) failed = true;
      if (users >= 100 && p95 >= P95_GOAL_MS)
        console.log(`  goal missed: p95 < ${P95_GOAL_MS} ms at ${users} users`);
    }
    if (failed) {
      console.log('errors during the run: FAILED');
      process.exitCode = 1;
    }
  } finally {
    await client.end().catch(() => undefined);
    // Let the requests still queued in the app finish before it stops.
    await sleep(3_000);
    app.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (app.exitCode === null) app.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    simulator.kill('SIGTERM');
    await smtp.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
