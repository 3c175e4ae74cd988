/**
 * Personal draw notices (issue 29 point 1; docs/decisions/203): when a followed tournament's draw
 * is published or changes, a follower whose card (or pair) is in it is told their next opponent
 * once it is known ("Al 2° turno giochi contro ROSSI MARIO (4.2)") and the result of their match
 * once it is scored ("Hai vinto 63 61 contro …"). Both are `new_scoreboard` notifications (the
 * spec's type list stays as it is) with `personal` params; when one is new for that follower it
 * stands in for the plain "draw published/updated" of the same event, otherwise the plain one goes.
 *
 * Once each: the dedupe keys name the match (tournament, section, round, position) and, for the
 * next opponent, who the opponent is — never the draw's checksum — so a draw read again, or
 * changed elsewhere, tells nothing new. The path is the shared `playerDraw` on the draw as stored
 * now (the newest read), so an older event handled late never tells something already outdated.
 */
import { drawSideLabel, type NotificationParams, playerDraw, sideHasCard } from '@radar/shared';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { draws, notifications, users } from '../../db/schema';
import type { DrawSide } from '../../federation/types';
import { readStoredMatches } from '../competitions/competition-dto';
import type { CompetitionEvent } from '../events/event-consumer';
import type { NewNotification } from '../notifications/notifications.service';

export interface DrawFollower {
  userId: string;
  tournamentUuid: string;
  createdAt: Date;
}

/** One follower's personal notices for one scoreboard event. */
export interface PersonalNotice {
  userId: string;
  /** The event's dedupe key: the plain notice this one replaces for the user. */
  eventKey: string;
  notification: NewNotification;
}

/** `<TournamentId>:<SectionCode>` → the section code. */
const sectionOf = (itemKey: string | null) => (itemKey ? itemKey.slice(itemKey.indexOf(':') + 1) : '');

const cardsKey = (side: DrawSide) =>
  side.players
    .map((p) => p.card ?? p.name)
    .sort()
    .join('+');

/**
 * The personal notices of `new_scoreboard` events for their tournaments' followers with a card
 * in the draw (followers as live updates select them: notifications on, not lost, followed
 * before the event).
 */
export async function personalDrawNotices(
  tx: Executor,
  events: readonly CompetitionEvent<'new_document' | 'new_order_of_play' | 'new_scoreboard'>[],
  followers: readonly DrawFollower[],
): Promise<PersonalNotice[]> {
  const scoreboards = events.filter((e) => e.kind === 'new_scoreboard' && e.tournamentUuid !== null);
  if (scoreboards.length === 0) return [];
  const concerned = followers.filter((f) => scoreboards.some((e) => e.tournamentUuid === f.tournamentUuid));
  if (concerned.length === 0) return [];
  const cards = new Map(
    (
      await tx
        .select({ id: users.id, card: users.fitpCardNumber })
        .from(users)
        .where(
          and(
            inArray(users.id, [...new Set(concerned.map((f) => f.userId))]),
            isNotNull(users.fitpCardNumber),
          ),
        )
    ).map((u) => [u.id, u.card ?? '']),
  );
  if (cards.size === 0) return [];
  const keys = [...new Set(scoreboards.map((e) => `${e.tournamentUuid}\n${sectionOf(e.itemKey)}`))];
  const stored = await tx
    .select({ tournamentUuid: draws.tournamentUuid, sectionCode: draws.sectionCode, matches: draws.matches })
    .from(draws)
    .where(
      or(
        ...keys.map((key) => {
          const [uuid, section] = key.split('\n') as [string, string];
          return and(eq(draws.tournamentUuid, uuid), eq(draws.sectionCode, section));
        }),
      ),
    );
  const drawOf = new Map(
    stored.map((d) => [`${d.tournamentUuid}\n${d.sectionCode}`, readStoredMatches(d.matches)]),
  );

  const notices: PersonalNotice[] = [];
  for (const event of scoreboards) {
    const section = sectionOf(event.itemKey);
    const matches = drawOf.get(`${event.tournamentUuid}\n${section}`);
    if (!matches) continue;
    const told = new Set<string>();
    for (const follower of concerned) {
      const card = cards.get(follower.userId);
      if (!card || follower.tournamentUuid !== event.tournamentUuid || told.has(follower.userId)) continue;
      if (follower.createdAt.getTime() > event.createdAt.getTime()) continue;
      const path = playerDraw(matches, (side) => sideHasCard(side, card));
      if (!path) continue;
      told.add(follower.userId);
      const base: NotificationParams = {
        tournamentName: event.payload.competitionName,
        competitionGuid: event.competitionGuid,
        tournamentUuid: event.tournamentUuid ?? undefined,
        documentName: event.payload.title.slice(0, 300),
        rounds: path.rounds,
      };
      const where = `${event.tournamentUuid}:${section}`;
      const add = (dedupeKey: string, params: NotificationParams) =>
        notices.push({
          userId: follower.userId,
          eventKey: event.dedupeKey,
          notification: { userId: follower.userId, type: 'new_scoreboard', dedupeKey, params },
        });
      // The latest result only: a draw first read with several of the user's matches played
      // tells where they are, not their whole history.
      const played = path.steps.filter((s) => s.outcome !== 'bye').at(-1);
      if (played?.opponent) {
        add(`my_draw:result:${where}:${played.round}:${played.position}`, {
          ...base,
          personal: 'result',
          round: played.round,
          won: played.outcome === 'won',
          opponent: drawSideLabel(played.opponent).slice(0, 300),
          ...(played.score && { score: played.score.slice(0, 60) }),
          ...(played.retired && { retired: played.retired }),
          ...(played.walkover && { walkover: true }),
        });
      }
      const opponent = path.next?.opponent;
      if (path.next && opponent) {
        const key = `my_draw:next:${where}:${path.next.round}:${path.next.position}:${cardsKey(opponent)}`;
        add(key.slice(0, 300), {
          ...base,
          personal: 'next_opponent',
          round: path.next.round,
          opponent: drawSideLabel(opponent).slice(0, 300),
        });
      }
    }
  }
  if (notices.length === 0) return [];
  // Only what is new: a notice already sent neither goes again nor silences the plain one.
  const sent = await tx
    .select({ userId: notifications.userId, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...new Set(notices.map((n) => n.userId))]),
        inArray(notifications.dedupeKey, [...new Set(notices.map((n) => n.notification.dedupeKey))]),
      ),
    );
  const known = new Set(sent.map((n) => `${n.userId}\n${n.dedupeKey}`));
  return notices.filter((n) => !known.has(`${n.userId}\n${n.notification.dedupeKey}`));
}
