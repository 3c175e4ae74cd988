import type { TournamentDetail } from '@radar/shared';

/**
 * The draw a tournament's page opens on (issue 31 point 2): the one the user's card plays in (a
 * published draw with their side, issue 29), else the one it is entered in, else the one they
 * follow, else the first.
 */
export function defaultDraw(
  tournaments: readonly (Pick<TournamentDetail, 'uuid' | 'myEntry' | 'followed'> & {
    draws?: readonly { myDraw: unknown }[];
  })[],
): string | undefined {
  return (
    tournaments.find((t) => t.draws?.some((d) => d.myDraw !== null)) ??
    tournaments.find((t) => t.myEntry !== null) ??
    tournaments.find((t) => t.followed) ??
    tournaments[0]
  )?.uuid;
}

/** Entrants shown before "show all": the user's own row is shown too, wherever it stands. */
export const ENTRANTS_SHOWN = 10;

/**
 * The entrants listed while the list is collapsed: the first {@link ENTRANTS_SHOWN}, and the
 * user's row (by participant id) when it is further down.
 */
export function shownEntrants<P extends { id: number }>(
  participants: readonly P[],
  myId: number | undefined,
  expanded: boolean,
): P[] {
  if (expanded || participants.length <= ENTRANTS_SHOWN) return [...participants];
  const first = participants.slice(0, ENTRANTS_SHOWN);
  const mine = participants.find((p) => p.id === myId);
  return mine && !first.includes(mine) ? [...first, mine] : first;
}
