import {
  allPreferencesBody,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_GROUPS,
  notificationPreferencesSchema,
  notificationTypesSchema,
} from '@radar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, users } from '../../../src/db/schema';
import { DELIVERY_QUEUES } from '../../../src/modules/notifications/delivery-queues';
import {
  createNotifications,
  InvalidNotificationError,
} from '../../../src/modules/notifications/notifications.service';
import { createUser, signIn } from '../../helpers/factories';
import { newTournament, notify } from '../../helpers/notifications';
import { createTestApp, type TestApp } from '../../helpers/test-app';

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

describe('createNotifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
  });
  afterAll(() => t.close());

  const jobsIn = async (channel: 'email' | 'push') => {
    const queue = t.queue;
    if (!queue) throw new Error('queue expected');
    return queue.findJobs<{ deliveryId: string }>(DELIVERY_QUEUES[channel]);
  };

  it('creates each (user, dedupe key) once, however often it is called', async () => {
    const user = await createUser(t.database.db);
    const item = newTournament(user.id, 'Open di Torino');
    const first = await notify(t.database.db, t.queue, [item, { ...item }]);
    expect(first.created).toHaveLength(1);
    expect(first.duplicates).toBe(1);
    const second = await notify(t.database.db, t.queue, [item]);
    expect(second).toEqual({ created: [], duplicates: 1 });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(1);
    const deliveries = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id));
    expect(deliveries.map((row) => row.channel)).toEqual(['email']);
    // The job carries the delivery and has its id: it cannot be enqueued twice.
    const jobs = (await jobsIn('email')).filter((job) => job.data.deliveryId === deliveries[0]?.id);
    expect(jobs.map((job) => job.id)).toEqual([deliveries[0]?.id]);
  });

  it('fans out by preference: the profile email switch wins, push needs a device', async () => {
    const db = t.database.db;
    const plain = await createUser(db);
    const noEmail = await createUser(db, { emailNotifications: false });
    const unverified = await createUser(db, { emailVerifiedAt: null });
    const pushNoDevice = await createUser(db, { pushNotifications: true });
    const groupOff = await createUser(db);
    const cookie = await signIn(db, groupOff);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { cookie },
      payload: { group: 'new_tournaments', channel: 'email', enabled: false },
    });
    const result = await notify(db, t.queue, [
      newTournament(plain.id, 'A'),
      newTournament(noEmail.id, 'B'),
      newTournament(unverified.id, 'C'),
      newTournament(pushNoDevice.id, 'D'),
      newTournament(groupOff.id, 'E'),
      {
        userId: plain.id,
        type: 'new_scoreboard',
        params: { tournamentName: 'A' },
        dedupeKey: 'scoreboard:A',
      },
    ]);
    // Scoreboards are push-only by default, and push needs a registered device.
    expect(result.created.map((item) => item.channels)).toEqual([['email'], [], [], ['email'], [], []]);
    // Every notification is in the inbox whatever the channels.
    for (const user of [plain, noEmail, unverified, pushNoDevice, groupOff]) {
      const rows = await db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(rows.length).toBeGreaterThan(0);
    }
  });

  it('rolls back with the caller: no notification, no delivery, no job', async () => {
    const user = await createUser(t.database.db);
    const before = (await jobsIn('email')).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await createNotifications(tx, [newTournament(user.id, 'Annullato')], { queue: t.queue as never });
        throw new Error('the ingest failed after creating them');
      }),
    ).rejects.toThrow('the ingest failed');
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual(
      [],
    );
    expect((await jobsIn('email')).length).toBe(before);
  });

  it('refuses what is not an inbox notification', async () => {
    const user = await createUser(t.database.db);
    const queue = t.queue as never;
    await expect(
      createNotifications(
        t.database.db,
        [{ userId: user.id, type: 'welcome_email' as never, dedupeKey: 'w' }],
        {
          queue,
        },
      ),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
    await expect(
      createNotifications(t.database.db, [{ userId: user.id, type: 'new_tournament', dedupeKey: ' ' }], {
        queue,
      }),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
    await expect(
      createNotifications(
        t.database.db,
        [{ userId: user.id, type: 'new_tournament', params: { matchingFilters: -1 }, dedupeKey: 'x' }],
        { queue },
      ),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toBeDefined();
  });
});
