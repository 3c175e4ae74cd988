/**
 * Benchmark of the reminder scheduler (issue 7, docs/decisions/060): 100,000 followed
 * tournaments (400,000 reminder rows), of which 5,000 reminders are due; prints how long one
 * scheduler pass takes to send them (claim, notifications with their deliveries and jobs,
 * status), and checks that each went out once: 5,000 notifications, and a second pass sends 0.
 *
 *   npm run bench:reminders                     # PGlite and PostgreSQL
 *   BENCH_DB=pglite npm run bench:reminders     # one of them
 *   TEST_DATABASE_URL=postgres://…/test npm run bench:reminders
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the admin
 * connection; the benchmark creates its own database and drops it at the end. The data is
 * generated in SQL (set-based), the reminder times as `syncReminders` would compute them (the
 * deadlines are in June and July: no daylight-saving change in between).
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { declareDeliveryQueues } from '../../apps/server/src/jobs';
import { createQueue } from '../../apps/server/src/jobs/queue';
import { runReminderPass } from '../../apps/server/src/modules/subscriptions/reminders.service';
import { runOnDatabases } from '../support/databases';
import { printTrace, traceQueries } from '../support/trace';

const SUBSCRIPTIONS = 100_000;
const COMPETITIONS = 5_000;
const FOLLOWERS = SUBSCRIPTIONS / COMPETITIONS; // 20 per tournament
const USERS = 20_000;
const DUE = 5_000;
const DUE_COMPETITIONS = DUE / FOLLOWERS;
const NOW = new Date('2026-06-10T08:00:00Z');

const count = async (database: Database, query: ReturnType<typeof sql>) => {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
};

/** Users, competitions with one tournament each, 20 followers per tournament, 4 reminders each. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  const now = NOW.toISOString();
  await db.execute(sql`
    insert into users (username, email, email_verified_at)
    select 'bench_' || g, 'bench_' || g || '@example.it', ${now}::timestamptz
    from generate_series(0, ${USERS - 1}) g`);
  // The first DUE_COMPETITIONS close in a week minus 10 minutes (their 1-week reminder is due),
  // the others 8 to 60 days ahead.
  await db.execute(sql`
    insert into competitions (guid, name, start_date, end_date, registration_opens_at,
      registration_closes_at, search_text, first_seen_at, list_synced_at, updated_at)
    select upper(md5('c' || g)::uuid::text), 'Torneo ' || g,
      (closes + interval '5 days')::date, (closes + interval '7 days')::date,
      closes - interval '20 days', closes, 'torneo ' || g,
      ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    from (
      select g, case when g < ${DUE_COMPETITIONS}
        then ${now}::timestamptz + interval '7 days' - interval '10 minutes'
        else ${now}::timestamptz + (8 + g % 53) * interval '1 day' end as closes
      from generate_series(0, ${COMPETITIONS - 1}) g
    ) c`);
  await db.execute(sql`
    insert into tournaments (uuid, competition_guid, ordinal, description, first_seen_at, updated_at)
    select upper(md5('t' || g)::uuid::text), upper(md5('c' || g)::uuid::text), 0, 'Singolare',
      ${now}::timestamptz, ${now}::timestamptz
    from generate_series(0, ${COMPETITIONS - 1}) g`);
  // Subscription g follows tournament g % COMPETITIONS; its 20 followers are distinct users.
  await db.execute(sql`
    insert into subscriptions (user_id, competition_guid, tournament_uuid, created_at)
    select u.id, upper(md5('c' || (g % ${COMPETITIONS}))::uuid::text),
      upper(md5('t' || (g % ${COMPETITIONS}))::uuid::text), ${now}::timestamptz - interval '1 day'
    from generate_series(0, ${SUBSCRIPTIONS - 1}) g
    join (select id, row_number() over (order by username) - 1 as n from users) u
      on u.n = ((g % ${COMPETITIONS}) + (g / ${COMPETITIONS}) * 1000) % ${USERS}`);
  await db.execute(sql`
    insert into reminders (subscription_id, type, deadline, due_at, status, updated_at)
    select s.id, o.type, c.registration_closes_at, c.registration_closes_at - o.offset_interval,
      'pending', ${now}::timestamptz
    from subscriptions s
    join competitions c on c.guid = s.competition_guid
    cross join (values ('reminder_1w', interval '7 days'), ('reminder_3d', interval '3 days'),
      ('reminder_1d', interval '1 day'), ('reminder_5h', interval '5 hours')) as o(type, offset_interval)`);
  await db.execute(sql`analyze`);
}

async function measure(label: string, database: Database): Promise<void> {
  const started = performance.now();
  await migrateDatabase(database);
  const queue = createQueue(database, pino({ level: 'silent' }), { schedule: false });
  await queue.start();
  await declareDeliveryQueues(queue);
  await seed(database);
  const seedSeconds = (performance.now() - started) / 1000;
  const subscriptions = await count(database, sql`select count(*) as n from subscriptions`);
  const due = await count(
    database,
    sql`select count(*) as n from reminders where status = 'pending' and due_at <= ${NOW.toISOString()}::timestamptz`,
  );

  traceQueries();
  printTrace('seed', 0);
  const passStarted = performance.now();
  const first = await runReminderPass({ db: database.db, queue, now: () => NOW });
  const passMs = performance.now() - passStarted;
  printTrace(`${label}, first pass`);
  const secondStarted = performance.now();
  const second = await runReminderPass({ db: database.db, queue, now: () => NOW });
  const idleMs = performance.now() - secondStarted;
  const notifications = await count(database, sql`select count(*) as n from notifications`);
  const distinct = await count(
    database,
    sql`select count(distinct (user_id, dedupe_key)) as n from notifications`,
  );
  const deliveries = await count(database, sql`select count(*) as n from notification_deliveries`);
  await queue.stop({ graceful: false, close: database.driver === 'postgres' });

  const ok = first.sent === DUE && notifications === DUE && distinct === DUE && second.sent === 0;
  console.log(
    [
      `${label.padEnd(10)} | ${subscriptions.toLocaleString('en')} subscriptions, ${due.toLocaleString('en')} reminders due (seeded in ${seedSeconds.toFixed(1)} s)`,
      `one pass: ${passMs.toFixed(0)} ms for ${first.sent.toLocaleString('en')} sent (${((first.sent / passMs) * 1000).toFixed(0)}/s, ${deliveries.toLocaleString('en')} deliveries enqueued)`,
      `notifications ${notifications.toLocaleString('en')} (${distinct.toLocaleString('en')} distinct), second pass sent ${second.sent} in ${idleMs.toFixed(0)} ms`,
      ok ? 'each sent once: OK' : 'each sent once: FAILED',
    ].join(' | '),
  );
  if (!ok) process.exitCode = 1;
}

console.log(
  `Reminder scheduler benchmark: ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions, ${DUE.toLocaleString('en')} reminders due, one pass then a second.`,
);
await runOnDatabases('reminders', measure);
