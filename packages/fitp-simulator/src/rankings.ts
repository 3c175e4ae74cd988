/**
 * Federation rankings (`classifiche`): `N.M` or `N.NC`, e.g. `2.4`, `3.1`, `4.NC`. The numeric
 * value follows the product spec: class number + sub-rank / 100, with NC counted as 99, so a
 * lower value is a better player (`2.4` = 2.04 < `4.NC` = 4.99).
 */
import type { CategoryClass } from './model';

/** The ladder from best to worst, with each ranking's share of the federation's players (%). */
export const RANKING_SPREAD: ReadonlyArray<readonly [string, number]> = [
  ['2.1', 0.5],
  ['2.2', 0.6],
  ['2.3', 0.7],
  ['2.4', 0.8],
  ['2.5', 0.9],
  ['2.6', 1.0],
  ['2.7', 1.1],
  ['2.8', 1.3],
  ['3.1', 3.0],
  ['3.2', 3.5],
  ['3.3', 4.0],
  ['3.4', 4.5],
  ['3.5', 5.0],
  ['4.1', 6.0],
  ['4.2', 6.0],
  ['4.3', 7.0],
  ['4.4', 7.0],
  ['4.5', 8.0],
  ['4.6', 9.0],
  ['4.NC', 30.0],
];

export const RANKING_LADDER: readonly string[] = RANKING_SPREAD.map(([ranking]) => ranking);

const RANKING_PATTERN = /^([1-4])\.(NC|\d{1,2})$/i;

export const isRanking = (text: string): boolean => RANKING_PATTERN.test(text.trim());

/** `3.4` → 3.04, `4.NC` → 4.99; undefined when the text is not a ranking. */
export function rankingValue(ranking: string): number | undefined {
  const match = RANKING_PATTERN.exec(ranking.trim());
  if (!match) return undefined;
  const sub = (match[2] as string).toUpperCase() === 'NC' ? 99 : Number(match[2]);
  return Number(match[1]) + sub / 100;
}

/** The ranking `steps` places better than `ranking` on the ladder (clamped to the top). */
export function betterRanking(ranking: string, steps: number): string {
  const index = RANKING_LADDER.indexOf(ranking);
  if (index < 0) return ranking;
  return RANKING_LADDER[Math.max(0, index - steps)] as string;
}

/**
 * Which rankings a tournament of a category class draws its entries from: from its ranking
 * limit (the best ranking admitted) down to the weakest players who would realistically enter.
 */
export const WEAKEST_ENTRANT_BY_CLASS: Record<CategoryClass, number> = {
  1: 3.05,
  2: 4.06,
  3: 4.99,
  4: 4.99,
};
