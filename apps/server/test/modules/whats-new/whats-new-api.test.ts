import { WHATS_NEW } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe("What's New", () => {
  let t: TestApp;
  let clock = new Date('2026-11-24T09:00:00Z');
  /** The entries released by the test's day (a later one is not shown yet). */
  const released = WHATS_NEW.filter((e) => e.date <= '2026-11-24');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor', async () => {
    expect((await call(t.app, 'GET', '/api/whats-new')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/whats-new/seen')).statusCode).toBe(401);
  });

  it("lists the product's changes in the user's language and the platform updates, unread until opened", async () => {
    // An account older than the latest release: the release is unread for it.
    const user = await createUser(t.database.db, {
      language: 'en',
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
    const cookie = await signIn(t.database.db, user);
    const first = (await call(t.app, 'GET', '/api/whats-new', { cookie })).json();
    expect(released.length).toBeGreaterThan(1);
    expect(first.entries.map((e: { id: string }) => e.id)).toEqual(released.map((e) => e.id));
    expect(first.entries[0]).toEqual({
      id: released[0]?.id,
      date: released[0]?.date,
      ...released[0]?.texts.en,
    });
    expect(first).toMatchObject({ updates: [], lastSeenAt: null, unread: true });

    const seen = await call(t.app, 'POST', '/api/whats-new/seen', { cookie });
    expect(seen.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/whats-new', { cookie })).json()).toMatchObject({
      lastSeenAt: '2026-11-24T09:00:00.000Z',
      unread: false,
    });

    // A platform update received later makes it unread again, and is listed.
    clock = new Date('2026-11-25T09:00:00Z');
    await t.database.db.insert(notifications).values({
      userId: user.id,
      type: 'platform_updates',
      params: { message: 'Manutenzione stanotte alle 2' },
      dedupeKey: 'platform_updates:maintenance',
      batchId: '00000000-0000-4000-8000-000000000001',
      createdAt: clock,
    });
    const after = (await call(t.app, 'GET', '/api/whats-new', { cookie })).json();
    expect(after.unread).toBe(true);
    expect(after.updates).toEqual([
      {
        id: expect.any(String),
        message: 'Manutenzione stanotte alle 2',
        createdAt: '2026-11-25T09:00:00.000Z',
      },
    ]);
  });

  it('does not count as unread what was released before the account existed', async () => {
    const user = await createUser(t.database.db, { createdAt: new Date('2026-11-24T08:00:00Z') });
    const body = (
      await call(t.app, 'GET', '/api/whats-new', { cookie: await signIn(t.database.db, user) })
    ).json();
    expect(body.unread).toBe(false);
    expect(body.entries[0].title).toBe(released[0]?.texts.it.title);
  });
});
