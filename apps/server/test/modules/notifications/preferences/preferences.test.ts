import {
  allPreferencesBody,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_GROUPS,
  notificationPreferencesSchema,
  notificationTypesSchema,
} from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../helpers/factories';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

describe('notification preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
  });
  afterAll(() => t.close());

  const as = async (overrides: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(t.database.db, overrides);
    const cookie = await signIn(t.database.db, user);
    const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    return { user, cookie, call };
  };

  it('lists the preference groups with their types, channels and defaults', async () => {
    const { call } = await as();
    const types = notificationTypesSchema.parse((await call('GET', '/api/notifications/types')).json());
    expect(types.channels).toEqual(['email', 'push']);
    expect(types.groups.map((group) => group.group)).toEqual([...NOTIFICATION_GROUPS]);
    expect(types.groups.find((group) => group.group === 'new_tournaments')).toEqual({
      group: 'new_tournaments',
      types: ['new_tournament'],
      defaults: { email: true, push: true },
    });
    expect(types.groups.find((group) => group.group === 'reminder_5h')?.types).toEqual(['reminder_5h']);
    expect(types.groups.find((group) => group.group === 'documents')?.types).toEqual(['new_document']);
  });

  it('starts from the defaults, changes one channel, several at once, and all of them', async () => {
    const { call } = await as();
    const initial = notificationPreferencesSchema.parse(
      (await call('GET', '/api/notifications/preferences')).json(),
    );
    expect(initial.emailNotifications).toBe(true);
    expect(initial.pushNotifications).toBe(false);
    expect(initial.preferences).toEqual(
      NOTIFICATION_GROUPS.map((group) => ({ group, ...DEFAULT_NOTIFICATION_PREFERENCES[group] })),
    );

    const one = await call('PATCH', '/api/notifications/preferences', {
      group: 'new_tournaments',
      channel: 'email',
      enabled: false,
    });
    expect(one.statusCode).toBe(200);
    const afterOne = notificationPreferencesSchema.parse(one.json());
    expect(afterOne.preferences.find((p) => p.group === 'new_tournaments')).toEqual({
      group: 'new_tournaments',
      email: false,
      push: true,
    });

    const bulk = notificationPreferencesSchema.parse(
      (
        await call('PATCH', '/api/notifications/preferences/bulk', {
          preferences: [
            { group: 'scoreboards', channel: 'email', enabled: true },
            { group: 'new_tournaments', channel: 'push', enabled: false },
            { group: 'scoreboards', channel: 'push', enabled: false },
          ],
        })
      ).json(),
    );
    expect(bulk.preferences.find((p) => p.group === 'scoreboards')).toEqual({
      group: 'scoreboards',
      email: true,
      push: false,
    });
    // The earlier change to the same group stays.
    expect(bulk.preferences.find((p) => p.group === 'new_tournaments')).toEqual({
      group: 'new_tournaments',
      email: false,
      push: false,
    });
    // Kept across requests.
    const reread = notificationPreferencesSchema.parse(
      (await call('GET', '/api/notifications/preferences')).json(),
    );
    expect(reread).toEqual(bulk);

    // The enable-all toggle: every channel of every group.
    const allOn = notificationPreferencesSchema.parse(
      (await call('PATCH', '/api/notifications/preferences/bulk', allPreferencesBody(true))).json(),
    );
    expect(allOn.preferences.every((p) => p.email && p.push)).toBe(true);
    const allOff = notificationPreferencesSchema.parse(
      (await call('PATCH', '/api/notifications/preferences/bulk', allPreferencesBody(false))).json(),
    );
    expect(allOff.preferences.some((p) => p.email || p.push)).toBe(false);
  });

  it('rejects unknown groups and channels with per-field messages', async () => {
    const { call } = await as({ language: 'en' });
    const wrong = await call('PATCH', '/api/notifications/preferences', {
      group: 'everything',
      channel: 'sms',
      enabled: 'yes',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { fields: { group: ['Invalid value'], channel: ['Invalid value'], enabled: ['Invalid value'] } },
    });
    const empty = await call('PATCH', '/api/notifications/preferences/bulk', { preferences: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps concurrent changes of the two channels of a group', async () => {
    const { call } = await as();
    await Promise.all([
      call('PATCH', '/api/notifications/preferences', {
        group: 'documents',
        channel: 'email',
        enabled: true,
      }),
      call('PATCH', '/api/notifications/preferences', {
        group: 'documents',
        channel: 'push',
        enabled: false,
      }),
    ]);
    const result = notificationPreferencesSchema.parse(
      (await call('GET', '/api/notifications/preferences')).json(),
    );
    expect(result.preferences.find((p) => p.group === 'documents')).toEqual({
      group: 'documents',
      email: true,
      push: false,
    });
  });
});
