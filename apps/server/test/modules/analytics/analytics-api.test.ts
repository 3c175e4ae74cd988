import { NOT_FOUND_ROUTE, pageRoute } from '@radar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsReport } from '../../../src/cli/analytics';
import { pageViews } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('page analytics API', () => {
  let t: TestApp;
  // 23:30 UTC on 30 November is already 1 December in Rome.
  let clock = new Date('2026-11-30T23:30:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const view = (path: string, cookie?: string) =>
    call(t.app, 'POST', '/api/analytics/pageview', { body: { path }, ...(cookie ? { cookie } : {}) });

  it('counts views per day (in Italy) and route, parameterised routes as their pattern', async () => {
    expect((await view('/home')).statusCode).toBe(204);
    await view('/home?tab=x');
    await view('/competition/ABC-123');
    await view('/competition/DEF-456#docs');
    await view('/no/such/page');

    const rows = await t.database.db.select().from(pageViews).orderBy(pageViews.route);
    expect(rows).toEqual([
      { day: '2026-12-01', route: NOT_FOUND_ROUTE, views: 1 },
      { day: '2026-12-01', route: '/competition/:guid', views: 2 },
      { day: '2026-12-01', route: '/home', views: 2 },
    ]);
  });

  it('stores no IP, no user id, no path detail: only day, route and count', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    await view(`/communication/${user.id}`, cookie);
    const columns = (await t.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'page_views' order by column_name`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(columns.rows.map((row) => row.column_name)).toEqual(['day', 'route', 'views']);
    const text = JSON.stringify(await t.database.db.select().from(pageViews));
    expect(text).not.toContain(user.id);
    expect(text).toContain('/communication/:notificationId');
  });

  it('refuses a path that is not an app path', async () => {
    for (const path of ['https://evil.example/x', '//evil.example', '', 'home']) {
      const response = await view(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('prints the last 30 days’ top pages, most viewed first', async () => {
    // 31 days later: the views of 1 December are out of the window; today's count.
    clock = new Date('2027-01-01T10:00:00Z');
    await view('/explore');
    await view('/explore');
    await view('/filters');
    let report = await analyticsReport({ db: t.database.db, now: () => clock });
    expect(report.split('\n')).toEqual([
      'Top pages, last 30 days (since 2026-12-03):',
      '  2  /explore',
      '  1  /filters',
    ]);

    clock = new Date('2026-12-30T10:00:00Z');
    report = await analyticsReport({ db: t.database.db, now: () => clock });
    expect(report.split('\n')[0]).toBe('Top pages, last 30 days (since 2026-12-01):');
    expect(report).toContain('/competition/:guid');
  });
});

describe('pageRoute', () => {
  it('maps paths to the route table of spec §2', () => {
    expect(pageRoute('/')).toBe('/');
    expect(pageRoute('/settings/')).toBe('/settings');
    expect(pageRoute('/communication')).toBe('/communication');
    expect(pageRoute('/communication/123')).toBe('/communication/:notificationId');
    expect(pageRoute('/auth/reset-password/confirm?code=1')).toBe('/auth/reset-password/confirm');
    expect(pageRoute('/competition/a/b')).toBe(NOT_FOUND_ROUTE);
  });
});
