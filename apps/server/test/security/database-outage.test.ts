/**
 * Issue 28, point 1: a dropped database connection never kills the process. The real start
 * path (`startServer`: API and workers in one process) runs on PostgreSQL through a loopback
 * TCP proxy the test controls. Its connections are ended with `pg_terminate_backend` (what a
 * restart, a failover or an idle timeout does); then the database is made unreachable for a
 * while (the proxy cuts every connection and refuses new ones): requests answer 503 in the
 * error shape, /api/health says so, and once the database is back the app serves again and
 * the work created meanwhile is delivered. Starting while the database is unreachable waits
 * for it, one log line per try.
 *
 * PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite database has no connections to lose.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { devMailboxMessages, type User } from '../../src/db/schema';
import { declareDeliveryQueues } from '../../src/jobs';
import { createQueue } from '../../src/jobs/queue';
import { type RunningServer, startServer } from '../../src/server';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { silentLogger } from '../helpers/logger';
import { newTournament, notify, waitFor } from '../helpers/notifications';
import { databaseUrlWithName, withAdminClient } from '../helpers/template';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.warn('No TEST_DATABASE_URL: the database outage suite needs PostgreSQL and is skipped.');

/** The app's connections carry this name, so the test ends only them. */
const APP_NAME = 'radar-outage-app';

/**
 * A loopback TCP proxy in front of PostgreSQL. `cut()` ends every connection through it and
 * refuses new ones (the database out of reach); `restore()` lets connections through again.
 */
async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A pino logger whose lines the test reads. */
function capturingLogger() {
  const lines: { level: number; msg: string; err?: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

type Answer = { status: number; json: Record<string, unknown> };

/** One HTTP call to the running app, as a browser would make it. */
function request(base: string, pathname: string, options: { cookie?: string; body?: object } = {}) {
  return new Promise<Answer & { cookie: string | null }>((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const call = http.request(
      new URL(pathname, base),
      {
        method: payload ? 'POST' : 'GET',
        agent: false,
        headers: {
          ...(payload && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
          ...(options.cookie && { cookie: options.cookie }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const setCookie = response.headers['set-cookie']?.[0]?.split(';')[0] ?? null;
          resolve({
            status: response.statusCode ?? 0,
            json: text ? JSON.parse(text) : {},
            cookie: setCookie,
          });
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** A federation that is down: ingestion fails at once instead of reading a whole calendar. */
async function startDownFederation() {
  const server = http.createServer((_request, response) => response.writeHead(503).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!adminUrl)('database outage (issue 28, point 1)', { timeout: 240_000 }, () => {
  const name = `radar_outage_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-outage-'));
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let federation: Awaited<ReturnType<typeof startDownFederation>>;
  /** The test's own connection, straight to PostgreSQL (never through the proxy). */
  let direct: Database;
  let queue: PgBoss;
  let server: RunningServer | null = null;
  let base = '';
  let cookie = '';
  let user: User;
  const log = capturingLogger();

  const configFor = (role: 'both' | 'api') => {
    const target = new URL(databaseUrlWithName(adminUrl ?? '', name));
    target.host = `127.0.0.1:${proxy.port}`;
    target.searchParams.set('application_name', APP_NAME);
    return loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ROLE: role,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: target.toString(),
      FITP_BASE_URL: federation.url,
      FITP_MAX_RETRIES: '0',
    });
  };

  /** Whether a delivery email for this notification title reached the (dev) mailbox. */
  const mailed = async (title: string) => {
    const rows = await direct.db
      .select({ id: devMailboxMessages.id })
      .from(devMailboxMessages)
      .where(sql`${devMailboxMessages.text} like ${`%${title}%`}`);
    return rows.length > 0 ? rows : undefined;
  };

  beforeAll(async () => {
    const admin = new URL(adminUrl ?? '');
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    federation = await startDownFederation();
    await withAdminClient(adminUrl ?? '', (client) => client.query(`create database "${name}"`));
    server = await startServer(configFor('both'), log.logger);
    base = server.url ?? '';
    direct = await openDatabase({ databaseUrl: databaseUrlWithName(adminUrl ?? '', name), poolSize: 2 });
    queue = createQueue(direct, silentLogger, { schedule: false });
    await queue.start();
    await declareDeliveryQueues(queue);
    user = await createUser(direct.db);
    const login = await request(base, '/api/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.status).toBe(200);
    cookie = login.cookie ?? '';
  });

  afterAll(async () => {
    proxy?.restore();
    await server?.close();
    await queue?.stop({ graceful: false, close: true });
    await direct?.close();
    await proxy?.close();
    await federation?.close();
    if (adminUrl)
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives its connections being ended by the server, and serves and works on', async () => {
    expect((await request(base, '/api/user', { cookie })).status).toBe(200);
    const ended = await withAdminClient(adminUrl ?? '', (client) =>
      client.query<{ pid: number }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = $1 and application_name = $2 and pid <> pg_backend_pid()`,
        [name, APP_NAME],
      ),
    );
    // The API's pool and pg-boss's both had connections.
    expect(ended.rowCount).toBeGreaterThan(1);
    // The pool saw its idle connections go, and said so in one line.
    await waitFor(async () => log.lines.some((line) => line.msg.startsWith('database connection lost')), {
      what: 'the lost connection logged',
    });

    await waitFor(async () => (await request(base, '/api/user', { cookie })).status === 200, {
      what: 'the API serving again',
    });
    expect((await request(base, '/api/health')).status).toBe(200);
    // The workers took up work again: a notification created now is emailed.
    await notify(direct.db, queue, [newTournament(user.id, 'Torneo dopo la chiusura delle connessioni')]);
    await waitFor(() => mailed('Torneo dopo la chiusura delle connessioni'), {
      timeoutMs: 60_000,
      what: 'the email sent by the worker',
    });
  });

  it('answers 503 while the database is out of reach, then serves again and loses nothing', async () => {
    proxy.cut();
    const during = await waitFor(
      async () => {
        const answer = await request(base, '/api/user', { cookie });
        return answer.status === 503 ? answer : undefined;
      },
      { what: 'a 503 during the outage' },
    );
    expect(during.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(typeof during.json.message).toBe('string');
    const health = await request(base, '/api/health');
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ database: { status: 'down' } });
    // A sign-in during the outage is a 503 too, not a wrong password.
    const login = await request(base, '/api/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.status).toBe(503);
    // Work arriving meanwhile (another process, straight to the database) waits for the app.
    await notify(direct.db, queue, [newTournament(user.id, 'Torneo durante il guasto')]);

    proxy.restore();
    await waitFor(async () => (await request(base, '/api/user', { cookie })).status === 200, {
      timeoutMs: 30_000,
      what: 'the API serving again',
    });
    await waitFor(async () => (await request(base, '/api/health')).status === 200, {
      timeoutMs: 30_000,
      what: 'health up again',
    });
    await waitFor(() => mailed('Torneo durante il guasto'), {
      timeoutMs: 90_000,
      what: 'the email of the notification created during the outage',
    });
    // Nothing went out twice either.
    const before = await mailed('Torneo dopo la chiusura delle connessioni');
    expect(before).toHaveLength(1);
  });

  it('waits for an unreachable database at start-up, one line per try, then starts', async () => {
    proxy.cut();
    const late = capturingLogger();
    const starting = startServer(configFor('api'), late.logger);
    const tries = () => late.lines.filter((line) => line.msg.startsWith('database unreachable'));
    await waitFor(async () => tries().length >= 2, { what: 'two tries logged' });
    for (const line of tries()) {
      expect(line.level).toBe(40);
      expect(line.msg).not.toContain('\n');
      expect(line.err).toBeUndefined();
    }
    proxy.restore();
    const second = await starting;
    try {
      expect(second.url).toBeTruthy();
      expect((await request(second.url ?? '', '/api/health')).status).toBe(200);
      expect((await request(second.url ?? '', '/api/user', { cookie })).status).toBe(200);
    } finally {
      await second.close();
    }
    // The first process is still serving.
    expect((await request(base, '/api/user', { cookie })).status).toBe(200);
  });
});
