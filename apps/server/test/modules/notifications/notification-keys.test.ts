import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../../src/config';
import { type Database, openDatabase } from '../../../src/db/client';
import { appSecrets } from '../../../src/db/schema';
import { getNotificationKeys } from '../../../src/modules/notifications/notification-keys';
import { testConfig } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-db';

/** Another process on the same database: a second connection (and Drizzle handle) to it. */
async function secondHandle(database: Database & { url?: string }): Promise<Database> {
  if (database.driver === 'pglite') return openDatabase({ pglite: database.pglite });
  return openDatabase({ databaseUrl: database.url ?? database.connectionString, poolSize: 2 });
}

describe('VAPID keys and the unsubscribe secret', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('are generated once into the database and shared by every process', async () => {
    const other = await secondHandle(database);
    try {
      const config = testConfig();
      const [first, second] = await Promise.all([
        getNotificationKeys(database.db, config),
        getNotificationKeys(other.db, config),
      ]);
      expect(first.generated).toEqual({ unsubscribeSecret: true, vapid: true });
      expect(second.vapid).toEqual(first.vapid);
      expect(second.unsubscribeSecret.equals(first.unsubscribeSecret)).toBe(true);
      expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65);
      expect(first.unsubscribeSecret.length).toBeGreaterThanOrEqual(32);
      const rows = await database.db.select().from(appSecrets);
      expect(rows.map((row) => row.name).sort()).toEqual(['unsubscribe_secret', 'vapid_keys']);
    } finally {
      if (other.driver === 'postgres') await other.close();
    }
  });

  it('come from the environment when it gives them', async () => {
    const fresh = await createTestDatabase();
    try {
      const vapid = webpush.generateVAPIDKeys();
      const config = testConfig({
        UNSUBSCRIBE_SECRET: 'x'.repeat(40),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'https://radartornei.it/contact',
      });
      const keys = await getNotificationKeys(fresh.db, config);
      expect(keys.generated).toEqual({ unsubscribeSecret: false, vapid: false });
      expect(keys.vapid).toEqual({ ...vapid, subject: 'https://radartornei.it/contact' });
      expect(keys.unsubscribeSecret.toString()).toBe('x'.repeat(40));
      expect(await fresh.db.select().from(appSecrets)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('notification configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('wants both VAPID keys or neither, a mailto: or https: subject and a long enough secret', () => {
    expect(problems({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toEqual([
      'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    ]);
    expect(problems({ VAPID_SUBJECT: 'http://radartornei.it' })[0]).toMatch(/^VAPID_SUBJECT:/);
    expect(problems({ UNSUBSCRIBE_SECRET: 'short' })).toEqual([
      'UNSUBSCRIBE_SECRET: must be at least 32 characters',
    ]);
  });

  it('defaults the push services to the browsers’ own, and reads a list', () => {
    expect(loadConfig({}).webPushEndpointHosts).toContain('fcm.googleapis.com');
    expect(loadConfig({}).vapid.subject).toBe('mailto:info@radartornei.it');
    expect(
      loadConfig({ WEB_PUSH_ENDPOINT_HOSTS: ' Push.Example.org , 127.0.0.1,' }).webPushEndpointHosts,
    ).toEqual(['push.example.org', '127.0.0.1']);
    expect(loadConfig({ UNSUBSCRIBE_SECRET: '' }).unsubscribeSecret).toBeUndefined();
  });
});
