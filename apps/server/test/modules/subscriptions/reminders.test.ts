import { romeLocalToInstant } from '@radar/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, notifications, reminders, type User } from '../../../src/db/schema';
import { runReminderPass } from '../../../src/modules/subscriptions/reminders.service';
import { createUser, signIn } from '../../helpers/factories';
import { followOk, insertCompetition, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const HOUR = 3_600_000;

describe('registration reminders through a whole registration window', () => {
  let t: TestApp;
  let clock: Date;
  const setClock = (iso: string | Date) => {
    clock = new Date(iso);
  };

  beforeAll(async () => {
    setClock('2026-10-15T00:00:00Z');
    t = await createTestApp({ withQueue: true, now: () => clock });
  });
  afterAll(() => t.close());

  const pass = () => {
    const queue = t.queue;
    if (!queue) throw new Error('queue expected');
    return runReminderPass({ db: t.database.db, queue, now: () => clock, batchSize: 3 });
  };
  const as = async (user: User) => subscriptionsClient(t.app, await signIn(t.database.db, user));
  const reminderRows = (userIds: string[]) =>
    t.database.db
      .select({ userId: notifications.userId, type: notifications.type, params: notifications.params })
      .from(notifications)
      .where(inArray(notifications.userId, userIds));

  it('sends exactly the four reminders to each follower, at their Rome-calendar times across the October DST change, and none to unfollowed, lost or muted ones', async () => {
    const db = t.database.db;
    // Registration closes Friday 30 October 2026 at 18:00 Rome (CET, after the 25 October change).
    const deadline = romeLocalToInstant(2026, 10, 30, 18);
    const { guid, uuid } = await insertCompetition(db, {
      name: 'Open d’autunno',
      startDate: '2026-11-05',
      endDate: '2026-11-08',
      registrationOpensAt: new Date('2026-10-01T00:00:00Z'), // followed from 15 October
      registrationClosesAt: deadline,
    });
    const expectedDue = {
      reminder_1w: '2026-10-23T16:00:00.000Z', // 18:00 CEST
      reminder_3d: '2026-10-27T17:00:00.000Z', // 18:00 CET
      reminder_1d: '2026-10-29T17:00:00.000Z',
      reminder_5h: '2026-10-30T12:00:00.000Z', // 5 elapsed hours
    };

    const names = [
      'plain',
      'unfollowed',
      'lost',
      'muted',
      'mutedThenOn',
      'lateFollower',
      'lostThenBack',
    ] as const;
    const users = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await createUser(db)] as const)),
    ) as Record<(typeof names)[number], User>;
    const clients = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await as(users[n])] as const)),
    ) as Record<(typeof names)[number], ReturnType<typeof subscriptionsClient>>;

    const ids: Partial<Record<(typeof names)[number], string>> = {};
    for (const n of names) if (n !== 'lateFollower') ids[n] = await followOk(clients[n], guid, uuid);
    await clients.unfollowed.unfollow(ids.unfollowed as string);
    await clients.lost.lost(ids.lost as string, true);
    await clients.muted.notifications(ids.muted as string, false);
    await clients.mutedThenOn.notifications(ids.mutedThenOn as string, false);
    await clients.lostThenBack.lost(ids.lostThenBack as string, true);

    // Walk the clock hour by hour through the window, two schedulers racing at every step, and
    // a third pass after them; record when each reminder appears.
    const seen = new Map<string, string>();
    const end = new Date('2026-11-02T00:00:00Z');
    for (; clock < end; setClock(new Date(clock.getTime() + HOUR))) {
      if (clock.toISOString() === '2026-10-16T00:00:00.000Z') {
        await clients.mutedThenOn.notifications(ids.mutedThenOn as string, true);
      }
      if (clock.toISOString() === '2026-10-24T00:00:00.000Z') {
        ids.lateFollower = await followOk(clients.lateFollower, guid, uuid);
      }
      if (clock.toISOString() === '2026-10-28T00:00:00.000Z') {
        await clients.lostThenBack.lost(ids.lostThenBack as string, false);
      }
      await Promise.all([pass(), pass()]);
      await pass();
      for (const row of await reminderRows(Object.values(users).map((u) => u.id))) {
        const key = `${row.userId}:${row.type}`;
        if (!seen.has(key)) seen.set(key, clock.toISOString());
      }
    }

    const sentTo = (user: User) =>
      Object.fromEntries(
        [...seen].filter(([key]) => key.startsWith(`${user.id}:`)).map(([k, at]) => [k.split(':')[1], at]),
      );
    expect(sentTo(users.plain)).toEqual(expectedDue);
    expect(sentTo(users.mutedThenOn)).toEqual(expectedDue);
    expect(sentTo(users.unfollowed)).toEqual({});
    expect(sentTo(users.lost)).toEqual({});
    expect(sentTo(users.muted)).toEqual({});
    // Followed after the week-before point: that one is not sent late.
    const { reminder_1w: _, ...fromThreeDays } = expectedDue;
    expect(sentTo(users.lateFollower)).toEqual(fromThreeDays);
    // Lost until the 28th: the 3-day one passed meanwhile and is not sent late.
    expect(sentTo(users.lostThenBack)).toEqual({
      reminder_1d: expectedDue.reminder_1d,
      reminder_5h: expectedDue.reminder_5h,
    });

    // None twice: one notification per (user, type), with the tournament's parameters.
    const rows = await reminderRows(Object.values(users).map((u) => u.id));
    expect(rows).toHaveLength(4 + 4 + 3 + 2);
    expect(new Set(rows.map((r) => `${r.userId}:${r.type}`)).size).toBe(rows.length);
    expect(rows[0]?.params).toEqual({
      tournamentName: 'Open d’autunno',
      competitionGuid: guid,
      tournamentUuid: uuid,
      registrationDeadline: deadline.toISOString(),
    });
    // Passes after the window send nothing more.
    expect(await pass()).toMatchObject({ sent: 0 });
  }, 240_000);

  it('sends only the latest due reminder after downtime, and nothing once registration has closed', async () => {
    const db = t.database.db;
    setClock('2026-06-01T08:00:00Z');
    const deadline = romeLocalToInstant(2026, 6, 20, 12); // 10:00Z
    const { guid, uuid } = await insertCompetition(db, {
      startDate: '2026-06-25',
      endDate: '2026-06-26',
      registrationOpensAt: new Date('2026-06-01T00:00:00Z'),
      registrationClosesAt: deadline,
    });
    const user = await createUser(db);
    const other = await createUser(db);
    await followOk(await as(user), guid, uuid);
    await followOk(await as(other), guid, uuid);

    // The scheduler was down from before the 1w point until just after the 3d point.
    setClock('2026-06-17T10:30:00Z');
    expect(await pass()).toMatchObject({ sent: 2, skipped: 2 });
    expect((await reminderRows([user.id])).map((r) => r.type)).toEqual(['reminder_3d']);
    // Down again until after the deadline: the 1d and 5h ones are never sent.
    setClock('2026-06-20T10:00:00Z');
    expect(await pass()).toMatchObject({ sent: 0, skipped: 4 });
    expect((await reminderRows([user.id, other.id])).map((r) => r.type).sort()).toEqual([
      'reminder_3d',
      'reminder_3d',
    ]);
  });

  it('reschedules pending reminders when the deadline moves, and a follow of a competition without a deadline has none', async () => {
    const db = t.database.db;
    setClock('2026-07-01T08:00:00Z');
    const deadline = new Date('2026-07-20T10:00:00Z');
    const { guid, uuid } = await insertCompetition(db, {
      startDate: '2026-07-25',
      endDate: '2026-07-26',
      registrationOpensAt: new Date('2026-07-01T00:00:00Z'),
      registrationClosesAt: deadline,
    });
    const user = await createUser(db);
    const id = await followOk(await as(user), guid, uuid);
    // The federation moves the deadline a week later (ingestion updates the row; the pass
    // notices the row no longer matches even before the event is consumed).
    await db
      .update(competitions)
      .set({ registrationClosesAt: new Date('2026-07-27T10:00:00Z') })
      .where(eq(competitions.guid, guid));
    setClock('2026-07-13T10:00:00Z'); // the old 1w point
    expect(await pass()).toMatchObject({ sent: 0 });
    const rows = await db.select().from(reminders).where(eq(reminders.subscriptionId, id));
    expect(Object.fromEntries(rows.map((r) => [r.type, [r.status, r.dueAt.toISOString()]]))).toEqual({
      reminder_1w: ['pending', '2026-07-20T10:00:00.000Z'],
      reminder_3d: ['pending', '2026-07-24T10:00:00.000Z'],
      reminder_1d: ['pending', '2026-07-26T10:00:00.000Z'],
      reminder_5h: ['pending', '2026-07-27T05:00:00.000Z'],
    });
    setClock('2026-07-20T10:00:00Z');
    expect(await pass()).toMatchObject({ sent: 1 });

    const noDeadline = await insertCompetition(db, { startDate: '2026-08-01', endDate: '2026-08-02' });
    const other = await followOk(await as(user), noDeadline.guid, noDeadline.uuid);
    expect(await db.select().from(reminders).where(eq(reminders.subscriptionId, other))).toEqual([]);
    // Ingestion learns the deadline later (no event for a first value): the next pass schedules it.
    await db
      .update(competitions)
      .set({ registrationClosesAt: new Date('2026-07-30T10:00:00Z') })
      .where(eq(competitions.guid, noDeadline.guid));
    expect(await pass()).toMatchObject({ scheduled: 1, sent: 0 });
    const scheduled = await db.select().from(reminders).where(eq(reminders.subscriptionId, other));
    expect(scheduled.map((r) => [r.type, r.status]).sort()).toEqual([
      ['reminder_1d', 'pending'],
      ['reminder_1w', 'pending'],
      ['reminder_3d', 'pending'],
      ['reminder_5h', 'pending'],
    ]);
    expect(await pass()).toMatchObject({ scheduled: 0 });
  });

  it('does not send a reminder whose follower turned notifications off after it was scheduled', async () => {
    const db = t.database.db;
    setClock('2026-08-01T08:00:00Z');
    const { guid, uuid } = await insertCompetition(db, {
      startDate: '2026-08-25',
      endDate: '2026-08-26',
      registrationOpensAt: new Date('2026-08-01T00:00:00Z'),
      registrationClosesAt: new Date('2026-08-20T10:00:00Z'),
    });
    const user = await createUser(db);
    const client = await as(user);
    const id = await followOk(client, guid, uuid);
    await client.notifications(id, false);
    // Even if a row were left pending (e.g. written by an older version), the pass checks again.
    await db
      .update(reminders)
      .set({ status: 'pending' })
      .where(and(eq(reminders.subscriptionId, id), eq(reminders.type, 'reminder_1w')));
    setClock('2026-08-13T10:00:00Z');
    expect(await pass()).toMatchObject({ sent: 0, cancelled: 1 });
    expect(await reminderRows([user.id])).toEqual([]);
  });
});
