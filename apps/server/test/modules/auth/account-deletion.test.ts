import { randomUUID } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client';
import type { User } from '../../../src/db/schema';
import * as schema from '../../../src/db/schema';
import { deleteAccount } from '../../../src/modules/auth/account-deletion';
import { hashEmail } from '../../../src/modules/auth/codes';
import { getNotificationKeys } from '../../../src/modules/notifications/notification-keys';
import { createUnsubscribeToken } from '../../../src/modules/notifications/unsubscribe/unsubscribe-token';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Every table holding a user's data, and what deleting the account does to it (decision 195):
 * `gone`, no row of the user left; `unlinked`, the row stays with its user cleared (ON DELETE SET
 * NULL). A table of the Drizzle schema with a column referencing users, or a user id or email
 * column, that is missing here fails the first test: add it, with a row in `seedEverything`.
 */
const COVERAGE: Record<string, { outcome: 'gone' | 'unlinked'; how: string }> = {
  users: { outcome: 'gone', how: 'the row itself' },
  sessions: { outcome: 'gone', how: 'cascade' },
  user_identities: { outcome: 'gone', how: 'cascade' },
  auth_codes: {
    outcome: 'gone',
    how: 'deleted by the address (its rows without an account too); the account’s also cascade',
  },
  filters: { outcome: 'gone', how: 'cascade' },
  fitp_cards: { outcome: 'gone', how: 'cascade' },
  fitp_card_entries: { outcome: 'gone', how: 'cascade' },
  fitp_card_follows: { outcome: 'gone', how: 'cascade' },
  fitp_mismatch_reports: { outcome: 'unlinked', how: 'set null: the report stays with the team' },
  contact_messages: { outcome: 'unlinked', how: 'set null: the record of what was asked (schema/home.ts)' },
  calendar_feeds: { outcome: 'gone', how: 'cascade' },
  whats_new_visits: { outcome: 'gone', how: 'cascade' },
  notifications: { outcome: 'gone', how: 'cascade' },
  notification_preferences: { outcome: 'gone', how: 'cascade' },
  notification_deliveries: {
    outcome: 'gone',
    how: 'email rows deleted first (no foreign key, decision 131); push rows go with their notification',
  },
  device_tokens: { outcome: 'gone', how: 'cascade' },
  subscriptions: { outcome: 'gone', how: 'cascade (their reminders with them)' },
};

type UserColumn = { name: string; kind: 'id' | 'email' | 'email-hash' };

/**
 * The tables of the Drizzle schema that hold a user's data, with the columns that say whose: a
 * column referencing users, a `user_id` (or `…_user_id`) column, an `email` text column or an
 * `email_hash` (the users table's own `id` and `email` too).
 */
function userTables(): Map<string, UserColumn[]> {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const found = new Map<string, UserColumn[]>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const referencing = new Set(
      config.foreignKeys.flatMap((key) => {
        const reference = key.reference();
        return getTableConfig(reference.foreignTable).name === 'users'
          ? reference.columns.map((column) => column.name)
          : [];
      }),
    );
    const columns: UserColumn[] = [];
    for (const column of config.columns) {
      if (referencing.has(column.name) || /(^|_)user_id$/.test(column.name)) {
        columns.push({ name: column.name, kind: 'id' });
      } else if (config.name === 'users' && column.name === 'id') {
        columns.push({ name: column.name, kind: 'id' });
      } else if (column.dataType === 'string' && /(^|_)email$/.test(column.name)) {
        columns.push({ name: column.name, kind: 'email' });
      } else if (column.dataType === 'string' && /(^|_)email_hash$/.test(column.name)) {
        columns.push({ name: column.name, kind: 'email-hash' });
      }
    }
    if (columns.length > 0) found.set(config.name, columns);
  }
  return found;
}

async function count(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(statement)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Per user table, how many of its rows name the user (by id, address or the address's hash). */
async function rowsOf(db: Db, user: Pick<User, 'id' | 'email'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, columns] of userTables()) {
    const named = columns.map((column) => {
      const name = sql.identifier(column.name);
      if (column.kind === 'id') return sql`${name}::text = ${user.id}`;
      if (column.kind === 'email') return sql`lower(${name}) = ${user.email.toLowerCase()}`;
      return sql`${name} = ${hashEmail(user.email)}`;
    });
    counts[table] = await count(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.join(named, sql` or `)}`,
    );
  }
  return counts;
}

/**
 * A row of the user in every table of `COVERAGE`, as the app writes them; answers the ids of the
 * rows meant to stay (`unlinked`).
 */
async function seedEverything(db: Db, user: User): Promise<{ kept: Record<string, string> }> {
  const now = new Date();
  const guid = `C-${randomUUID()}`.toUpperCase();
  const tournament = `T-${randomUUID()}`.toUpperCase();
  await signIn(db, user);
  await db
    .insert(schema.userIdentities)
    .values({ userId: user.id, provider: 'google', subject: randomUUID() });
  await db.insert(schema.authCodes).values([
    // A pending reset code of the account…
    {
      purpose: 'password_reset',
      emailHash: hashEmail(user.email),
      userId: user.id,
      codeHash: 'x'.repeat(64),
      expiresAt: new Date(now.getTime() + 3_600_000),
      lastSentAt: now,
      windowStartedAt: now,
    },
    // …and a row of the address without the account (its counters), which no foreign key reaches.
    {
      purpose: 'email_verification',
      emailHash: hashEmail(user.email),
      userId: null,
      codeHash: null,
      expiresAt: new Date(now.getTime() + 3_600_000),
      lastSentAt: now,
      windowStartedAt: now,
    },
  ]);
  await db.insert(schema.filters).values({ userId: user.id, name: `Filtro ${randomUUID()}` });
  await db.insert(schema.fitpCards).values({
    userId: user.id,
    cardNumber: `${Math.floor(Math.random() * 1e9)}`,
    name: 'Mario',
    surname: 'Rossi',
    fetchedAt: now,
    connectedAt: now,
  });
  await db
    .insert(schema.fitpCardEntries)
    .values({ userId: user.id, tournamentUuid: tournament, competitionGuid: guid, seenAt: now });
  await db
    .insert(schema.fitpCardFollows)
    .values({ userId: user.id, tournamentUuid: tournament, competitionGuid: guid, createdAt: now });
  const [report] = await db
    .insert(schema.fitpMismatchReports)
    .values({ userId: user.id, message: 'Classifica sbagliata', createdAt: now })
    .returning({ id: schema.fitpMismatchReports.id });
  const [message] = await db
    .insert(schema.contactMessages)
    .values({
      userId: user.id,
      name: 'Mario',
      email: user.email,
      subject: 'Domanda',
      message: 'Ciao',
      language: 'it',
      createdAt: now,
    })
    .returning({ id: schema.contactMessages.id });
  await db.insert(schema.calendarFeeds).values({ userId: user.id, token: randomUUID(), createdAt: now });
  await db.insert(schema.whatsNewVisits).values({ userId: user.id, seenAt: now });
  const [notification] = await db
    .insert(schema.notifications)
    .values({
      userId: user.id,
      type: 'new_tournament',
      dedupeKey: `new_tournament:${guid}`,
      batchId: randomUUID(),
    })
    .returning({ id: schema.notifications.id });
  if (!notification || !report || !message) throw new Error('seed rows not written');
  await db.insert(schema.notificationDeliveries).values([
    { userId: user.id, batchId: randomUUID(), channel: 'email', notificationIds: [notification.id] },
    { userId: user.id, batchId: randomUUID(), channel: 'push', notificationId: notification.id },
  ]);
  await db
    .insert(schema.notificationPreferences)
    .values({ userId: user.id, group: 'new_tournaments', email: false, push: true });
  await db
    .insert(schema.deviceTokens)
    .values({ userId: user.id, kind: 'fcm', token: `fcm-token_${randomUUID()}` });
  const [subscription] = await db
    .insert(schema.subscriptions)
    .values({ userId: user.id, competitionGuid: guid, tournamentUuid: tournament })
    .returning({ id: schema.subscriptions.id });
  if (!subscription) throw new Error('subscription not written');
  await db.insert(schema.reminders).values({
    subscriptionId: subscription.id,
    type: 'reminder_1d',
    deadline: now,
    dueAt: now,
    status: 'pending',
    updatedAt: now,
  });
  return { kept: { fitp_mismatch_reports: report.id, contact_messages: message.id } };
}

/** What is left of the user once deleted: the user tables with a row of theirs, and the rows meant to stay. */
async function leftOf(db: Db, user: User, kept: Record<string, string>) {
  const counts = await rowsOf(db, user);
  const left = Object.entries(counts)
    .filter(([table, n]) => n > 0 && COVERAGE[table]?.outcome !== 'unlinked')
    .map(([table]) => table);
  const unlinked: Record<string, unknown> = {};
  for (const [table, id] of Object.entries(kept)) {
    const result = (await db.execute(
      sql`select user_id as "userId" from ${sql.identifier(table)} where id = ${id}`,
    )) as unknown as { rows: { userId: string | null }[] };
    unlinked[table] = result.rows;
  }
  return { left, unlinked };
}

const everythingGone = {
  left: [],
  unlinked: { fitp_mismatch_reports: [{ userId: null }], contact_messages: [{ userId: null }] },
};

describe('one account deletion (decision 195)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('knows every table of the schema that holds a user’s data', () => {
    const found = [...userTables().keys()].sort();
    expect(found.length).toBeGreaterThan(10);
    // A new table with a user column: say in COVERAGE what deleting the account does to it.
    expect(found).toEqual(Object.keys(COVERAGE).sort());
  });

  it('deletes a user and everything of theirs, and nothing of anyone else', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const bystander = await createUser(db);
    const { kept } = await seedEverything(db, user);
    await seedEverything(db, bystander);
    const before = await rowsOf(db, user);
    const bystanderBefore = await rowsOf(db, bystander);
    // Every table of COVERAGE has a row of the user to delete (a new table needs its seed row).
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);

    expect(await deleteAccount(db, user.id)).toBe(true);
    expect(await leftOf(db, user, kept)).toEqual(everythingGone);
    expect(await rowsOf(db, bystander)).toEqual(bystanderBefore);
    // The reminders went with the subscriptions.
    expect(
      await count(
        db,
        sql`select count(*)::int as n from reminders r where not exists (select 1 from subscriptions s where s.id = r.subscription_id)`,
      ),
    ).toBe(0);
    expect(await deleteAccount(db, user.id)).toBe(false);
  });

  it('is what both entry points do: the profile’s deletion and the unsubscribe link’s, pending codes included', async () => {
    const db = t.database.db;
    const key = (await getNotificationKeys(db, t.config)).unsubscribeSecret;

    const fromProfile = await createUser(db);
    const profileSeed = await seedEverything(db, fromProfile);
    const cookie = await signIn(db, fromProfile);
    const viaProfile = await call(t.app, 'DELETE', '/api/profile', {
      cookie,
      body: { confirmation: 'elimina' },
    });
    expect(viaProfile.statusCode).toBe(204);
    expect(await leftOf(db, fromProfile, profileSeed.kept)).toEqual(everythingGone);

    const fromLink = await createUser(db);
    const linkSeed = await seedEverything(db, fromLink);
    const token = createUnsubscribeToken(key, fromLink.id, new Date());
    const viaLink = await call(t.app, 'DELETE', `/api/notifications/unsubscribe/${token}/account`);
    expect(viaLink.statusCode).toBe(204);
    expect(await leftOf(db, fromLink, linkSeed.kept)).toEqual(everythingGone);
  });
});
