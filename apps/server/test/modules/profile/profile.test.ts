import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client';
import { authCodes, notificationDeliveries, sessions, userIdentities, users } from '../../../src/db/schema';
import { hashEmail } from '../../../src/modules/auth/codes';
import { createUser, DEFAULT_PASSWORD, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const UNLIMITED = {
  AUTH_RATE_LIMIT_IP_MAX: '10000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '10000',
  AUTH_BACKOFF_AFTER_FAILURES: '10000',
};

/** Every row of every application table that mentions the user's id or email. */
async function rowsMentioning(db: Db, needles: string[]): Promise<string[]> {
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const tables = await query<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    // The dev mailbox is the stand-in for an SMTP server, not the user's data.
    if (table === 'dev_mailbox_messages') continue;
    for (const needle of needles) {
      const [count] = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} as t where lower(row_to_json(t)::text) like ${`%${needle.toLowerCase()}%`}`,
      );
      if ((count?.n ?? 0) > 0) found.push(`${table}: ${needle}`);
    }
  }
  return found;
}

describe('profile and account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: UNLIMITED });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 to a visitor on every profile call', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile'],
      ['POST', '/api/profile/change-password'],
      ['POST', '/api/profile/logout-all'],
      ['DELETE', '/api/profile'],
    ] as const) {
      const response = await call(t.app, method, url, { body: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('shows the profile and changes language and email notifications, never the username', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    const profile = await call(t.app, 'GET', '/api/profile', { cookie });
    expect(profile.json()).toMatchObject({
      username: user.username,
      email: user.email,
      language: 'it',
      emailNotifications: true,
    });

    const updated = await call(t.app, 'PUT', '/api/profile', {
      cookie,
      body: { language: 'en', emailNotifications: false, username: 'hacker', email: 'other@example.it' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      username: user.username,
      email: user.email,
      language: 'en',
      emailNotifications: false,
    });
    // Messages now follow the new language, whatever the browser says.
    const missing = await call(t.app, 'GET', '/api/nope', { cookie, language: 'it' });
    expect(missing.json().message).toBe('Resource not found.');

    const invalid = await call(t.app, 'PUT', '/api/profile', {
      cookie,
      body: { language: 'fr' },
      language: 'en',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_ERROR');
  });

  it('changes the password after checking the current one, and ends the other sessions', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    const other = await signIn(t.database.db, user);
    const change = (body: object) => call(t.app, 'POST', '/api/profile/change-password', { cookie, body });

    const wrong = await change({
      currentPassword: 'Nope12345',
      newPassword: 'Nuova1234',
      confirmPassword: 'Nuova1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Password errata.' });

    const weak = await change({
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(weak.json().data.fields).toEqual({
      newPassword: ['Usa almeno 8 caratteri, con una lettera maiuscola, una minuscola e un numero'],
    });
    const mismatch = await change({
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Nuova1234',
      confirmPassword: 'Nuova12345',
    });
    expect(mismatch.json().data.fields).toEqual({ confirmPassword: ['Le password non coincidono'] });

    const done = await change({
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Nuova1234',
      confirmPassword: 'Nuova1234',
    });
    expect(done.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/user', { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', { cookie: other })).statusCode).toBe(401);
    const login = (password: string) =>
      call(t.app, 'POST', '/api/login', { body: { email: user.email, password } });
    expect((await login(DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login('Nuova1234')).statusCode).toBe(200);
  });

  it('lets an account without a password set its first one', async () => {
    const user = await createUser(t.database.db, { password: null });
    const cookie = await signIn(t.database.db, user);
    expect((await call(t.app, 'GET', '/api/user', { cookie })).json().hasPassword).toBe(false);
    const done = await call(t.app, 'POST', '/api/profile/change-password', {
      cookie,
      body: { currentPassword: '', newPassword: 'Prima1234', confirmPassword: 'Prima1234' },
    });
    expect(done.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/user', { cookie })).json().hasPassword).toBe(true);
  });

  it('signs out on every device', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    const other = await signIn(t.database.db, user);
    const response = await call(t.app, 'POST', '/api/profile/logout-all', { cookie });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/rt_session=;/);
    for (const session of [cookie, other]) {
      expect((await call(t.app, 'GET', '/api/user', { cookie: session })).statusCode).toBe(401);
    }
  });

  it('deletes the account only with the confirmation word, leaving no row of the user behind', async () => {
    const user = await createUser(t.database.db, { email: 'addio@example.it', fitpCardNumber: '987654' });
    const cookie = await signIn(t.database.db, user);
    await signIn(t.database.db, user);
    await t.database.db
      .insert(userIdentities)
      .values({ userId: user.id, provider: 'google', subject: 'g-123' });
    await call(t.app, 'POST', '/api/request-reset', { body: { email: user.email } });
    await call(t.app, 'POST', '/api/resend-verification', { body: { email: user.email } });
    // An email delivery row: no foreign key reaches it (it lists its notifications, decision 131).
    await t.database.db.insert(notificationDeliveries).values({
      userId: user.id,
      batchId: crypto.randomUUID(),
      channel: 'email',
      notificationIds: [],
    });
    expect(await rowsMentioning(t.database.db, [user.id])).toEqual(
      expect.arrayContaining([
        `notification_deliveries: ${user.id}`,
        `users: ${user.id}`,
        `sessions: ${user.id}`,
        `user_identities: ${user.id}`,
        `auth_codes: ${user.id}`,
      ]),
    );

    const refused = await call(t.app, 'DELETE', '/api/profile', {
      cookie,
      body: { confirmation: 'cancella' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual({
      fields: { confirmation: ['Scrivi esattamente la parola di conferma'] },
    });
    const missing = await call(t.app, 'DELETE', '/api/profile', { cookie, body: {} });
    expect(missing.json().data).toEqual({ fields: { confirmation: ['Questo campo è obbligatorio'] } });
    expect((await call(t.app, 'GET', '/api/user', { cookie })).statusCode).toBe(200);

    const deleted = await call(t.app, 'DELETE', '/api/profile', {
      cookie,
      body: { confirmation: 'elimina' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/rt_session=;/);
    expect((await call(t.app, 'GET', '/api/user', { cookie })).statusCode).toBe(401);

    expect(await rowsMentioning(t.database.db, [user.id, user.email, user.username, '987654'])).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(authCodes)
        .where(eq(authCodes.emailHash, hashEmail(user.email))),
    ).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // The address can register again.
    const again = await call(t.app, 'POST', '/api/register', {
      body: {
        username: user.username,
        email: user.email,
        password: 'Ancora123',
        confirmPassword: 'Ancora123',
      },
    });
    expect(again.statusCode).toBe(201);
    const [reborn] = await t.database.db.select().from(users).where(eq(users.email, user.email));
    expect(reborn?.id).not.toBe(user.id);
  });

  it('accepts the English confirmation word too', async () => {
    const user = await createUser(t.database.db, { language: 'en' });
    const cookie = await signIn(t.database.db, user);
    const deleted = await call(t.app, 'DELETE', '/api/profile', {
      cookie,
      body: { confirmation: ' DELETE ' },
    });
    expect(deleted.statusCode).toBe(204);
  });
});
