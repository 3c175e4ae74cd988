import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcast, broadcastKey } from '../../src/cli/broadcast';
import { databaseOptionsFromConfig, openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { notificationDeliveries, notifications } from '../../src/db/schema';
import { createUser, signIn } from '../helpers/factories';
import { createTestApp, type TestApp, testConfig } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

describe('broadcast', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
  });
  afterAll(() => t.close());

  it('creates a platform update for every user, in batches, delivered by each one’s preferences', async () => {
    const db = t.database.db;
    const plain = await createUser(db);
    const noEmails = await createUser(db, { emailNotifications: false });
    const optedOut = await createUser(db);
    const others = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    const cookie = await signIn(db, optedOut);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie },
      payload: { group: 'platform_updates', channel: 'email', enabled: false },
    });
    if (!t.queue) throw new Error('queue expected');
    const message = 'Novità: ora puoi filtrare i tornei per provincia.';
    const result = await broadcast(db, t.queue, message, { batchSize: 2 });
    expect(result).toEqual({ key: broadcastKey(message), users: 7, created: 7, duplicates: 0 });

    for (const user of [plain, noEmails, optedOut, ...others]) {
      const rows = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(rows.map((row) => [row.type, row.params])).toEqual([['platform_updates', { message }]]);
    }
    const emailed = await db
      .select({ userId: notificationDeliveries.userId })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.channel, 'email'));
    const emailedUsers = new Set(emailed.map((row) => row.userId));
    expect(emailedUsers.has(plain.id)).toBe(true);
    expect(emailedUsers.has(noEmails.id)).toBe(false);
    expect(emailedUsers.has(optedOut.id)).toBe(false);
    expect(emailedUsers.size).toBe(5);

    // Running it again (after a crash half way, say) creates nothing twice.
    const again = await broadcast(db, t.queue, ` ${message} `, { batchSize: 3 });
    expect(again).toMatchObject({ users: 7, created: 0, duplicates: 7 });
    // A new --key is a new broadcast.
    expect((await broadcast(db, t.queue, message, { key: 'second-time' })).created).toBe(7);
    await expect(broadcast(db, t.queue, '   ')).rejects.toThrow('the message is empty');
  });
});

describe('npm run broadcast', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // A child process (npm, then tsx compiling the CLI) takes a while to start on a busy machine.
  it('reaches every user of the configured database', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'radar-broadcast-'));
    dirs.push(dataDir);
    const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : null;
    const env = { DATA_DIR: dataDir, ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}) };
    try {
      let database = await openDatabase(databaseOptionsFromConfig(testConfig(env)));
      await migrateDatabase(database);
      const users = [await createUser(database.db), await createUser(database.db)];
      await database.close();

      await promisify(execFile)('npm', ['run', '--silent', 'broadcast', '--', 'Manutenzione', 'stanotte'], {
        cwd: REPO_ROOT,
        // Port 1: no server of ours listens there, so the embedded-database guard lets it run.
        env: { ...process.env, ...env, PORT: '1', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      });

      database = await openDatabase(databaseOptionsFromConfig(testConfig(env)));
      try {
        for (const user of users) {
          const rows = await database.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'platform_updates')));
          expect(rows.map((row) => row.params)).toEqual([{ message: 'Manutenzione stanotte' }]);
        }
      } finally {
        await database.close();
      }
    } finally {
      await postgres?.close();
    }
  });
});
