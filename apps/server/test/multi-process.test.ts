/**
 * The scale-out claim (docs/OPERATIONS.md): two API and two worker processes, started at once
 * on one empty PostgreSQL database, share it without losing or repeating anything. The processes
 * are the real `main.ts`, each its own Node process, as in production.
 *
 * PostgreSQL only: the embedded PGlite database belongs to one process.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SimulatorHandle, startSimulator } from '@radar/fitp-simulator';
import { and, count, eq, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import {
  competitionEvents,
  competitions,
  devMailboxMessages,
  eventCursors,
  federationStatus,
  notificationDeliveries,
  notifications,
  type User,
} from '../src/db/schema';
import { sweepPlan } from '../src/modules/ingestion/cadence';
import { MATCHING_CONSUMER } from '../src/modules/matching/matching.service';
import { createUser, signIn } from './helpers/factories';
import {
  eventually,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcesses,
} from './helpers/processes';
import { databaseUrlWithName, withAdminClient } from './helpers/template';

const adminUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));

const USERS = 24;

type Proc = ServerProcess;

describe.skipIf(!adminUrl)('two API and two worker processes on one database', { timeout: 300_000 }, () => {
  const name = `radar_mp_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-mp-'));
  const procs: Proc[] = [];
  const apis: string[] = [];
  let sim: SimulatorHandle;
  let database: Database;
  let url: string;

  function start(role: 'api' | 'worker', port: number): Proc {
    const proc = startServerProcess(role, { databaseUrl: url, dataDir, federationUrl: sim.url, port });
    procs.push(proc);
    return proc;
  }

  beforeAll(async () => {
    if (!adminUrl) return;
    await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
    url = databaseUrlWithName(adminUrl, name);
    sim = await startSimulator({ competitions: 300, players: 1000 });
    // All four at once on the empty database: migrations, the queue's schema and the generated
    // keys are each set up once however the start-ups interleave.
    const apiPorts = [await freePort(), await freePort()];
    for (const port of apiPorts) {
      start('api', port);
      apis.push(`http://127.0.0.1:${port}`);
    }
    start('worker', await freePort());
    start('worker', await freePort());
    for (const api of apis) {
      await eventually(`${api}/api/health`, async () => {
        const exited = procs.find((proc) => proc.child.exitCode !== null);
        if (exited) throw new Error(`a ${exited.role} process exited:\n${exited.output.join('')}`);
        const response = await fetch(`${api}/api/health`).catch(() => null);
        return response?.ok ? true : undefined;
      });
    }
    database = await openDatabase({ databaseUrl: url, poolSize: 3 });
  });

  afterAll(async () => {
    await stopServerProcesses(procs);
    await database?.close();
    await sim?.close();
    if (adminUrl) {
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ingest the calendar once between them', async () => {
    const status = await eventually('the first full ingestion', async () => {
      const [row] = await database.db.select().from(federationStatus);
      return row?.baselineCompletedAt ? row : undefined;
    });
    expect(status.state).toBe('up');
    // Every competition the simulator publishes from the daily sweep's first day on.
    const now = sim.clock.now();
    const from = sweepPlan(now, null).from;
    const published = sim.federation
      .published(now.getTime())
      .filter((c) => new Date(c.startDay * 86_400_000).toISOString().slice(0, 10) >= from);
    const [stored] = await database.db.select({ n: count() }).from(competitions);
    expect(stored?.n).toBe(published.length);
    // The queue kept one pass at a time: the first one was the baseline, and it recorded no events.
    const [events] = await database.db.select({ n: count() }).from(competitionEvents);
    expect(events?.n).toBe(0);
  });

  it('deliver a broadcast to every user exactly once, whichever API answers and whichever worker sends', async () => {
    const people: User[] = [];
    for (let i = 0; i < USERS; i++) people.push(await createUser(database.db));
    const ids = people.map((person) => person.id);

    const broadcast = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/cli/broadcast.ts'), 'Nuova versione: più tornei'],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url, DATA_DIR: dataDir },
        stdio: 'ignore',
      },
    );
    expect(await new Promise((resolve) => broadcast.once('exit', resolve))).toBe(0);

    // Every email delivery settles (sent, or skipped by preference), then nothing more happens.
    await eventually('every email delivery', async () => {
      const [open] = await database.db
        .select({ n: count() })
        .from(notificationDeliveries)
        .where(
          and(
            inArray(notificationDeliveries.userId, ids),
            eq(notificationDeliveries.channel, 'email'),
            inArray(notificationDeliveries.status, ['pending', 'sending']),
          ),
        );
      const [all] = await database.db
        .select({ n: count() })
        .from(notificationDeliveries)
        .where(and(inArray(notificationDeliveries.userId, ids), eq(notificationDeliveries.channel, 'email')));
      return all?.n === USERS && open?.n === 0 ? true : undefined;
    });

    const mails = await database.db
      .select({ to: devMailboxMessages.to, subject: devMailboxMessages.subject })
      .from(devMailboxMessages);
    for (const person of people) {
      const theirs = mails.filter((mail) => mail.to.includes(person.email));
      expect(theirs, person.email).toHaveLength(1);
    }

    // Each API process serves any user's inbox: one platform update each, no more.
    for (const [index, person] of people.entries()) {
      const api = apis[index % apis.length];
      const response = await fetch(`${api}/api/notifications?limit=50`, {
        headers: { cookie: await signIn(database.db, person) },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { items: { type: string }[] };
      expect(body.items.map((n) => n.type)).toEqual(['platform_updates']);
    }
    const [rows] = await database.db
      .select({ n: count() })
      .from(notifications)
      .where(inArray(notifications.userId, ids));
    expect(rows?.n).toBe(USERS);
  });
  it('notify each matching user once of a new tournament, whichever worker ingests and matches', async () => {
    const fan = await createUser(database.db);
    const other = await createUser(database.db);
    const save = async (user: User, api: string, body: object) => {
      const response = await fetch(`${api}/api/filters`, {
        method: 'POST',
        headers: { cookie: await signIn(database.db, user), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.text()).toBe(201);
    };
    await save(fan, apis[0] as string, { name: 'Roma', regionId: 12, provinceId: 58 });
    await save(fan, apis[1] as string, { name: 'Lazio femminile', regionId: 12, tipoTorneo: 'Femminile' });
    await save(other, apis[1] as string, { name: 'Sardegna', regionId: 20 });

    const [before] = await database.db.select().from(federationStatus);
    const { guid } = sim.script.addCompetition({
      name: 'Torneo dei due worker',
      province: 'RM',
      tournaments: [
        { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
        { type: 'Femminile', categoryClass: 4, ageCategory: 'open' },
      ],
    });
    const ofType = (userId: string) =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_tournament')));
    const [notification] = await eventually('the new tournament notification', async () => {
      const rows = await ofType(fan.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(notification?.params).toMatchObject({
      competitionGuid: guid.toUpperCase(),
      tournamentName: 'Torneo dei due worker',
      reasons: ['region', 'province', 'type'],
      matchingFilters: 2,
    });
    // Another pass and matching run later, still one.
    await eventually('a later ingestion pass', async () => {
      const [row] = await database.db.select().from(federationStatus);
      const last = row?.lastIngestFinishedAt?.getTime() ?? 0;
      return last > (before?.lastIngestFinishedAt?.getTime() ?? 0) + 60_000 ? true : undefined;
    });
    // Every event recorded so far, that pass's included, matched: the cursor moves in the
    // transaction that writes the notifications, so anything more would be there by now.
    const [recorded] = await database.db.select({ last: max(competitionEvents.id) }).from(competitionEvents);
    await eventually('matching to handle every recorded event', async () => {
      const [cursor] = await database.db
        .select()
        .from(eventCursors)
        .where(eq(eventCursors.consumer, MATCHING_CONSUMER));
      return (cursor?.lastEventId ?? 0) >= (recorded?.last ?? 0) ? true : undefined;
    });
    expect(await ofType(fan.id)).toHaveLength(1);
    expect(await ofType(other.id)).toHaveLength(0);
  });
});
