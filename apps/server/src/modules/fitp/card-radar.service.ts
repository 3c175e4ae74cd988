/**
 * The card radar (docs/decisions/102): after an ingestion pass, every connected card is looked for
 * in the entry lists ingestion wrote. A card that appeared in a list is told to its user at once
 * (card_entered, in-app and by email/push as they chose) and, unless they turned it off, the
 * tournament is followed; a card that left a list (withdrawn, cut) is told too (card_withdrawn),
 * and if the tournament is followed, whoever followed it, the sync dialog offers to unfollow it
 * (the follow is marked as the card's: decision 197). One set-based comparison
 * for all cards; each change is claimed in the radar's memory (`fitp_card_entries`) in the same
 * transaction as its notification, so it is told once, however many workers run.
 */
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client';
import type { AppLogger as Logger } from '../../logger';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import { syncReminders } from '../subscriptions/reminders.service';
import { insertSubscription } from '../subscriptions/subscriptions.repository';
import {
  followsTournament,
  forgetEntry,
  markCardFollow,
  type RadarChange,
  radarDifferences,
  rememberEntry,
  updateCardFlags,
} from './fitp.repository';

export interface CardRadarDeps {
  db: Db;
  queue: PgBoss;
  now: () => Date;
  logger?: Logger;
}

export interface CardRadarSummary {
  entered: number;
  withdrawn: number;
  followed: number;
}

const params = (change: RadarChange) => ({
  competitionGuid: change.competitionGuid,
  tournamentUuid: change.tournamentUuid,
  ...(change.competitionName ? { tournamentName: change.competitionName } : {}),
});

export async function runCardRadar(deps: CardRadarDeps): Promise<CardRadarSummary> {
  const summary: CardRadarSummary = { entered: 0, withdrawn: 0, followed: 0 };
  const { appeared, left } = await radarDifferences(deps.db);
  if (appeared.length === 0 && left.length === 0) return summary;
  const now = deps.now();
  const stamp = now.getTime();

  await deps.db.transaction(async (tx) => {
    const items: NewNotification[] = [];
    const pending = new Set<string>();
    for (const change of appeared) {
      if (!(await rememberEntry(tx, change, now))) continue;
      summary.entered++;
      let followed = false;
      if (change.autoFollow) {
        const subscription = await insertSubscription(tx, {
          userId: change.userId,
          competitionGuid: change.competitionGuid,
          tournamentUuid: change.tournamentUuid,
          createdAt: now,
        });
        if (subscription) {
          await syncReminders(tx, { subscriptionIds: [subscription.id] }, now);
          await markCardFollow(tx, { ...change, createdAt: now });
          followed = true;
          summary.followed++;
        }
      } else {
        pending.add(change.userId);
      }
      items.push({
        userId: change.userId,
        type: 'card_entered',
        params: { ...params(change), followed },
        dedupeKey: `card_entered:${change.tournamentUuid}:${stamp}`,
      });
    }
    for (const change of left) {
      if (!(await forgetEntry(tx, change))) continue;
      summary.withdrawn++;
      if (await followsTournament(tx, change.userId, change.tournamentUuid)) {
        // Followed by the card or by the user: either way the sync now offers to unfollow it.
        await markCardFollow(tx, { ...change, createdAt: now });
        pending.add(change.userId);
      }
      items.push({
        userId: change.userId,
        type: 'card_withdrawn',
        params: params(change),
        dedupeKey: `card_withdrawn:${change.tournamentUuid}:${stamp}`,
      });
    }
    for (const userId of pending) await updateCardFlags(tx, userId, { syncPending: true });
    if (items.length > 0) await createNotifications(tx, items, { queue: deps.queue });
  });
  if (summary.entered + summary.withdrawn > 0) deps.logger?.info(summary, 'card radar: entry lists changed');
  return summary;
}
