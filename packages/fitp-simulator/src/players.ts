/**
 * The deterministic pool of federation players. Every generated entry is one of these players,
 * so the same player enters several tournaments, and every pool player is a known card.
 */
import { PROVINCES, type Province } from '@radar/shared';
import type { Club, ClubDirectory } from './clubs';
import { getOrInsert } from './maps';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from './names';
import { placesOf, provinceWeight } from './places';
import { hashParts, Rng } from './prng';
import { betterRanking, RANKING_SPREAD, rankingValue } from './rankings';

export type Gender = 'M' | 'F';
export type AgeGroup = 'junior' | 'adult' | 'veteran';

export interface Player {
  readonly cardNumber: string;
  readonly firstName: string;
  readonly surname: string;
  readonly gender: Gender;
  readonly ageGroup: AgeGroup;
  readonly ranking: string;
  readonly rankingValue: number;
  readonly bestRanking: string;
  readonly bestRankingSeason: string;
  /** `3° Categoria`: the class of the ranking, as the player sheet writes it. */
  readonly category: string;
  readonly club: string;
  readonly municipality: string;
  readonly province: Province;
}

export interface PoolPlayer extends Player {
  /** Position in the pool; generated entries refer to players by it. */
  readonly index: number;
}

export const DEFAULT_PLAYER_COUNT = 12_000;

/** Players eligible for a tournament: one region, one gender, an age group, a ranking range. */
export interface EligibilityQuery {
  readonly regionId: number;
  readonly gender: Gender;
  /** `undefined` admits every age group (open tournaments). */
  readonly ageGroup: AgeGroup | undefined;
  /** Best ranking value admitted (the ranking limit). */
  readonly bestValue: number;
  /** Weakest ranking value admitted. */
  readonly weakestValue: number;
}

const AGE_GROUP_WEIGHTS: ReadonlyArray<readonly [AgeGroup, number]> = [
  ['junior', 18],
  ['adult', 55],
  ['veteran', 27],
];

export class PlayerPool {
  readonly players: readonly PoolPlayer[];
  private readonly byCard: ReadonlyMap<string, PoolPlayer>;
  /** `${regionId}:${gender}:${ageGroup|all}` → players sorted by ranking value (best first). */
  private readonly buckets = new Map<string, PoolPlayer[]>();

  constructor(seed: number, size: number, clubs: ClubDirectory) {
    const rng = Rng.derive(seed, 'player-pool');
    const provinceWeights = PROVINCES.map((p) => [p, provinceWeight(p.sigla)] as const);
    const usedCards = new Set<string>();
    const players: PoolPlayer[] = [];
    for (let index = 0; index < size; index++) {
      const province = rng.weighted(provinceWeights);
      const gender: Gender = rng.chance(0.7) ? 'M' : 'F';
      const ageGroup = rng.weighted(AGE_GROUP_WEIGHTS);
      const ranking = rng.weighted(RANKING_SPREAD);
      const climbed = rng.chance(0.4) ? rng.int(1, 4) : 0;
      const bestRanking = betterRanking(ranking, climbed);
      let cardNumber: string;
      // Ten digits, as a string: about one card in ten starts with 0 (§2: keep leading zeros).
      const lead = hashParts(seed, 'card-lead', index) % 10;
      do cardNumber = `${lead}${rng.int(100_000_000, 999_999_999)}`;
      while (usedCards.has(cardNumber));
      usedCards.add(cardNumber);
      const club: Club = rng.pick(clubs.of(province.sigla));
      players.push({
        index,
        cardNumber,
        firstName: rng.pick(gender === 'M' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES),
        surname: rng.pick(SURNAMES),
        gender,
        ageGroup,
        ranking,
        rankingValue: rankingValue(ranking) as number,
        bestRanking,
        bestRankingSeason: String(climbed === 0 ? 2025 : rng.int(2012, 2024)),
        category: categoryOf(ranking, ranking === '4.NC' && rng.chance(0.3)),
        club: club.name,
        municipality: rng.chance(0.8) ? club.municipality : rng.pick(placesOf(province.sigla).municipalities),
        province,
      });
    }
    this.players = players;
    this.byCard = new Map(players.map((p) => [p.cardNumber, p]));
    for (const player of players) {
      for (const age of [player.ageGroup, 'all'] as const) {
        const key = `${player.province.regionId}:${player.gender}:${age}`;
        getOrInsert(this.buckets, key, () => []).push(player);
      }
    }
    for (const bucket of this.buckets.values()) {
      bucket.sort((a, b) => a.rankingValue - b.rankingValue || a.index - b.index);
    }
  }

  get size(): number {
    return this.players.length;
  }

  at(index: number): PoolPlayer {
    const player = this.players[index];
    if (!player) throw new Error(`No pool player ${index}`);
    return player;
  }

  findByCard(cardNumber: string): PoolPlayer | undefined {
    return this.byCard.get(cardNumber);
  }

  /** The eligible players, best ranking first: a window on a pre-sorted bucket, not a copy. */
  eligible(query: EligibilityQuery): EligiblePlayers {
    const bucket = this.buckets.get(`${query.regionId}:${query.gender}:${query.ageGroup ?? 'all'}`) ?? [];
    const from = lowerBound(bucket, query.bestValue - 1e-9);
    const to = lowerBound(bucket, query.weakestValue + 1e-9);
    return new EligiblePlayers(bucket, from, Math.max(from, to));
  }
}

export class EligiblePlayers {
  constructor(
    private readonly bucket: readonly PoolPlayer[],
    private readonly from: number,
    private readonly to: number,
  ) {}

  get size(): number {
    return this.to - this.from;
  }

  at(i: number): PoolPlayer {
    const player = this.bucket[this.from + i];
    if (player === undefined || i >= this.size) throw new RangeError(`No eligible player ${i}`);
    return player;
  }
}

/** First position whose ranking value is ≥ value. */
function lowerBound(sorted: readonly PoolPlayer[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as PoolPlayer).rankingValue < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `3° Categoria` for `3.4`; unranked `4.NC` players are sometimes still `Non agonista`. */
export function categoryOf(ranking: string, nonCompetitive = false): string {
  if (ranking.toUpperCase() === '4.NC' && nonCompetitive) return 'Non agonista';
  return `${ranking.trim().charAt(0)}° Categoria`;
}
