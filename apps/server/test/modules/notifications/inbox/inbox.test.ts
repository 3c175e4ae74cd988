import { apiErrorSchema, notificationListSchema, notificationSchema } from '@radar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../../src/db/schema';
import { createUser, signIn } from '../../../helpers/factories';
import { idsOf, newTournament, notify } from '../../../helpers/notifications';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

describe('the inbox API', () => {
  let t: TestApp;
  let mario: User;
  let marioCookie: string;
  let luca: User;
  let lucaCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true });
    mario = await createUser(t.database.db, { language: 'en' });
    marioCookie = await signIn(t.database.db, mario);
    luca = await createUser(t.database.db);
    lucaCookie = await signIn(t.database.db, luca);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = marioCookie) => t.app.inject({ url, headers: { cookie } });
  const post = (url: string, cookie = marioCookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie } });

  it('needs a signed-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/unread'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
      ['GET', '/api/notifications/types'],
      ['PATCH', '/api/notifications/preferences'],
      ['PATCH', '/api/notifications/preferences/bulk'],
      ['POST', '/api/notifications/device-token'],
      ['GET', '/api/notifications/device-tokens'],
      ['DELETE', '/api/notifications/device-token/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/notifications/device-tokens/deactivate-all'],
    ] as const) {
      // A well-formed body, so only the missing session can be what refuses the call.
      const payload = url.endsWith('/bulk')
        ? { preferences: [{ group: 'documents', channel: 'email', enabled: true }] }
        : url.endsWith('/preferences') && method === 'PATCH'
          ? { group: 'documents', channel: 'email', enabled: true }
          : url.endsWith('/device-token')
            ? { token: 'fcm-token_ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789' }
            : undefined;
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(apiErrorSchema.parse(response.json()).code).toBe('UNAUTHORIZED');
    }
  });

  it('lists newest first with an unread count, and pages with a cursor that new arrivals do not shift', async () => {
    const first = await notify(
      t.database.db,
      t.queue,
      Array.from({ length: 5 }, (_, index) => newTournament(mario.id, `Torneo ${index + 1}`)),
    );
    // Created one call at a time, so their order is the order of creation.
    for (const index of [6, 7]) {
      await notify(t.database.db, t.queue, [newTournament(mario.id, `Torneo ${index}`)]);
    }
    const page1 = notificationListSchema.parse((await get('/api/notifications?limit=3')).json());
    expect(page1.items.map((item) => item.params.tournamentName)).toEqual([
      'Torneo 7',
      'Torneo 6',
      expect.any(String),
    ]);
    expect(page1.unreadCount).toBe(7);
    expect(page1.nextCursor).not.toBeNull();
    expect(page1.items[0]).toMatchObject({
      type: 'new_tournament',
      group: 'new_tournaments',
      read: false,
      readAt: null,
    });

    // Two more arrive while the user reads: the next pages carry on where the first stopped.
    await notify(t.database.db, t.queue, [
      newTournament(mario.id, 'Arrivato dopo 1'),
      newTournament(mario.id, 'Arrivato dopo 2'),
    ]);
    const page2 = notificationListSchema.parse(
      (await get(`/api/notifications?limit=3&cursor=${page1.nextCursor}`)).json(),
    );
    const page3 = notificationListSchema.parse(
      (await get(`/api/notifications?limit=3&cursor=${page2.nextCursor}`)).json(),
    );
    expect(page3.nextCursor).toBeNull();
    // Exactly the seven that were there when paging started, newest first, none twice and none
    // skipped: an offset would repeat the two items the new arrivals pushed down.
    const seen = [...page1.items, ...page2.items, ...page3.items];
    expect(seen.map((item) => item.params.tournamentName)).toHaveLength(7);
    expect(new Set(seen.map((item) => item.params.tournamentName))).toEqual(
      new Set([1, 2, 3, 4, 5, 6, 7].map((index) => `Torneo ${index}`)),
    );
    expect(seen.map((item) => item.id)).toEqual(expect.arrayContaining(idsOf(first)));
    expect([page2.items.length, page3.items.length]).toEqual([3, 1]);
    expect(page3.unreadCount).toBe(9);
    // A cursor past the last notification: no item, the unread count all the same.
    const past = notificationListSchema.parse((await get('/api/notifications?limit=3&cursor=1')).json());
    expect(past).toMatchObject({ items: [], nextCursor: null, unreadCount: 9 });

    // Default page size and validation of the query.
    const all = notificationListSchema.parse((await get('/api/notifications')).json());
    expect(all.items).toHaveLength(9);
    expect((await get('/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await get('/api/notifications?limit=101')).statusCode).toBe(400);
    const badCursor = await get('/api/notifications?cursor=abc');
    expect(badCursor.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badCursor.json()).code).toBe('VALIDATION_ERROR');
  });

  it('shows one notification, reads and unreads it, and reads all', async () => {
    const created = await notify(t.database.db, t.queue, [
      newTournament(luca.id, 'Open di Bari'),
      newTournament(luca.id, 'Open di Lecce'),
    ]);
    const [bari, lecce] = idsOf(created);
    const detail = notificationSchema.parse((await get(`/api/notifications/${bari}`, lucaCookie)).json());
    expect(detail).toMatchObject({
      id: bari,
      type: 'new_tournament',
      params: { tournamentName: 'Open di Bari', reasons: ['region', 'dates'], matchingFilters: 2 },
      read: false,
    });

    const read = notificationSchema.parse((await post(`/api/notifications/${bari}/read`, lucaCookie)).json());
    expect(read.read).toBe(true);
    expect(read.readAt).not.toBeNull();
    // Reading again keeps the first read time.
    const again = notificationSchema.parse(
      (await post(`/api/notifications/${bari}/read`, lucaCookie)).json(),
    );
    expect(again.readAt).toBe(read.readAt);
    expect((await get('/api/notifications/unread-count', lucaCookie)).json()).toEqual({ unreadCount: 1 });

    const unread = notificationSchema.parse(
      (await post(`/api/notifications/${bari}/unread`, lucaCookie)).json(),
    );
    expect(unread).toMatchObject({ read: false, readAt: null });
    expect((await get('/api/notifications/unread-count', lucaCookie)).json()).toEqual({ unreadCount: 2 });

    const all = await post('/api/notifications/read-all', lucaCookie);
    expect(all.json()).toEqual({ updated: 2, unreadCount: 0 });
    const list = notificationListSchema.parse((await get('/api/notifications', lucaCookie)).json());
    expect(list.items.every((item) => item.read)).toBe(true);
    expect(list.items.map((item) => item.id)).toEqual([lecce, bari]);
  });

  it("answers another user's notification like a missing one, and never changes it", async () => {
    const [lucas] = idsOf(await notify(t.database.db, t.queue, [newTournament(luca.id, 'Privato')]));
    for (const response of [
      await get(`/api/notifications/${lucas}`),
      await post(`/api/notifications/${lucas}/read`),
      await post(`/api/notifications/${lucas}/unread`),
      await get('/api/notifications/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Resource not found.', status: 404 });
    }
    const mine = notificationListSchema.parse((await get('/api/notifications?limit=100')).json());
    expect(mine.items.map((item) => item.id)).not.toContain(lucas);
    await post('/api/notifications/read-all');
    const stillUnread = notificationSchema.parse(
      (await get(`/api/notifications/${lucas}`, lucaCookie)).json(),
    );
    expect(stillUnread.read).toBe(false);
    expect((await get('/api/notifications/not-a-uuid')).statusCode).toBe(400);
  });

  it('counts the unread from the inbox index, which carries read_at (migration 0016, decision 133)', async () => {
    const { db } = t.database;
    const indexes = (await db.execute(sql`select indexname, indexdef from pg_indexes
      where tablename = 'notifications' order by indexname`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    };
    // Three index entries per notification: its id, its dedupe key, its place in the inbox.
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'notifications_pkey',
      'notifications_user_dedupe_idx',
      'notifications_user_seq_idx',
    ]);
    expect(indexes.rows[2]?.indexdef).toMatch(/\(user_id, seq DESC NULLS LAST\) INCLUDE \(read_at\)$/);
    // The count reads the index alone (forced here: the test table is too small to need it).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return (await tx.execute(sql`explain select count(*) from notifications
        where user_id = ${mario.id} and read_at is null`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
      /Index Only Scan using notifications_user_seq_idx/,
    );
  });
});
