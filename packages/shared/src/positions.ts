/**
 * Position in a tournament (spec §4): for chronological admission, by subscription date
 * ascending; for ranking admission, by ranking ascending, where a ranking `N.M` is worth
 * N + M/100 and `N.NC` (not classified) N + 99/100. The position is null when the card is
 * missing or not among the participants.
 */
import type { AdmissionType } from './competitions';

/** The sub-rank that `NC` (not classified) counts as (spec §9). */
export const NC_SUB_RANK = 99;

/**
 * The value of a ranking (`3.4` → 3.04, `4.NC` → 4.99, `2` → 2); null when it is not a ranking.
 * Lower is better.
 */
export function rankingValue(ranking: string | null | undefined): number | null {
  if (!ranking) return null;
  const match = /^\s*(\d+)(?:[.,](\d{1,2}|nc))?\s*$/i.exec(ranking);
  if (!match) return null;
  const classNumber = Number(match[1]);
  const sub = match[2];
  if (sub === undefined) return classNumber;
  const subRank = sub.toLowerCase() === 'nc' ? NC_SUB_RANK : Number(sub);
  // Integer hundredths, so 3.10 and 3.1 compare as what they are (class 3, sub-rank 10 and 1).
  return (classNumber * 100 + subRank) / 100;
}

export interface PositionedParticipant {
  /** The participant id (or any key unique within the tournament). */
  readonly id: number | string;
  readonly membershipCard: string | null;
  readonly ranking: string | null;
  /**
   * The value to order by instead of `rankingValue(ranking)` (a doubles pair: the sum of its
   * players' values); undefined to read the ranking.
   */
  readonly value?: number | null;
  /** ISO instant or Date; null when unknown. */
  readonly subscriptionDate: string | Date | null;
}

const timeOf = (value: string | Date | null): number | null => {
  if (value === null) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/** Unknown values go last. */
const compareNullable = (a: number | null, b: number | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b;

const compareIds = (a: number | string, b: number | string): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/**
 * The order that positions follow. Ranking admission: ranking value, then subscription date;
 * chronological admission: subscription date. Unknown values last, ties by id. A tournament
 * whose admission type is unknown is treated as by ranking, the federation's usual rule.
 */
export function compareParticipants(
  admissionType: AdmissionType | null,
): (a: PositionedParticipant, b: PositionedParticipant) => number {
  return (a, b) => {
    const byTime = compareNullable(timeOf(a.subscriptionDate), timeOf(b.subscriptionDate));
    if (admissionType === 'cronologico') return byTime || compareIds(a.id, b.id);
    const orderValue = (p: PositionedParticipant) =>
      p.value === undefined ? rankingValue(p.ranking) : p.value;
    const byRanking = compareNullable(orderValue(a), orderValue(b));
    return byRanking || byTime || compareIds(a.id, b.id);
  };
}

/** Every participant's position (1-based) by id. */
export function computePositions(
  participants: readonly PositionedParticipant[],
  admissionType: AdmissionType | null,
): Map<number | string, number> {
  const ordered = [...participants].sort(compareParticipants(admissionType));
  return new Map(ordered.map((p, index) => [p.id, index + 1]));
}

/** A card number as written anywhere (spaces, dots), reduced to its characters that matter. */
export const normalizeCardNumber = (card: string | null | undefined): string =>
  (card ?? '').replace(/[\s.-]/g, '').replace(/^0+(?=\d)/, '');

/** Whether a card is among the participants. */
export function isCardAmongParticipants(
  card: string | null | undefined,
  participants: readonly Pick<PositionedParticipant, 'membershipCard'>[],
): boolean {
  const wanted = normalizeCardNumber(card);
  return wanted !== '' && participants.some((p) => normalizeCardNumber(p.membershipCard) === wanted);
}

export interface Position {
  readonly position: number;
  readonly total: number;
}

/** The card holder's position out of the total, or null without a card or when not entered. */
export function positionOfCard(
  card: string | null | undefined,
  participants: readonly PositionedParticipant[],
  admissionType: AdmissionType | null,
): Position | null {
  const wanted = normalizeCardNumber(card);
  if (wanted === '') return null;
  const mine = participants.find((p) => normalizeCardNumber(p.membershipCard) === wanted);
  if (!mine) return null;
  const position = computePositions(participants, admissionType).get(mine.id);
  return position === undefined ? null : { position, total: participants.length };
}
