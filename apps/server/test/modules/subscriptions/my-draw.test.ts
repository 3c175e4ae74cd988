/**
 * Personal draw notices (issue 29 point 1, docs/decisions/203): a follower whose card is in a
 * followed tournament's draw is told their next opponent once it is known and their match's
 * result once it is scored, each once (the same draw read again, later versions of it, the
 * consumer run again); the other followers get the plain "draw published/updated".
 */
import { notificationText } from '@radar/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type User } from '../../../src/db/schema';
import type { DrawMatch, DrawSide } from '../../../src/federation/types';
import { type IngestionDeps, runIngestion } from '../../../src/modules/ingestion/ingestion.service';
import { runLiveUpdates } from '../../../src/modules/subscriptions/live-updates.service';
import { createUser } from '../../helpers/factories';
import {
  type FakeCompetition,
  FakeFederation,
  fakeCompetition,
  fakeDetail,
  fakeRow,
  fakeTournament,
} from '../../helpers/fake-federation';
import { silentLogger } from '../../helpers/logger';
import { followedBy } from '../../helpers/subscriptions';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const side = (card: string, name: string, ranking: string, seed: number | null = null): DrawSide => ({
  players: [{ card, name, ranking }],
  seed,
  retired: false,
  absent: false,
});
const ME = side('1111111111', 'ROSSI MARIO', '4.2', 1);
const FIRST = side('2222222222', 'VERDI LUCA', '4.5');
const OTHER_A = side('3333333333', 'NERI PAOLO', '4.3', 2);
const OTHER_B = side('4444444444', 'BLU ENZO', '4.4');

const match = (
  round: number,
  position: number,
  sides: [DrawSide | null, DrawSide | null],
  score: string | null = null,
  winner: 0 | 1 | null = null,
): DrawMatch => ({ id: round * 10 + position, round, position, sides, score, winner });

describe('personal draw notices', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T08:00:00Z');
  const fed = new FakeFederation();
  let deps: IngestionDeps;
  let comp: FakeCompetition;
  let player: User;
  let noCard: User;
  let notInDraw: User;

  beforeAll(async () => {
    t = await createTestApp({ withQueue: true, now: () => clock });
    deps = { db: t.database.db, federation: fed, logger: silentLogger, now: () => clock };
    const row = fakeRow({ n: 7, provinceId: 15, startDate: '2026-06-09', endDate: '2026-06-14' });
    const singles = fakeTournament('T-MY-DRAW', 7, {
      registrationClosesAt: new Date('2026-06-01T10:00:00Z'),
    });
    comp = { ...fakeCompetition(row), detail: fakeDetail(row, [singles]) };
    fed.add(comp);
    await runIngestion(deps); // the baseline
    player = await createUser(t.database.db, { fitpCardNumber: '1111111111' });
    noCard = await createUser(t.database.db);
    notInDraw = await createUser(t.database.db, { fitpCardNumber: '9999999999' });
    const before = new Date(clock.getTime() - 60_000);
    await followedBy(t.database.db, [player, noCard, notInDraw], {
      competitionGuid: row.guid,
      tournamentUuid: 'T-MY-DRAW',
      createdAt: before,
    });
  });
  afterAll(() => t.close());

  /** The federation publishes this version of the draw; a pass later, live updates run twice. */
  async function publish(matches: DrawMatch[]): Promise<number> {
    comp.draws.set('7:S1', { tournamentId: 7, sectionCode: 'S1', matches });
    clock = new Date(clock.getTime() + 6 * 3_600_000);
    await runIngestion(deps);
    const live = () =>
      runLiveUpdates({
        db: t.database.db,
        queue: t.queue as NonNullable<TestApp['queue']>,
        now: () => clock,
      });
    const created = await live();
    expect(await live()).toBe(0);
    return created;
  }

  /** A user's notifications as the inbox and push word them in Italian, oldest first. */
  const told = async (user: User) =>
    (
      await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
    ).map((n) => {
      expect(n.type).toBe('new_scoreboard');
      return notificationText('it', n.type, n.params).body;
    });

  it('tells the next opponent, then the result, then the next opponent again, each once', async () => {
    const name = comp.row.name;
    // Published: the user's first match has its opponent; the other semifinal too.
    expect(await publish([match(1, 1, [ME, FIRST]), match(1, 2, [OTHER_A, OTHER_B])])).toBe(3);
    expect(await told(player)).toEqual(['In semifinale giochi contro VERDI LUCA (4.5).']);
    expect(await told(noCard)).toEqual([`È disponibile un nuovo tabellone per ${name}.`]);
    expect(await told(notInDraw)).toEqual([`È disponibile un nuovo tabellone per ${name}.`]);

    // The same draw read again: nothing recorded, nothing told.
    expect(await publish([match(1, 1, [ME, FIRST]), match(1, 2, [OTHER_A, OTHER_B])])).toBe(0);

    // The user wins; the final's opponent is not known yet: the result only.
    const won = match(1, 1, [ME, FIRST], '63 61', 0);
    expect(await publish([won, match(1, 2, [OTHER_A, OTHER_B])])).toBe(3);
    expect(await told(player)).toEqual([
      'In semifinale giochi contro VERDI LUCA (4.5).',
      'Hai vinto 63 61 contro VERDI LUCA (4.5).',
    ]);
    expect((await told(noCard)).at(-1)).toBe(`Il tabellone di ${name} è stato aggiornato.`);

    // The other semifinal ends by retirement: the final's opponent, once; the result is not told again.
    const retired = { ...OTHER_B, retired: true };
    const semi = match(1, 2, [OTHER_A, retired], '62 ', 0);
    expect(await publish([won, semi])).toBe(3);
    expect(await told(player)).toEqual([
      'In semifinale giochi contro VERDI LUCA (4.5).',
      'Hai vinto 63 61 contro VERDI LUCA (4.5).',
      'In finale giochi contro NERI PAOLO (4.3).',
    ]);

    // The federation fills the final itself: a new version, nothing new for the user, who then
    // gets the plain update like every follower.
    expect(await publish([won, semi, match(2, 1, [ME, OTHER_A])])).toBe(3);
    expect((await told(player)).at(-1)).toBe(`Il tabellone di ${name} è stato aggiornato.`);
    expect(await told(player)).toHaveLength(4);

    // The final is lost: the result, once, with the tournament named in the title.
    expect(await publish([won, semi, match(2, 1, [ME, OTHER_A], '46 63 108', 1)])).toBe(3);
    const last = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, player.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    const lost = last.at(-1);
    expect(lost?.params).toMatchObject({
      personal: 'result',
      won: false,
      round: 2,
      rounds: 2,
      score: '46 63 108',
    });
    expect(notificationText('it', 'new_scoreboard', lost?.params ?? {})).toEqual({
      title: `Hai perso: ${name}`,
      body: 'Hai perso 46 63 108 contro NERI PAOLO (4.3).',
    });
    expect(notificationText('en', 'new_scoreboard', lost?.params ?? {}).body).toBe(
      'You lost 46 63 108 to NERI PAOLO (4.3).',
    );
    expect(await told(player)).toHaveLength(5);
    expect(await told(notInDraw)).toHaveLength(5);
  });
});
