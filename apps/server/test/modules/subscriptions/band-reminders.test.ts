/**
 * Per-band deadlines drive reminders (issue 27 point 4, decision 182): a follower with a
 * connected card counts down to the deadline of the band holding their ranking; without a card
 * (or outside every band) to the earliest; a band the referee decides gives none; without bands,
 * the tournament's closing. The spec's offsets and once-only sending hold (injected clock).
 */
import { romeLocalToInstant } from '@radar/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, reminders } from '../../../src/db/schema';
import { runReminderPass } from '../../../src/modules/subscriptions/reminders.service';
import { storeCard, storeCompetition } from '../../helpers/detail-factories';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { aPlayer, asAppFederation, memoryFederation } from '../../helpers/memory-federation';
import { followOk, subscriptionsClient } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('reminders by the deadline of the card’s band', () => {
  let t: TestApp;
  const fed = memoryFederation();
  let clock = new Date('2026-07-01T08:00:00Z');

  // Bands of one tournament (Rome wall-clock): 4.NC–4.1 until 28/07 12:00, 3.NC–3.1 until 25/07
  // 18:00, 2.8–1 decided by the referee.
  const lowBand = romeLocalToInstant(2026, 7, 28, 12);
  const thirdBand = romeLocalToInstant(2026, 7, 25, 18);

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, federation: asAppFederation(fed), now: () => clock });
  });
  afterAll(() => t.close());

  const follower = async (card: string | null, ranking: string | null) => {
    const user = await createUser(t.database.db, { fitpCardNumber: card });
    if (card) await storeCard(t.database.db, user.id, card, ranking);
    const cookie = await signIn(t.database.db, user);
    return { user, cookie, client: subscriptionsClient(t.app, cookie) };
  };
  const rowsOf = (subscriptionId: string) =>
    t.database.db.select().from(reminders).where(eq(reminders.subscriptionId, subscriptionId));
  const pendingDeadlines = async (subscriptionId: string) => [
    ...new Set(
      (await rowsOf(subscriptionId))
        .filter((r) => r.status === 'pending')
        .map((r) => r.deadline.toISOString()),
    ),
  ];

  it('schedules each follower by their band, the earliest without a card, none for a referee band, the tournament’s closing without bands', async () => {
    const db = t.database.db;
    const { guid, uuids } = await storeCompetition(
      db,
      { registrationClosesAt: romeLocalToInstant(2026, 8, 2, 12) },
      [
        {
          bands: [
            { minRank: '4.NC', maxRank: '4.1', closesAt: lowBand },
            { minRank: '3.NC', maxRank: '3.1', closesAt: thirdBand },
            { minRank: '2.8', maxRank: '1', byReferee: true },
          ],
        },
        { description: 'Senza fasce', registrationClosesAt: romeLocalToInstant(2026, 7, 30, 12) },
      ],
    );
    const [banded = '', plain = ''] = uuids;

    const fourth = await follower('006000001', '4.1'); // the band's best: inclusive
    const third = await follower('006000002', '3.NC'); // the band's weakest: inclusive
    const second = await follower('006000003', '2.5'); // the referee's band
    const none = await follower(null, null);
    const outside = await follower('006000004', null); // a card without a ranking

    const subs = {
      fourth: await followOk(fourth.client, guid, banded),
      third: await followOk(third.client, guid, banded),
      second: await followOk(second.client, guid, banded),
      none: await followOk(none.client, guid, banded),
      outside: await followOk(outside.client, guid, banded),
      plain: await followOk(none.client, guid, plain),
    };
    expect(await pendingDeadlines(subs.fourth)).toEqual([lowBand.toISOString()]);
    expect(await pendingDeadlines(subs.third)).toEqual([thirdBand.toISOString()]);
    expect(await rowsOf(subs.second)).toEqual([]);
    expect(await pendingDeadlines(subs.none)).toEqual([thirdBand.toISOString()]);
    expect(await pendingDeadlines(subs.outside)).toEqual([thirdBand.toISOString()]);
    expect(await pendingDeadlines(subs.plain)).toEqual([romeLocalToInstant(2026, 7, 30, 12).toISOString()]);
    // The spec's offsets: 1 week, 3 days, 1 day and 5 hours before the band's deadline.
    const due = (await rowsOf(subs.fourth)).map((r) => [r.type, r.dueAt.toISOString()]).sort();
    expect(due).toEqual([
      ['reminder_1d', romeLocalToInstant(2026, 7, 27, 12).toISOString()],
      ['reminder_1w', romeLocalToInstant(2026, 7, 21, 12).toISOString()],
      ['reminder_3d', romeLocalToInstant(2026, 7, 25, 12).toISOString()],
      ['reminder_5h', new Date(lowBand.getTime() - 5 * 3_600_000).toISOString()],
    ]);

    // A week before the third band's deadline: its followers get the 1-week reminder, once,
    // naming that band's deadline; the fourth band's follower waits for theirs.
    const pass = () => {
      if (!t.queue) throw new Error('queue expected');
      return runReminderPass({ db, queue: t.queue, now: () => clock });
    };
    clock = new Date(romeLocalToInstant(2026, 7, 18, 18).getTime() + 60_000);
    await pass();
    await pass();
    const sent = await db
      .select({ userId: notifications.userId, type: notifications.type, params: notifications.params })
      .from(notifications)
      .where(inArray(notifications.userId, [fourth.user.id, third.user.id, second.user.id]));
    expect(sent).toEqual([
      {
        userId: third.user.id,
        type: 'reminder_1w',
        params: expect.objectContaining({ registrationDeadline: thirdBand.toISOString() }),
      },
    ]);

    // The card connected after the follow moves the reminders to the card's band.
    fed.players.set('006000009', aPlayer('006000009', { ranking: '4.3' }));
    const validated = await call(t.app, 'POST', '/api/fitp/validate', {
      cookie: none.cookie,
      body: { membershipCard: '006000009' },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await pendingDeadlines(subs.none)).toEqual([lowBand.toISOString()]);

    // The sheet read again gives a ranking in the referee's band: no reminder pending any more.
    fed.players.set('006000009', aPlayer('006000009', { ranking: '2.5' }));
    clock = new Date(clock.getTime() + 2 * 60_000);
    const refreshed = await call(t.app, 'GET', '/api/fitp/data', { cookie: none.cookie });
    expect(refreshed.json().card.player.ranking).toBe('2.5');
    expect(await pendingDeadlines(subs.none)).toEqual([]);
    // Disconnected: back to the earliest band.
    expect((await call(t.app, 'DELETE', '/api/fitp/card', { cookie: none.cookie })).statusCode).toBe(204);
    expect(await pendingDeadlines(subs.none)).toEqual([thirdBand.toISOString()]);
  });
});
