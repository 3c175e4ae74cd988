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
