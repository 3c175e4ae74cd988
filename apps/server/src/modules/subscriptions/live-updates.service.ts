/**
 * Live updates of followed tournaments (issue 7 point 4; docs/decisions/060): the ingestion's
 * `new_document`, `new_order_of_play` and `new_scoreboard` events become `new_document`,
 * `new_order_of_play` and `new_scoreboard` notifications for the tournament's followers with
 * notifications on and not lost, delivered by their preferences like every notification.
 *
 * Documents and orders of play belong to the competition (no tournament): every follower of one
 * of its tournaments is told, once. A draw belongs to a tournament: its followers are told of
 * each published version. The consumer keeps its own cursor (decision 025), so each event is
 * handled once; the notification's dedupe key (the event's own, per user) guards against a reset cursor. A follower is told of
 * items that appeared after they followed; an event older than LIVE_UPDATE_MAX_AGE_MS when
 * handled (a consumer starting on a database with history) is stepped over.
 */

import { createHash } from 'node:crypto';
import { competitionFileUrl, type InboxNotificationType } from '@radar/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { FederationClient } from '../../federation/types';
import type { AppLogger } from '../../logger';
import { consumeEvents } from '../events/event-consumer';
import { createNotifications, type NewNotification } from '../notifications/notifications.service';
import { orderOfPlayMatches, readNewOrdersOfPlay } from '../orders-of-play/match-times';
import { personalDrawNotices } from './my-draw';

export const LIVE_UPDATES_CONSUMER = 'live-updates';
export const LIVE_UPDATE_MAX_AGE_MS = 24 * 3_600_000;

const NOTIFICATION_OF = {
  new_document: 'new_document',
  new_order_of_play: 'new_order_of_play',
  new_scoreboard: 'new_scoreboard',
} as const satisfies Record<string, InboxNotificationType>;

export interface LiveUpdatesDeps {
  db: Db;
  queue: PgBoss;
  now: () => Date;
  /** With both, new orders of play are read first, for each follower's match time (decision 204). */
  federation?: FederationClient;
  logger?: AppLogger;
}

/** The event's dedupe key as a notification's (at most 300 characters: a long file name is hashed). */
const notificationKey = (eventKey: string) =>
  eventKey.length <= 200
    ? eventKey
    : `${eventKey.slice(0, 120)}#${createHash('sha256').update(eventKey).digest('base64url')}`;

/** A file's notification links it (issue 31 point 8): a document or order of play on our server. */
function fileLink(
  kind: keyof typeof NOTIFICATION_OF,
  guid: string,
  fileName: string | null,
): { fileUrl?: string } {
  if (kind === 'new_scoreboard' || !fileName) return {};
  const url = competitionFileUrl(guid, kind === 'new_document' ? 'document' : 'order_of_play', fileName);
  return url.length <= 1000 ? { fileUrl: url } : {};
}

/** Handles every new item event since the last pass; returns how many notifications it created. */
export async function runLiveUpdates(deps: LiveUpdatesDeps): Promise<number> {
  const now = deps.now();
  let created = 0;
  if (deps.federation && deps.logger) {
    await readNewOrdersOfPlay({
      db: deps.db,
      federation: deps.federation,
      logger: deps.logger,
      now: deps.now,
    });
  }
  await consumeEvents(
    deps.db,
    { consumer: LIVE_UPDATES_CONSUMER, kinds: ['new_document', 'new_order_of_play', 'new_scoreboard'] },
    async (tx, events) => {
      const fresh = events.filter((e) => now.getTime() - e.createdAt.getTime() <= LIVE_UPDATE_MAX_AGE_MS);
      const guids = [...new Set(fresh.map((e) => e.competitionGuid))];
      if (guids.length === 0) return;
      const followers = await tx
        .select({
          userId: subscriptions.userId,
          competitionGuid: subscriptions.competitionGuid,
          tournamentUuid: subscriptions.tournamentUuid,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.competitionGuid, guids),
            eq(subscriptions.notificationsEnabled, true),
            eq(subscriptions.lost, false),
          ),
        )
        .orderBy(asc(subscriptions.createdAt));
      // A follower with a card in a draw gets their next opponent and result instead (decision 203).
      const personal = await personalDrawNotices(tx, fresh, followers);
      const replaced = new Set(personal.map((p) => `${p.userId}\n${p.eventKey}`));
      const items: NewNotification[] = personal.map((p) => p.notification);
      for (const event of fresh) {
        const type = NOTIFICATION_OF[event.kind];
        const told = new Set<string>();
        const matches =
          event.kind === 'new_order_of_play' && event.itemKey
            ? await orderOfPlayMatches(
                tx,
                event.competitionGuid,
                event.itemKey,
                followers.filter((f) => f.competitionGuid === event.competitionGuid).map((f) => f.userId),
                deps.federation && deps.logger
                  ? { federation: deps.federation, logger: deps.logger, now: deps.now }
                  : undefined,
              )
            : undefined;
        for (const follower of followers) {
          if (follower.competitionGuid !== event.competitionGuid) continue;
          // A draw concerns its tournament's followers; a file, the whole competition's.
          if (event.tournamentUuid !== null && follower.tournamentUuid !== event.tournamentUuid) continue;
          if (follower.createdAt.getTime() > event.createdAt.getTime()) continue;
          if (told.has(follower.userId)) continue;
          told.add(follower.userId);
          if (replaced.has(`${follower.userId}\n${event.dedupeKey}`)) continue;
          items.push({
            userId: follower.userId,
            type,
            dedupeKey: notificationKey(event.dedupeKey),
            params: {
              tournamentName: event.payload.competitionName,
              competitionGuid: event.competitionGuid,
              tournamentUuid: event.tournamentUuid ?? follower.tournamentUuid,
              documentName: event.payload.title.slice(0, 300),
              ...(event.kind === 'new_scoreboard' && event.payload.updated === true && { updated: true }),
              ...fileLink(event.kind, event.competitionGuid, event.itemKey),
              ...(matches?.has(follower.userId) && { match: matches.get(follower.userId) }),
            },
          });
        }
      }
      if (items.length === 0) return;
      const result = await createNotifications(tx, items, { queue: deps.queue });
      created += result.created.length;
    },
  );
  return created;
}
