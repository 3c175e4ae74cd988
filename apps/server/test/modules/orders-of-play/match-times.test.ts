/**
 * A new order of play's notification names the follower's match when their card's name is in the
 * file (read once, through the federation client), once per file; without a card, without the name,
 * or when the download fails, it stays the plain notification that links the file (the failure logged).
 */
import { writeOrderOfPlayPdf } from '@radar/fitp-simulator';
import { notificationText } from '@radar/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderOfPlayTexts } from '../../../src/db/schema';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { nextMatchOf, orderOfPlayMatches } from '../../../src/modules/orders-of-play/match-times';
import { runLiveUpdates } from '../../../src/modules/subscriptions/live-updates.service';
import { createUser, linkCard } from '../../helpers/factories';
import {
  FakeFederation,
  fakeCompetition,
  fakeDetail,
  fakeRow,
  fakeTournament,
} from '../../helpers/fake-federation';
import { silentLogger } from '../../helpers/logger';
import { followedBy } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/** Saturday 13 June 2026 (days since 1970-01-01). */
const DAY = Date.UTC(2026, 5, 13) / 86_400_000;

const pdf = async (layout: 'grid' | 'list') =>
  new Uint8Array(
    await writeOrderOfPlayPdf({
      layout,
      title: 'Open di Roma',
      club: 'TC Roma',
      place: 'Roma (RM)',
      day: DAY,
      courts: 3,
      publishedAt: Date.UTC(2026, 5, 12, 18),
      matches: [
        {
          minute: 10 * 60 + 30,
          court: 3,
          top: [{ surname: 'Rossi', firstName: 'Mario' }],
          bottom: [{ surname: "D'Amico", firstName: "Nicolo'" }],
        },
      ],
    }),
  );

describe('the match time in order-of-play notifications', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T08:00:00Z');
  const fed = new FakeFederation();
  let deps: IngestionDeps;
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => warnings.push(String(JSON.parse(line).fileName)) },
  );

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, now: () => clock });
    deps = { db: t.database.db, federation: fed, logger: silentLogger, now: () => clock };
  });
  afterAll(() => t.close());

  const live = () =>
    runLiveUpdates({
      db: t.database.db,
      queue: t.queue as NonNullable<TestApp['queue']>,
      now: () => clock,
      federation: fed,
      logger,
    });
  const ofUser = (userId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('says the day, time, court and opponent to a named card holder, once; the plain text to the others', async () => {
    const row = fakeRow({ n: 1, provinceId: 58, startDate: '2026-06-13', endDate: '2026-06-14' });
    const closed = new Date('2026-06-01T10:00:00Z');
    const comp = {
      ...fakeCompetition(row),
      detail: fakeDetail(row, [fakeTournament('T-OOP', 1, { registrationClosesAt: closed })]),
    };
    fed.add(comp);
    await runIngestion(deps); // the baseline

    const named = await createUser(t.database.db, { language: 'it' });
    await linkCard(t.database.db, named, { cardNumber: '123456', name: "NICOLO'", surname: "D'AMICO" });
    const other = await createUser(t.database.db);
    await linkCard(t.database.db, other, { cardNumber: '654321', name: 'LUCA', surname: 'BIANCHI' });
    const noCard = await createUser(t.database.db);
    const before = new Date(clock.getTime() - 60_000);
    await followedBy(t.database.db, [named, other, noCard], {
      competitionGuid: row.guid,
      tournamentUuid: 'T-OOP',
      createdAt: before,
    });

    const fileName = 'orariodigioco_20260613.pdf';
    comp.ordersOfPlay.push({ fileName, date: '2026-06-13' });
    fed.files.set(`${row.guid}/${fileName}`, await pdf('grid'));
    clock = new Date(clock.getTime() + 6 * 3_600_000);
    expect((await runIngestion(deps)).events).toMatchObject({ new_order_of_play: 1 });

    expect(await live()).toBe(3);
    expect(await live()).toBe(0);

    const [mine] = await ofUser(named.id);
    expect(mine?.params.match).toEqual({
      date: '2026-06-13',
      time: '10:30',
      timeKind: 'at',
      court: '3',
      opponents: ['ROSSI MARIO'],
    });
    expect(mine?.params.fileUrl).toContain(encodeURIComponent(fileName));
    expect(notificationText('it', 'new_order_of_play', mine?.params ?? {}).body).toBe(
      'Sabato 13 giugno, 10:30, campo 3, contro ROSSI MARIO.',
    );
    expect(notificationText('en', 'new_order_of_play', mine?.params ?? {}).body).toBe(
      'Saturday 13 June, 10:30, court 3, against ROSSI MARIO.',
    );
    for (const user of [other, noCard]) {
      const [plain] = await ofUser(user.id);
      expect(plain?.params.match).toBeUndefined();
      expect(plain?.params.fileUrl).toContain(encodeURIComponent(fileName));
      expect(notificationText('it', 'new_order_of_play', plain?.params ?? {}).body).toMatch(
        /^È stato pubblicato l’ordine di gioco di /,
      );
    }
    // Read once: the stored words serve the dashboard too.
    expect(await t.database.db.select().from(orderOfPlayTexts)).toHaveLength(1);
    expect(await nextMatchOf(t.database.db, named.id, row.guid, '2026-06-13')).toMatchObject({ court: '3' });
    expect(await nextMatchOf(t.database.db, named.id, row.guid, '2026-06-14')).toBeNull();
    expect(await nextMatchOf(t.database.db, other.id, row.guid, '2026-06-13')).toBeNull();

    // A file recorded after the pass's reading (a visit meanwhile) is read when its event is handled.
    await t.database.db.delete(orderOfPlayTexts).where(eq(orderOfPlayTexts.fileName, fileName));
    const late = await orderOfPlayMatches(t.database.db, row.guid, fileName, [named.id, noCard.id], {
      federation: fed,
      logger,
      now: () => clock,
    });
    expect([...late.keys()]).toEqual([named.id]);
    expect(await t.database.db.select().from(orderOfPlayTexts)).toHaveLength(1);

    // A file whose download fails: logged, the notification links the file all the same.
    const broken = 'oraridigioco_20260614.pdf';
    comp.ordersOfPlay.push({ fileName: broken, date: '2026-06-14' });
    fed.files.set(`${row.guid}/${broken}`, new Error('connection reset'));
    clock = new Date(clock.getTime() + 3_600_000);
    expect((await runIngestion(deps)).events).toMatchObject({ new_order_of_play: 1 });
    expect(await live()).toBe(3);
    expect(warnings).toEqual([broken]);
    const latest = (await ofUser(named.id)).find((n) =>
      n.params.fileUrl?.includes(encodeURIComponent(broken)),
    );
    expect(latest?.type).toBe('new_order_of_play');
    expect(latest?.params.match).toBeUndefined();
    const [failed] = await t.database.db
      .select()
      .from(orderOfPlayTexts)
      .where(eq(orderOfPlayTexts.fileName, broken));
    expect(failed?.failedAt).not.toBeNull();
  });
});
