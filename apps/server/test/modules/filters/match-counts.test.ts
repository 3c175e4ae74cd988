import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { insertCompetition } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('GET /api/filters/match-counts', () => {
  let t: TestApp;
  const clock = new Date('2026-11-23T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor', async () => {
    expect((await call(t.app, 'GET', '/api/filters/match-counts')).statusCode).toBe(401);
  });

  it('counts, per filter of the user, the current tournaments it matches (concluded ones left out)', async () => {
    const db = t.database.db;
    await insertCompetition(db, {
      regionId: 12,
      provinceId: 58,
      codFonte: 1,
      startDate: '2026-12-01',
      endDate: '2026-12-03',
      drawKeys: ['Maschile|4|open'],
    });
    await insertCompetition(db, {
      regionId: 12,
      provinceId: 59,
      codFonte: 1,
      startDate: '2026-11-20',
      endDate: '2026-11-24',
    });
    await insertCompetition(db, {
      regionId: 12,
      provinceId: 58,
      codFonte: 1,
      startDate: '2026-11-01',
      endDate: '2026-11-05',
    }); // concluded
    await insertCompetition(db, {
      regionId: 3,
      provinceId: 15,
      codFonte: 2,
      startDate: '2026-12-10',
      endDate: '2026-12-12',
    });

    const user = await createUser(db);
    const cookie = await signIn(db, user);
    const create = async (body: object) => {
      const response = await call(t.app, 'POST', '/api/filters', { cookie, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const lazio = await create({ name: 'Lazio', regionId: 12 });
    const roma = await create({ name: 'Roma', regionId: 12, provinceId: 58 });
    const tpra = await create({ name: 'TPRA', codFonte: 2 });
    const none = await create({ name: 'Sicilia', regionId: 19 });
    // Another user's filter is not in the answer.
    const other = await createUser(db);
    await call(t.app, 'POST', '/api/filters', { cookie: await signIn(db, other), body: { name: 'Altro' } });

    const response = await call(t.app, 'GET', '/api/filters/match-counts', { cookie });
    expect(response.statusCode).toBe(200);
    const counts = Object.fromEntries(
      (response.json().items as { filterId: string; count: number }[]).map((i) => [i.filterId, i.count]),
    );
    expect(counts).toEqual({ [lazio]: 2, [roma]: 1, [tpra]: 1, [none]: 0 });
  });
});
