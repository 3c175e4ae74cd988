/**
 * The rules of followed tournaments (spec §2 My tournaments, §3 Subscription, §4 Tournament
 * subscription): follow, unfollow, notifications on/off, lost and its restoring, and the
 * sections of My tournaments. See docs/decisions/060.
 */
import {
  type CompetitionStatus,
  competitionStatus,
  type FollowedTournament,
  MY_TOURNAMENT_SECTIONS,
  type MyTournamentSection,
  type MyTournaments,
  normalizeCardNumber,
  type Subscription,
} from '@radar/shared';
import type { Db, Tx } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';
import { AppError } from '../../domain/errors';
import { toCompetitionBase, toTournamentBase } from '../competitions/competition-dto';
import { entryOfCard } from '../competitions/entries';
import { syncReminders } from './reminders.service';
import {
  deleteOwnSubscription,
  entriesOfFollowed,
  type FollowedRow,
  insertSubscription,
  listFollowed,
  listSubscriptions,
  lockOwnSubscription,
  tournamentExists,
  updateSubscription,
} from './subscriptions.repository';

export interface SubscriptionsDeps {
  db: Db;
  now: () => Date;
}

/** In the transaction of every change of a subscription, its reminders follow it. */
const rescheduleReminders = (tx: Tx, subscriptionId: string, now: Date) =>
  syncReminders(tx, { subscriptionIds: [subscriptionId] }, now);

const notSubscribed = () => new AppError('NOT_SUBSCRIBED', 404);

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    competitionGuid: row.competitionGuid,
    tournamentUuid: row.tournamentUuid,
    notificationsEnabled: row.notificationsEnabled,
    lost: row.lost,
    createdAt: row.createdAt.toISOString(),
  };
}

const SECTION_OF_STATUS: Record<CompetitionStatus, MyTournamentSection> = {
  1: 'concluded',
  2: 'ongoing',
  3: 'open_registration',
  4: 'upcoming',
};

/**
 * The section of a followed tournament at `now`: lost ones apart whatever their status, else by
 * the competition's status now; one our data no longer holds goes with the concluded ones.
 */
export function sectionOf(row: FollowedRow, now: Date): MyTournamentSection {
  if (row.subscription.lost) return 'lost';
  if (!row.competition) return 'concluded';
  return SECTION_OF_STATUS[competitionStatus(row.competition, now)];
}

type Sortable = { item: FollowedTournament; row: FollowedRow };

const time = (date: Date | null | undefined) => date?.getTime() ?? Number.POSITIVE_INFINITY;
const byNumber = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
const byText = (a: string | undefined, b: string | undefined) => (a ?? '\uffff').localeCompare(b ?? '\uffff');

/**
 * Order within a section: open registration by the soonest deadline; upcoming and ongoing by
 * the soonest start; concluded and lost by the most recent end (those without data last).
 * Ties: competition name, draw order, follow time.
 */
function compareWithin(section: MyTournamentSection, a: FollowedRow, b: FollowedRow): number {
  const ca = a.competition;
  const cb = b.competition;
  let primary = 0;
  if (section === 'open_registration') {
    primary = byNumber(time(ca?.registrationClosesAt), time(cb?.registrationClosesAt));
  }
  if (primary === 0 && (section === 'open_registration' || section === 'upcoming' || section === 'ongoing')) {
    primary = byText(ca?.startDate, cb?.startDate);
  }
  if (section === 'concluded' || section === 'lost') {
    // Most recent first; missing data last.
    primary = byText(cb?.endDate ?? '', ca?.endDate ?? '');
  }
  if (primary !== 0) return primary;
  return (
    byText(ca?.name, cb?.name) ||
    byNumber(a.tournament?.ordinal ?? 0, b.tournament?.ordinal ?? 0) ||
    byNumber(a.subscription.createdAt.getTime(), b.subscription.createdAt.getTime()) ||
    a.subscription.id.localeCompare(b.subscription.id)
  );
}

/** `GET /api/subscriptions/my-tournaments`. */
export async function myTournaments(
  deps: SubscriptionsDeps,
  user: { id: string; fitpCardNumber: string | null },
): Promise<MyTournaments> {
  const now = deps.now();
  const card = normalizeCardNumber(user.fitpCardNumber);
  const [rows, entries] = await Promise.all([
    listFollowed(deps.db, user.id),
    card === '' ? Promise.resolve([]) : entriesOfFollowed(deps.db, user.id),
  ]);
  const entriesOf = new Map<string, typeof entries>();
  for (const entry of entries) {
    const list = entriesOf.get(entry.tournamentUuid);
    if (list) list.push(entry);
    else entriesOf.set(entry.tournamentUuid, [entry]);
  }
  const sortable: Sortable[] = rows.map((row) => {
    const { competition: c, tournament: t } = row;
    const section = sectionOf(row, now);
    const mine = t ? entryOfCard(entriesOf.get(t.uuid) ?? [], t, card) : null;
    return {
      row,
      item: {
        ...toSubscription(row.subscription),
        section,
        competition: c ? toCompetitionBase(c, competitionStatus(c, now)) : null,
        tournament: t ? toTournamentBase(t) : null,
        myEntry: mine
          ? {
              position: mine.position,
              total: mine.total,
              cutLine: mine.cutLine,
              reservePosition: mine.reservePosition,
            }
          : null,
      },
    };
  });
  const sectionIndex = (s: MyTournamentSection) => MY_TOURNAMENT_SECTIONS.indexOf(s);
  sortable.sort(
    (a, b) =>
      sectionIndex(a.item.section) - sectionIndex(b.item.section) ||
      compareWithin(a.item.section, a.row, b.row),
  );
  return { items: sortable.map((s) => s.item) };
}

/** `GET /api/subscriptions/check_subscriptions`. */
export async function checkSubscriptions(db: Db, userId: string): Promise<{ items: Subscription[] }> {
  return { items: (await listSubscriptions(db, userId)).map(toSubscription) };
}

/** Follows a tournament of a competition in our data; 409 when already followed. */
export async function subscribe(
  deps: SubscriptionsDeps,
  userId: string,
  body: { competitionGuid: string; tournamentUuid: string },
): Promise<Subscription> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await tournamentExists(tx, body.competitionGuid, body.tournamentUuid))) {
      throw new AppError('TOURNAMENT_NOT_FOUND', 404);
    }
    const row = await insertSubscription(tx, { userId, ...body, createdAt: now });
    if (!row) throw new AppError('ALREADY_SUBSCRIBED', 409);
    await rescheduleReminders(tx, row.id, now);
    return toSubscription(row);
  });
}

/** Unfollows (the reminders go with the row); 404 for a missing id or another user's. */
export async function unsubscribe(deps: SubscriptionsDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnSubscription(deps.db, userId, id))) throw notSubscribed();
}

/**
 * Notifications on/off. While the tournament is lost its notifications stay off: the request
 * sets the setting the unmarking will restore (`notificationsBeforeLost`), and the answer still
 * says off (docs/decisions/060).
 */
export async function setNotifications(
  deps: SubscriptionsDeps,
  userId: string,
  id: string,
  enabled: boolean,
): Promise<Subscription> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnSubscription(tx, userId, id);
    if (!row) throw notSubscribed();
    const updated = row.lost
      ? await updateSubscription(tx, id, { notificationsBeforeLost: enabled })
      : await updateSubscription(tx, id, { notificationsEnabled: enabled });
    await rescheduleReminders(tx, id, now);
    return toSubscription(updated);
  });
}

/**
 * Marks or unmarks lost: marking turns notifications off and keeps the previous setting;
 * unmarking restores it. Asking for the state it is already in changes nothing.
 */
export async function setLost(
  deps: SubscriptionsDeps,
  userId: string,
  id: string,
  lost: boolean,
): Promise<Subscription> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnSubscription(tx, userId, id);
    if (!row) throw notSubscribed();
    if (row.lost === lost) return toSubscription(row);
    const updated = lost
      ? await updateSubscription(tx, id, {
          lost: true,
          notificationsBeforeLost: row.notificationsEnabled,
          notificationsEnabled: false,
        })
      : await updateSubscription(tx, id, {
          lost: false,
          notificationsEnabled: row.notificationsBeforeLost ?? row.notificationsEnabled,
          notificationsBeforeLost: null,
        });
    await rescheduleReminders(tx, id, now);
    return toSubscription(updated);
  });
}
