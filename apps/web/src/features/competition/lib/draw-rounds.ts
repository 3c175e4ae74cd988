import { type BracketMatch, type Draw, type DrawSideDto, drawSideLabel } from '@radar/shared';
import type { TFunction } from 'i18next';

/** A round's name: the last three by name (final, semifinals, quarterfinals), the others by number. */
export function roundName(t: TFunction, round: number, rounds: number): string {
  const fromEnd = rounds - round;
  if (fromEnd === 0) return t('competition.drawList.final');
  if (fromEnd === 1) return t('competition.drawList.semifinal');
  if (fromEnd === 2) return t('competition.drawList.quarterfinal');
  return t('competition.drawList.round', { round });
}

/** The detail's matches (grouped by round) as the shared bracket reads them. */
export function drawMatches(draw: Pick<Draw, 'rounds'>): BracketMatch<DrawSideDto>[] {
  return draw.rounds.flatMap(({ round, matches }) => matches.map((m) => ({ ...m, round })));
}

/** A side's names, a pair as "A / B". */
export const sideNames = (side: Pick<DrawSideDto, 'players'>): string =>
  side.players.map((p) => p.name).join(' / ');

/** A side with its rankings, as the notifications write it: "ROSSI MARIO (4.2)". */
export const sideWithRankings = drawSideLabel;
