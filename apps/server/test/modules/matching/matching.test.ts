/**
 * The matching engine: new competitions reach the users whose enabled filters match them, one
 * notification per user and competition with the reasons and the count, exactly once.
 */
import {
  addDays,
  type FilterCriteria,
  type FilterReason,
  matchReasonValues,
  notificationParamsSchema,
  romeDate,
  romeLocalToInstant,
  shownDistanceKm,
  timePeriodWindow,
} from '@radar/shared';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  competitions,
  federationStatus,
  filters,
  notificationDeliveries,
  notifications,
} from '../../../src/db/schema';
import { readCursor } from '../../../src/modules/events/event-consumer';
import { matchInstant } from '../../../src/modules/filters/filter-sql';
import { findUserMatches } from '../../../src/modules/matching/matching.repository';
import {
  MATCHING_CONSUMER,
  newTournamentDedupeKey,
  runMatching,
} from '../../../src/modules/matching/matching.service';
import { DELIVERY_QUEUES } from '../../../src/modules/notifications/delivery-queues';
import { createUser } from '../../helpers/factories';
import {
  newTournamentNotifications,
  publishCompetitions,
  resetCursor,
  saveFilter,
  type TestCompetition,
} from '../../helpers/matching';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/** Wednesday 10 June 2026, 10:00 in Rome. */
const NOW = new Date('2026-06-10T08:00:00Z');
const TODAY = romeDate(NOW);

/** Lazio (12), Roma (58); starts in 10 days; registration open now; two draws. */
const LAZIO: TestCompetition = {
  guid: 'M-LAZIO',
  name: 'Open di Roma',
  regionId: 12,
  provinceId: 58,
  codFonte: 1,
  startDate: '2026-06-20',
  endDate: '2026-06-28',
  prizeMoney: 800,
  idStato: 4,
  registrationOpensAt: new Date('2026-06-01T07:00:00Z'),
  registrationClosesAt: new Date('2026-06-19T10:00:00Z'),
  draws: [
    { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
    { type: 'Femminile', categoryClass: 3, ageCategory: 'giovanili' },
  ],
};

type Case = { criteria: Partial<FilterCriteria>; reasons: FilterReason[] | null };

/** One filter per case against LAZIO: the reasons when it matches, null when it must not. */
const FIELD_CASES: Record<string, Case> = {
  'all (no criterion)': { criteria: {}, reasons: [] },
  region: { criteria: { regionId: 12 }, reasons: ['region'] },
  'other region': { criteria: { regionId: 3 }, reasons: null },
  province: { criteria: { regionId: 12, provinceId: 58 }, reasons: ['region', 'province'] },
  'province alone': { criteria: { provinceId: 58 }, reasons: ['province'] },
  'other province': { criteria: { regionId: 12, provinceId: 59 }, reasons: null },
  codFonte: { criteria: { codFonte: 1 }, reasons: ['type'] },
  'other codFonte': { criteria: { codFonte: 2 }, reasons: null },
  'status open registration': { criteria: { idStatopuc: 3 }, reasons: ['status'] },
  'status upcoming': { criteria: { idStatopuc: 4 }, reasons: null },
  'status ongoing': { criteria: { idStatopuc: 2 }, reasons: null },
  'status concluded': { criteria: { idStatopuc: 1 }, reasons: null },
  'from its last day': { criteria: { dataInizio: '2026-06-28' }, reasons: ['dates'] },
  'from after it': { criteria: { dataInizio: '2026-06-29' }, reasons: null },
  'to its first day': { criteria: { dataFine: '2026-06-20' }, reasons: ['dates'] },
  'to before it': { criteria: { dataFine: '2026-06-19' }, reasons: null },
  'prize 500-1000': { criteria: { prize: 1000 }, reasons: ['prize'] },
  'prize up to 500': { criteria: { prize: 500 }, reasons: null },
  'prize over 1000': { criteria: { prize: 1001 }, reasons: null },
  'type of the second draw': { criteria: { tipoTorneo: 'Femminile' }, reasons: ['type'] },
  'other type': { criteria: { tipoTorneo: 'Misto' }, reasons: null },
  'category class': { criteria: { catClass: 3 }, reasons: ['category'] },
  'other category class': { criteria: { catClass: 1 }, reasons: null },
  'age category': { criteria: { catEta: 'giovanili' }, reasons: ['category'] },
  'other age category': { criteria: { catEta: 'veterani' }, reasons: null },
  'one draw meets all': {
    criteria: { tipoTorneo: 'Femminile', catClass: 3, catEta: 'giovanili' },
    reasons: ['type', 'category'],
  },
  'criteria from two different draws': { criteria: { tipoTorneo: 'Femminile', catClass: 4 }, reasons: null },
  'next month': { criteria: { timePeriod: 'next_month' }, reasons: ['dates'] },
  'everything set': {
    criteria: {
      regionId: 12,
      provinceId: 58,
      codFonte: 1,
      idStatopuc: 3,
      dataInizio: '2026-06-01',
      dataFine: '2026-07-01',
      prize: 1000,
      tipoTorneo: 'Maschile',
      catClass: 4,
      catEta: 'open',
      timePeriod: 'next_3_months',
    },
    reasons: ['region', 'province', 'status', 'dates', 'prize', 'type', 'category'],
  },
  'everything set, one wrong': {
    criteria: { regionId: 12, provinceId: 58, codFonte: 1, prize: 1000, tipoTorneo: 'Maschile', catClass: 3 },
    reasons: null,
  },
};

describe('matching engine', () => {
  let t: TestApp;
  let queue: PgBoss;
  let clock = NOW;
  const match = () => runMatching({ db: t.database.db, queue, now: () => clock });
  const newUser = () => createUser(t.database.db, { password: null });
  const notified = async (userId: string) =>
    (await newTournamentNotifications(t.database.db)).filter((n) => n.userId === userId);

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, now: () => clock });
    if (!t.queue) throw new Error('queue expected');
    queue = t.queue;
    // A finished ingestion pass, before anything below was recorded.
    await t.database.db.insert(federationStatus).values({
      id: 'fitp',
      state: 'up',
      lastIngestStartedAt: new Date(NOW.getTime() - 3_600_000),
      lastIngestFinishedAt: new Date(NOW.getTime() - 3_000_000),
      updatedAt: NOW,
    } as typeof federationStatus.$inferInsert);
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test counts what its own filters do: the filters of the tests before it are turned off.
  beforeEach(async () => {
    await t.database.db.update(filters).set({ notificationsEnabled: false });
  });

  it("matches every field, 'all' values included, with the reasons of the filter", async () => {
    const users = new Map<string, string>();
    for (const [name, c] of Object.entries(FIELD_CASES)) {
      const user = await newUser();
      users.set(name, user.id);
      await saveFilter(t.database.db, user.id, { name, ...c.criteria });
    }
    await publishCompetitions(t.database.db, [LAZIO], NOW);
    const summary = await match();
    expect(summary).toMatchObject({ events: 1, waiting: false });

    const all = await newTournamentNotifications(t.database.db);
    for (const [name, c] of Object.entries(FIELD_CASES)) {
      const mine = all.filter((n) => n.userId === users.get(name));
      if (c.reasons === null) {
        expect(mine, name).toEqual([]);
      } else {
        expect(mine, name).toEqual([
          expect.objectContaining({
            competitionGuid: LAZIO.guid,
            reasons: c.reasons,
            matchingFilters: 1,
            dedupeKey: `new_tournament:${LAZIO.guid}`,
            batchId: summary.batchId,
          }),
        ]);
      }
    }
    expect(summary.notifications).toBe(Object.values(FIELD_CASES).filter((c) => c.reasons).length);
  });

  it('sends each user one notification per competition, with the count and the union of the reasons of their enabled filters only', async () => {
    const many = await newUser();
    await saveFilter(t.database.db, many.id, { regionId: 12 });
    await saveFilter(t.database.db, many.id, { tipoTorneo: 'Femminile', catClass: 3 });
    await saveFilter(t.database.db, many.id, { prize: 1000, codFonte: 1 });
    await saveFilter(t.database.db, many.id, { idStatopuc: 3, notificationsEnabled: false });
    await saveFilter(t.database.db, many.id, { regionId: 3 });
    const disabledOnly = await newUser();
    await saveFilter(t.database.db, disabledOnly.id, { regionId: 12, notificationsEnabled: false });
    await saveFilter(t.database.db, disabledOnly.id, { notificationsEnabled: false });

    const second = { ...LAZIO, guid: 'M-LAZIO-2', name: 'Open di Roma 2' };
    const third = { ...LAZIO, guid: 'M-LAZIO-3', name: 'Open di Roma 3', prizeMoney: 5000 };
    await publishCompetitions(t.database.db, [second, third], NOW);
    const summary = await match();
    expect(summary.events).toBe(2);

    const mine = (await notified(many.id)).sort((a, b) => a.competitionGuid.localeCompare(b.competitionGuid));
    expect(mine).toEqual([
      expect.objectContaining({
        competitionGuid: 'M-LAZIO-2',
        matchingFilters: 3,
        reasons: ['region', 'prize', 'type', 'category'],
      }),
      expect.objectContaining({
        competitionGuid: 'M-LAZIO-3',
        matchingFilters: 2,
        reasons: ['region', 'type', 'category'],
      }),
    ]);
    // One run, one delivery batch: the two notifications go out as one email.
    expect(new Set(mine.map((n) => n.batchId))).toEqual(new Set([summary.batchId]));
    const deliveries = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, many.id));
    // One email delivery row for the user and batch, listing both (decision 131).
    expect(deliveries.map((d) => [d.channel, d.batchId])).toEqual([['email', summary.batchId]]);
    const ids = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, many.id));
    expect([...(deliveries[0]?.notificationIds ?? [])].sort()).toEqual(ids.map((n) => n.id).sort());
    expect(await notified(disabledOnly.id)).toEqual([]);
  });

  it('matches the time periods as rolling windows from today, boundaries included', async () => {
    const windows = {
      next_month: timePeriodWindow('next_month', TODAY),
      next_3_months: timePeriodWindow('next_3_months', TODAY),
      next_6_months: timePeriodWindow('next_6_months', TODAY),
    };
    expect(windows.next_month).toEqual({ from: '2026-06-10', to: '2026-07-10' });
    expect(windows.next_3_months?.to).toBe('2026-09-10');
    expect(windows.next_6_months?.to).toBe('2026-12-10');
    const at = (guid: string, startDate: string, endDate = startDate): TestCompetition => ({
      guid,
      startDate,
      endDate,
      regionId: 9,
    });
    const list = [
      at('P-ENDED-YESTERDAY', addDays(TODAY, -5), addDays(TODAY, -1)),
      at('P-ENDS-TODAY', addDays(TODAY, -3), TODAY),
      at('P-1M-LAST', '2026-07-10', '2026-07-12'),
      at('P-1M-AFTER', '2026-07-11'),
      at('P-3M-LAST', '2026-09-10'),
      at('P-3M-AFTER', '2026-09-11'),
      at('P-6M-LAST', '2026-12-10'),
      at('P-6M-AFTER', '2026-12-11'),
    ];
    const expected: Record<string, string[]> = {
      all: list.map((c) => c.guid),
      next_month: ['P-ENDS-TODAY', 'P-1M-LAST'],
      next_3_months: ['P-ENDS-TODAY', 'P-1M-LAST', 'P-1M-AFTER', 'P-3M-LAST'],
      next_6_months: ['P-ENDS-TODAY', 'P-1M-LAST', 'P-1M-AFTER', 'P-3M-LAST', 'P-3M-AFTER', 'P-6M-LAST'],
    };
    const users: Record<string, string> = {};
    for (const period of Object.keys(expected)) {
      const user = await newUser();
      users[period] = user.id;
      await saveFilter(t.database.db, user.id, {
        regionId: 9,
        timePeriod: period as FilterCriteria['timePeriod'],
      });
    }
    await publishCompetitions(t.database.db, list, NOW);
    await match();
    for (const [period, guids] of Object.entries(expected)) {
      const mine = await notified(users[period] as string);
      expect(mine.map((n) => n.competitionGuid).sort(), period).toEqual([...guids].sort());
      const reasons = period === 'all' ? ['region'] : ['region', 'dates'];
      expect(
        mine.every((n) => JSON.stringify(n.reasons) === JSON.stringify(reasons)),
        period,
      ).toBe(true);
    }
  });

  it('matches status and periods at the injected clock', async () => {
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { regionId: 15, idStatopuc: 3 });
    const upcoming = await newUser();
    await saveFilter(t.database.db, upcoming.id, { regionId: 15, idStatopuc: 4, timePeriod: 'next_month' });
    // Registration opens at 09:00 Rome on 1 July; the clock is set to that instant.
    const opens = romeLocalToInstant(2026, 7, 1, 9);
    clock = opens;
    await publishCompetitions(
      t.database.db,
      [
        {
          guid: 'S-OPENS-NOW',
          startDate: '2026-08-20',
          endDate: '2026-08-22',
          regionId: 15,
          registrationOpensAt: opens,
          registrationClosesAt: new Date('2026-08-18T10:00:00Z'),
        },
        {
          guid: 'S-OPENS-LATER',
          startDate: '2026-07-25',
          endDate: '2026-07-26',
          regionId: 15,
          registrationOpensAt: new Date(opens.getTime() + 1),
          registrationClosesAt: new Date('2026-07-24T10:00:00Z'),
        },
      ],
      opens,
    );
    try {
      await match();
    } finally {
      clock = NOW;
    }
    // At `opens`, S-OPENS-NOW is open; S-OPENS-LATER is upcoming and starts within a month of 1 July.
    expect((await notified(user.id)).map((n) => n.competitionGuid)).toEqual(['S-OPENS-NOW']);
    expect((await notified(upcoming.id)).map((n) => n.competitionGuid)).toEqual(['S-OPENS-LATER']);
  });

  it('never notifies twice: not when run again, nor when its cursor is lost', async () => {
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { regionId: 4 });
    await publishCompetitions(
      t.database.db,
      [{ guid: 'E-ONCE', startDate: '2026-07-01', endDate: '2026-07-02', regionId: 4 }],
      NOW,
    );
    expect((await match()).notifications).toBe(1);
    expect(await match()).toMatchObject({ events: 0, notifications: 0 });

    const before = (await newTournamentNotifications(t.database.db)).length;
    await resetCursor(t.database.db, MATCHING_CONSUMER);
    const again = await match();
    expect(again.events).toBeGreaterThan(5);
    expect(again.matches).toBeGreaterThan(0);
    expect(again.notifications).toBe(0);
    expect((await newTournamentNotifications(t.database.db)).length).toBe(before);
    expect((await notified(user.id)).length).toBe(1);
  });

  it('waits for a new competition whose detail is not read yet, then matches its draws from the detail', async () => {
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { regionId: 5, tipoTorneo: 'Femminile' });
    const other = await newUser();
    await saveFilter(t.database.db, other.id, { regionId: 6 });
    const cursor = await readCursor(t.database.db, MATCHING_CONSUMER);
    // Recorded by the list; its second draw (Femminile) is only in the detail, not read yet.
    await publishCompetitions(
      t.database.db,
      [
        {
          guid: 'D-PENDING',
          startDate: '2026-07-01',
          endDate: '2026-07-02',
          regionId: 5,
          detailRead: false,
          draws: [
            { type: 'Maschile', categoryClass: 4, ageCategory: 'open' },
            { type: 'Femminile', categoryClass: 4, ageCategory: 'open' },
          ],
        },
      ],
      NOW,
    );
    await publishCompetitions(
      t.database.db,
      [{ guid: 'D-BEHIND', startDate: '2026-07-01', endDate: '2026-07-02', regionId: 6 }],
      NOW,
    );

    const waiting = await match();
    expect(waiting).toMatchObject({ events: 0, notifications: 0, waiting: true });
    expect(await readCursor(t.database.db, MATCHING_CONSUMER)).toBe(cursor);
    expect(await notified(user.id)).toEqual([]);
    expect(await notified(other.id)).toEqual([]);

    // The detail is read: its draws are stored, and matching goes on.
    await t.database.db
      .update(competitions)
      .set({
        detailStatus: 'found',
        detailSyncedAt: NOW,
        drawKeys: ['Femminile|4|open', 'Femminile|*|*', '*|*|*', 'Maschile|4|open', 'Maschile|*|*'],
      })
      .where(eq(competitions.guid, 'D-PENDING'));
    expect(await match()).toMatchObject({ events: 2, notifications: 2, waiting: false });
    expect((await notified(user.id)).map((n) => n.reasons)).toEqual([['region', 'type']]);
    expect((await notified(other.id)).map((n) => n.competitionGuid)).toEqual(['D-BEHIND']);
  });

  it('stops waiting once an ingestion pass has finished after the event (a failed detail read)', async () => {
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { regionId: 7 });
    await publishCompetitions(
      t.database.db,
      [{ guid: 'D-FAILED', startDate: '2026-07-01', endDate: '2026-07-02', regionId: 7, detailRead: false }],
      NOW,
    );
    expect(await match()).toMatchObject({ waiting: true, notifications: 0 });
    // A pass that started before the event is still running: still waiting.
    await t.database.db
      .update(federationStatus)
      .set({ lastIngestStartedAt: new Date(NOW.getTime() + 60_000) });
    expect(await match()).toMatchObject({ waiting: true, notifications: 0 });
    await t.database.db
      .update(federationStatus)
      .set({ lastIngestFinishedAt: new Date(NOW.getTime() + 120_000) });
    expect(await match()).toMatchObject({ waiting: false, notifications: 1 });
  });

  it('writes in SQL the notifications the matches describe: the params the shared schema accepts, unchanged by it', async () => {
    // The engine builds each notification in the database (decision 133); these are the items
    // the JavaScript path (`createNotifications`, which validates each one) would have written.
    const users = await Promise.all(Array.from({ length: 3 }, () => newUser()));
    await saveFilter(t.database.db, users[0]?.id ?? '', { regionId: 12, prize: 1000 });
    await saveFilter(t.database.db, users[0]?.id ?? '', { tipoTorneo: 'Maschile', catClass: 4 });
    await saveFilter(t.database.db, users[1]?.id ?? '', {});
    await saveFilter(t.database.db, users[2]?.id ?? '', { regionId: 3 });
    const competition = {
      ...LAZIO,
      guid: 'M-LAZIO-PARAMS',
      name: 'Coppa dell\'Olimpico "Città" 🎾',
      city: 'Roma',
      provinceSigla: 'RM',
      bands: ['3.1', '3.5', '4.NC'],
      ageCodes: ['NOR'],
      drawTypes: ['Maschile', 'Femminile'],
    };
    await publishCompetitions(t.database.db, [competition], NOW);
    const expected = await findUserMatches(t.database.db, [competition.guid], matchInstant(NOW));
    const summary = await match();
    expect(summary).toMatchObject({ events: 1, matches: 2, notifications: 2 });
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, newTournamentDedupeKey(competition.guid)));
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(rows).toHaveLength(expected.length);
    for (const m of expected) {
      const row = byUser.get(m.userId);
      const params = {
        tournamentName: m.competitionName,
        competitionGuid: m.competitionGuid,
        reasons: m.reasons,
        matchingFilters: m.matchingFilters,
        // What the tournament is, for the email and the inbox (issue 31 point 8).
        startDate: '2026-06-20',
        endDate: '2026-06-28',
        city: 'Roma',
        provinceSigla: 'RM',
        regionId: 12,
        provinceId: 58,
        drawTypes: ['Maschile', 'Femminile'],
        bands: ['3.1', '3.5', '4.NC'],
        ageCodes: ['NOR'],
        prizeMoney: 800,
        registrationDeadline: expect.stringMatching(/^2026-06-19T10:00:00(\.000)?(Z|\+00:00)$/),
      };
      expect(row?.params).toEqual(params);
      expect(notificationParamsSchema.parse(row?.params)).toEqual(row?.params);
      expect(row).toMatchObject({ type: 'new_tournament', batchId: summary.batchId, readAt: null });
    }
    expect(byUser.get(users[0]?.id ?? '')?.params).toMatchObject({
      tournamentName: competition.name,
      matchingFilters: 2,
    });
  });

  it('says how far the tournament is from the nearest centre of the matching filters with a radius', async () => {
    const milano = { lat: 45.4642, lng: 9.19 };
    const bergamo = { lat: 45.6983, lng: 9.6773 };
    const pavia = { lat: 45.1847, lng: 9.1582 };
    const [twoRadii, noRadius, tooFar] = await Promise.all(Array.from({ length: 3 }, () => newUser()));
    await saveFilter(t.database.db, twoRadii?.id ?? '', {
      withinKm: 100,
      nearPostalCode: '24121',
      near: bergamo,
    });
    await saveFilter(t.database.db, twoRadii?.id ?? '', {
      withinKm: 50,
      nearPostalCode: '20121',
      near: milano,
    });
    await saveFilter(t.database.db, noRadius?.id ?? '', { regionId: 9 });
    await saveFilter(t.database.db, tooFar?.id ?? '', {
      withinKm: 10,
      nearPostalCode: '20121',
      near: milano,
    });
    const competition = { ...LAZIO, guid: 'M-PAVIA', regionId: 9, provinceId: 45, venuePoint: pavia };
    await publishCompetitions(t.database.db, [competition], NOW);
    await match();

    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, newTournamentDedupeKey(competition.guid)));
    const byUser = new Map(rows.map((row) => [row.userId, row.params]));
    expect(byUser.size).toBe(2);
    expect(shownDistanceKm(milano, pavia)).toBeLessThan(shownDistanceKm(bergamo, pavia));
    expect(byUser.get(twoRadii?.id ?? '')).toMatchObject({
      reasons: ['distance'],
      distanceKm: shownDistanceKm(milano, pavia),
    });
    expect(byUser.get(noRadius?.id ?? '')).not.toHaveProperty('distanceKm');
    expect(byUser.has(tooFar?.id ?? '')).toBe(false);
    const params = notificationParamsSchema.parse(byUser.get(twoRadii?.id ?? ''));
    expect(matchReasonValues('it', params, NOW)).toEqual(['Distanza: a 31 km']);
  });

  const emailRowsOf = (userId: string) =>
    t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, userId))
      .orderBy(notificationDeliveries.id);
  const emailJobCount = async (deliveryIds: string[]) => {
    const result = (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job
      where name = ${DELIVERY_QUEUES.email} and data->>'deliveryId' in ${deliveryIds}`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  };

  it('writes one email row and one job per user per run, whatever the number of its transactions', async () => {
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { regionId: 15 });
    const list = Array.from({ length: 3 }, (_, i) => ({
      guid: `ONE-JOB-${i}`,
      startDate: '2026-07-01',
      endDate: '2026-07-02',
      regionId: 15,
    }));
    await publishCompetitions(t.database.db, list, NOW);
    // One competition per transaction: three transactions of one run.
    const summary = await runMatching({ db: t.database.db, queue, now: () => clock }, { batchSize: 1 });
    expect(summary).toMatchObject({ events: 3, notifications: 3 });
    const mine = await notified(user.id);
    const rows = await emailRowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'email', status: 'pending', batchId: summary.batchId });
    // In creation order, as one digest.
    const ids = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(notifications.seq);
    expect(mine).toHaveLength(3);
    expect(rows[0]?.notificationIds).toEqual(ids.map((n) => n.id));
    expect(await emailJobCount(rows.map((row) => row.id))).toBe(1);
  });

  it('after a crash mid-run, emails every notification once: the next run writes its own row and job', async () => {
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { regionId: 16 });
    const list = Array.from({ length: 3 }, (_, i) => ({
      guid: `CRASH-${i}`,
      startDate: '2026-07-01',
      endDate: '2026-07-02',
      regionId: 16,
    }));
    await publishCompetitions(t.database.db, list, NOW);
    // The second transaction dies while writing (a trigger fails its insert): the first one's
    // notifications, row and job are committed; the second one's roll back with the cursor.
    await t.database.db.execute(
      sql.raw(`create function crash_matching() returns trigger language plpgsql as $$
        begin raise exception 'killed mid-run'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger crash_matching before insert on notifications for each row
        when (new.dedupe_key = 'new_tournament:CRASH-1') execute function crash_matching()`),
    );
    await expect(
      runMatching({ db: t.database.db, queue, now: () => clock }, { batchSize: 1 }),
    ).rejects.toThrow();
    await t.database.db.execute(sql.raw('drop trigger crash_matching on notifications'));
    await t.database.db.execute(sql.raw('drop function crash_matching()'));
    expect(await notified(user.id)).toHaveLength(1);
    const summary = await runMatching({ db: t.database.db, queue, now: () => clock }, { batchSize: 1 });
    expect(summary).toMatchObject({ events: 2, notifications: 2 });
    expect(await notified(user.id)).toHaveLength(3);
    const ids = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    const rows = await emailRowsOf(user.id);
    // One row per run, each notification in exactly one of them.
    expect(rows).toHaveLength(2);
    expect(rows.flatMap((row) => row.notificationIds ?? []).sort()).toEqual(ids.map((n) => n.id).sort());
    expect(new Set(rows.map((row) => row.batchId)).size).toBe(2);
    expect(await emailJobCount(rows.map((row) => row.id))).toBe(2);
  });

  it('notifies once when two runs race over the same events', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    for (const user of users) await saveFilter(t.database.db, user.id, { regionId: 8 });
    const list = Array.from({ length: 6 }, (_, i) => ({
      guid: `R-${i}`,
      startDate: '2026-07-01',
      endDate: '2026-07-02',
      regionId: 8,
    }));
    await publishCompetitions(t.database.db, list, NOW);
    const runs = await Promise.all([match(), match(), match()]);
    expect(runs.reduce((sum, run) => sum + run.notifications, 0)).toBe(30);
    expect(runs.reduce((sum, run) => sum + run.events, 0)).toBe(6);
    const all = (await newTournamentNotifications(t.database.db)).filter((n) =>
      n.competitionGuid.startsWith('R-'),
    );
    expect(all).toHaveLength(30);
    expect(new Set(all.map((n) => `${n.userId}/${n.competitionGuid}`)).size).toBe(30);
  });

  it("keys filters_match_idx by place, draw and time period; a competition months away matches its period's filters only", async () => {
    // The index (migration 0019): the three keys, then the predicate's columns carried along.
    const indexes = (await t.database.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'filters_match_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    const definition = indexes.rows[0]?.indexdef ?? '';
    expect(definition).toMatch(/, time_period\) INCLUDE \(user_id, region_id, province_id,/);
    // A competition in the autumn: "next month" filters are no candidates for it in June.
    const autumn = { ...LAZIO, guid: 'M-AUTUMN', startDate: '2026-10-10', endDate: '2026-10-12' };
    await publishCompetitions(t.database.db, [autumn], NOW);
    // The periods asked for are those whose window overlaps October: not next month.
    const user = await newUser();
    await saveFilter(t.database.db, user.id, { timePeriod: 'next_month' });
    await saveFilter(t.database.db, user.id, { timePeriod: 'next_6_months', name: 'sei mesi' });
    const matches = await findUserMatches(t.database.db, [autumn.guid], matchInstant(NOW));
    expect(matches.filter((m) => m.userId === user.id).map((m) => m.matchingFilters)).toEqual([1]);
  });
});
