import { randomUUID } from 'node:crypto';
import {
  allPreferencesBody,
  NOTIFICATION_GROUPS,
  notificationTypesSchema,
  unsubscribePreferencesSchema,
} from '@radar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, sessions, users } from '../../../../src/db/schema';
import { getNotificationKeys } from '../../../../src/modules/notifications/notification-keys';
import { maskEmail } from '../../../../src/modules/notifications/unsubscribe/unsubscribe.service';
import {
  createUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_MS,
  verifyUnsubscribeToken,
} from '../../../../src/modules/notifications/unsubscribe/unsubscribe-token';
import { createUser, signIn } from '../../../helpers/factories';
import { newTournament, notify } from '../../../helpers/notifications';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

const secret = Buffer.from('a-test-secret-of-at-least-32-characters');

describe('unsubscribe tokens', () => {
  const userId = randomUUID();
  const now = new Date('2026-11-01T10:00:00Z');

  it('are signed, name their user and expire after 30 days', () => {
    const token = createUnsubscribeToken(secret, userId, now);
    expect(token).toMatch(/^v1\.[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
    expect(verifyUnsubscribeToken(secret, token, now)).toEqual({
      ok: true,
      userId,
      expiresAt: new Date(now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS),
    });
    const day29 = new Date(now.getTime() + 29 * 24 * 3600 * 1000);
    expect(verifyUnsubscribeToken(secret, token, day29).ok).toBe(true);
    const day31 = new Date(now.getTime() + 31 * 24 * 3600 * 1000);
    expect(verifyUnsubscribeToken(secret, token, day31)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are invalid when any part is changed, or signed with another key', () => {
    const token = createUnsubscribeToken(secret, userId, now);
    const [version, id, expires, signature] = token.split('.') as [string, string, string, string];
    const otherUser = randomUUID();
    for (const tampered of [
      `${version}.${otherUser}.${expires}.${signature}`,
      `${version}.${id}.${Number(expires) + 86_400 * 365}.${signature}`,
      `${version}.${id}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `v2.${id}.${expires}.${signature}`,
      `${token}.extra`,
      'nonsense',
      '',
    ]) {
      expect(verifyUnsubscribeToken(secret, tampered, now), tampered).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(verifyUnsubscribeToken(Buffer.from('another-secret-another-secret-123'), token, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // An expired token that was also tampered with is invalid, not expired.
    const old = createUnsubscribeToken(secret, userId, new Date('2020-01-01T00:00:00Z'));
    expect(verifyUnsubscribeToken(secret, `${old.slice(0, -2)}xx`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('hide most of the address they show', () => {
    expect(maskEmail('mario.rossi@example.it')).toBe('ma•••@example.it');
    expect(maskEmail('a@b.it')).toBe('a•••@b.it');
  });
});

describe('the tokenised unsubscribe calls', () => {
  let t: TestApp;
  let key: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
    key = (await getNotificationKeys(t.database.db, t.config)).unsubscribeSecret;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object, language = 'it') =>
    t.app.inject({ method, url, headers: { 'accept-language': language }, ...(payload ? { payload } : {}) });

  it('show and change the link user’s preferences without logging in', async () => {
    const user = await createUser(t.database.db, { email: 'giulia.bianchi@example.it' });
    const token = createUnsubscribeToken(key, user.id, new Date());
    const shown = unsubscribePreferencesSchema.parse(
      (await call('GET', `/api/notifications/unsubscribe/${token}/preferences`)).json(),
    );
    expect(shown.account).toEqual({ username: user.username, email: 'gi•••@example.it' });
    expect(shown.emailNotifications).toBe(true);
    expect(shown.preferences.find((p) => p.group === 'new_tournaments')).toEqual({
      group: 'new_tournaments',
      email: true,
      push: true,
    });
    const types = notificationTypesSchema.parse(
      (await call('GET', `/api/notifications/unsubscribe/${token}/types`)).json(),
    );
    expect(types.groups).toHaveLength(NOTIFICATION_GROUPS.length);

    const one = unsubscribePreferencesSchema.parse(
      (
        await call('PATCH', `/api/notifications/unsubscribe/${token}/preferences`, {
          group: 'new_tournaments',
          channel: 'email',
          enabled: false,
        })
      ).json(),
    );
    expect(one.preferences.find((p) => p.group === 'new_tournaments')?.email).toBe(false);
    const bulk = unsubscribePreferencesSchema.parse(
      (
        await call(
          'PATCH',
          `/api/notifications/unsubscribe/${token}/preferences/bulk`,
          allPreferencesBody(false),
        )
      ).json(),
    );
    expect(bulk.preferences.some((p) => p.email || p.push)).toBe(false);

    // The signed-in API sees the same choices.
    const cookie = await signIn(t.database.db, user);
    const signedIn = (
      await t.app.inject({ url: '/api/notifications/preferences', headers: { cookie } })
    ).json();
    expect(signedIn.preferences).toEqual(bulk.preferences);
  });

  it('tell a tampered, an expired and an orphaned link apart, in the visitor’s language', async () => {
    const user = await createUser(t.database.db);
    const valid = createUnsubscribeToken(key, user.id, new Date());
    const tampered = `${valid.slice(0, -3)}abc`;
    const expired = createUnsubscribeToken(
      key,
      user.id,
      new Date(Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 60_000),
    );
    const orphan = createUnsubscribeToken(key, randomUUID(), new Date());
    const cases = [
      [tampered, 400, 'UNSUBSCRIBE_TOKEN_INVALID', 'This link is not valid or has been tampered with.'],
      [expired, 410, 'UNSUBSCRIBE_TOKEN_EXPIRED', 'This link has expired.'],
      [orphan, 404, 'UNSUBSCRIBE_USER_NOT_FOUND', 'The account of this link no longer exists.'],
    ] as const;
    for (const [token, status, code, message] of cases) {
      for (const [method, path, body] of [
        ['GET', 'preferences', undefined],
        ['GET', 'types', undefined],
        ['PATCH', 'preferences', { group: 'documents', channel: 'email', enabled: false }],
        ['PATCH', 'preferences/bulk', allPreferencesBody(false)],
        ['DELETE', 'account', undefined],
      ] as const) {
        const response = await call(method, `/api/notifications/unsubscribe/${token}/${path}`, body, 'en');
        expect(response.statusCode, `${code} ${method} ${path}`).toBe(status);
        expect(response.json().code).toBe(code);
        expect(response.json().message).toContain(message);
      }
    }
    const italian = await call('GET', `/api/notifications/unsubscribe/${expired}/preferences`);
    expect(italian.json().message).toMatch(/^Questo link è scaduto/);
    // Nothing was changed or deleted by the refused calls.
    const [stillThere] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stillThere).toBeDefined();
  });

  it('delete the account and everything of it', async () => {
    const user = await createUser(t.database.db);
    await signIn(t.database.db, user);
    await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Como')]);
    const deliveriesOfUser = () =>
      t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, user.id));
    expect(await deliveriesOfUser()).toHaveLength(1);
    const token = createUnsubscribeToken(key, user.id, new Date());
    const deleted = await call('DELETE', `/api/notifications/unsubscribe/${token}/account`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual(
      [],
    );
    // Its email delivery row too (no foreign key reaches it, decision 131).
    expect(await deliveriesOfUser()).toEqual([]);
    // The link now belongs to nobody.
    const again = await call('DELETE', `/api/notifications/unsubscribe/${token}/account`);
    expect(again.json().code).toBe('UNSUBSCRIBE_USER_NOT_FOUND');
  });

  it('one-click: email off for the groups of the link, or for every group', async () => {
    const user = await createUser(t.database.db);
    const token = createUnsubscribeToken(key, user.id, new Date());
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // A GET of the link (a mail scanner following it) changes nothing.
    await t.app.inject({ url: `/unsubscribe?token=${token}&groups=reminder_1w` });
    const untouched = unsubscribePreferencesSchema.parse(
      (await call('GET', `/api/notifications/unsubscribe/${token}/preferences`)).json(),
    );
    expect(untouched.preferences.find((p) => p.group === 'reminder_1w')?.email).toBe(true);
    const some = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}&groups=reminder_1w,reminder_3d,bogus`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(some.json()).toEqual({ unsubscribed: ['reminder_1w', 'reminder_3d'] });
    let shown = unsubscribePreferencesSchema.parse(
      (await call('GET', `/api/notifications/unsubscribe/${token}/preferences`)).json(),
    );
    expect(shown.preferences.filter((p) => !p.email).map((p) => p.group)).toEqual([
      'documents',
      'scoreboards',
      'reminder_1w',
      'reminder_3d',
    ]);
    // Push is untouched.
    expect(shown.preferences.find((p) => p.group === 'reminder_1w')?.push).toBe(true);

    // A webmail posting from its own site is not a forgery: the token is the authority.
    const fromWebmail = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}&groups=reminder_1d`,
      headers: { ...form, origin: 'https://mail.example.com' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(fromWebmail.statusCode).toBe(200);
    expect(fromWebmail.json()).toEqual({ unsubscribed: ['reminder_1d'] });
    // The tokenised API of the page keeps the guard.
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/unsubscribe/${token}/preferences`,
      headers: { origin: 'https://evil.example' },
      payload: { group: 'documents', channel: 'push', enabled: false },
    });
    expect(foreign.statusCode).toBe(403);

    const all = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(all.statusCode).toBe(200);
    shown = unsubscribePreferencesSchema.parse(
      (await call('GET', `/api/notifications/unsubscribe/${token}/preferences`)).json(),
    );
    expect(shown.preferences.every((p) => !p.email)).toBe(true);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe?token=v1.x',
      headers: form,
      payload: '',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
  });
});
