/**
 * Where entries stand in a tournament (spec §4; docs/decisions/101, 182): every entry's position
 * by the admission rule, and the card holder's own, with the cut line. The tournament detail and
 * My tournaments say the same thing of the same entry.
 */
import {
  type CutLineState,
  computePositions,
  cutLineState,
  normalizeCardNumber,
  rankingValue,
} from '@radar/shared';
import type { ParticipantRow, TournamentRow } from '../../db/schema';

type Entry = ParticipantRow;

/**
 * Positions in one tournament (spec §4; docs/decisions/101, 182): by the admission type, by
 * ranking when unknown (the real detail never says). In doubles a pair counts once: its players
 * share the pair's position, ordered by the sum of their ranking values, then by entry.
 */
export function positionsOf(list: Entry[], admissionType: TournamentRow['admissionType']) {
  const paired = list.some((p) => p.pair !== null);
  if (!paired) {
    const positioned = list.map((p) => ({
      id: p.ordinal,
      membershipCard: p.membershipCard,
      ranking: p.ranking,
      subscriptionDate: p.subscriptionDate,
    }));
    return { positionOf: computePositions(positioned, admissionType), total: list.length };
  }
  const pairs = new Map<number, Entry[]>();
  for (const p of list) {
    const key = p.pair ?? -1 - p.ordinal;
    pairs.set(key, [...(pairs.get(key) ?? []), p]);
  }
  const positioned = [...pairs.entries()].map(([key, players]) => {
    const values = players.map((p) => rankingValue(p.ranking));
    const dates = players.map((p) => p.subscriptionDate?.getTime() ?? null).filter((d) => d !== null);
    return {
      id: key,
      membershipCard: null,
      ranking: null,
      value: values.includes(null) ? null : values.reduce<number>((sum, v) => sum + (v ?? 0), 0),
      subscriptionDate: dates.length > 0 ? new Date(Math.min(...dates)) : null,
    };
  });
  const ofPair = computePositions(positioned, admissionType);
  const positionOf = new Map<number | string, number>();
  for (const [key, players] of pairs) {
    for (const p of players) positionOf.set(p.ordinal, ofPair.get(key) ?? pairs.size);
  }
  return { positionOf, total: pairs.size };
}

/** The card holder's entry in a tournament: its row, position out of the entries, and cut line. */
export interface CardEntry {
  row: Entry;
  position: number;
  total: number;
  cutLine: CutLineState;
  /** Among the reserves: the place in the reserves list (1 = first reserve); else null. */
  reservePosition: number | null;
}

/**
 * The entry of `card` (already normalised; '' for none) among a tournament's entries, or null
 * when the card is not entered. `positions`: the list's, when the caller has them already.
 */
export function entryOfCard(
  list: Entry[],
  tournament: Pick<TournamentRow, 'admissionType' | 'maxParticipants'>,
  card: string,
  positions: ReturnType<typeof positionsOf> = positionsOf(list, tournament.admissionType),
): CardEntry | null {
  if (card === '') return null;
  const row = list.find((p) => normalizeCardNumber(p.membershipCard) === card);
  const position = row ? positions.positionOf.get(row.ordinal) : undefined;
  if (!row || position === undefined) return null;
  const cutLine = cutLineState(position, tournament.maxParticipants);
  return {
    row,
    position,
    total: positions.total,
    cutLine,
    reservePosition:
      cutLine === 'reserve' && tournament.maxParticipants ? position - tournament.maxParticipants : null,
  };
}
