import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { insertCompetition } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('GET /api/stats and /api/config/public', () => {
  let t: TestApp;
  // 1 December 2026, 00:30 in Rome (still 30 November in UTC).
  let clock = new Date('2026-11-30T23:30:00Z');

  beforeAll(async () => {
    t = await createTestApp({
      now: () => clock,
      env: { DONATION_URL: 'https://donate.example/radar', IOS_APP_URL: 'https://apps.example/radar' },
    });
  });
  afterAll(() => t.close());

  it('counts active tournaments (ending today or later, Rome), verified users and regions; public and cached', async () => {
    const db = t.database.db;
    await insertCompetition(db, { regionId: 12, startDate: '2026-11-20', endDate: '2026-11-30' }); // ended yesterday (Rome)
    await insertCompetition(db, { regionId: 12, startDate: '2026-11-28', endDate: '2026-12-01' }); // ends today
    await insertCompetition(db, { regionId: 12, startDate: '2026-12-10', endDate: '2026-12-12' });
    await insertCompetition(db, { regionId: 3, startDate: '2026-12-10', endDate: '2026-12-12' });
    await createUser(db);
    await createUser(db);
    await createUser(db, { emailVerifiedAt: null });

    const response = await call(t.app, 'GET', '/api/stats');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toEqual({
      activeTournaments: 3,
      activeUsers: 2,
      regions: 2,
      regionsTotal: 20,
      byRegion: [
        { regionId: 3, activeTournaments: 1 },
        { regionId: 12, activeTournaments: 2 },
      ],
      countedAt: '2026-11-30T23:30:00.000Z',
    });

    // Within the cache time a new tournament is not counted yet; after it, it is.
    await insertCompetition(db, { regionId: 19, startDate: '2026-12-10', endDate: '2026-12-12' });
    clock = new Date(clock.getTime() + 299_000);
    expect((await call(t.app, 'GET', '/api/stats')).json().activeTournaments).toBe(3);
    clock = new Date(clock.getTime() + 1_000);
    const fresh = (await call(t.app, 'GET', '/api/stats')).json();
    expect(fresh.activeTournaments).toBe(4);
    expect(fresh.regions).toBe(3);
  });

  it('answers the configured links and null for the unset ones', async () => {
    const response = await call(t.app, 'GET', '/api/config/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      donationUrl: 'https://donate.example/radar',
      communityUrl: null,
      iosAppUrl: 'https://apps.example/radar',
      androidAppUrl: null,
      appUrl: 'http://localhost:3000',
    });
  });
});
