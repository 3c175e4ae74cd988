/**
 * The seeded calendar. Competitions are generated week by week: week `w` (Monday-based, counted
 * from 1970-01-05) always holds the same competitions for a seed, whatever the clock's start, so a
 * restarted simulator keeps its guids. Everything a competition is made of comes from an Rng derived
 * from (seed, week, ordinal); its activity over time is generated lazily in `timeline.ts`.
 */
import { findProvinceBySigla, findRegionById, PROVINCES, type Province } from '@radar/shared';
import type { ClubDirectory } from './clubs';
import { describeTournament, nameCompetition, type TournamentNaming } from './competition-names';
import {
  type AdmissionType,
  type AgeCategory,
  type CategoryClass,
  type CodFonte,
  type Competition,
  type DrawType,
  type EntrantRange,
  foldText,
  isDoubles,
  type Seat,
  type TournamentSpec,
} from './model';
import { BALLS, MATCH_FORMATS, SURFACES } from './names';
import { placesOf, provinceWeight } from './places';
import type { Gender, PlayerPool } from './players';
import { hashParts, Rng } from './prng';
import { rankingValue, WEAKEST_ENTRANT_BY_CLASS } from './rankings';
import { calendarDateOf, type EpochDay, romeInstant } from './rome-time';

/** The calendar spans this many weeks before and after the clock (the `competitions` count's window). */
export const WEEKS_BEFORE = 26;
export const WEEKS_AFTER = 39;
const WINDOW_WEEKS = WEEKS_BEFORE + WEEKS_AFTER;

/** About 13,000 competitions a year nationally, as the federation's calendar holds (§ issue 27). */
export const DEFAULT_COMPETITION_COUNT = 16_000;

/** Monday-based week number; week 0 starts on Monday 1970-01-05. */
export const weekOfDay = (day: EpochDay): number => Math.floor((day - 4) / 7);
const mondayOfWeek = (week: number): EpochDay => 4 + 7 * week;

/** Relative tennis activity by month (outdoor season peaks in spring and early summer). */
const SEASON = [0.7, 0.8, 1.0, 1.2, 1.3, 1.4, 1.3, 0.8, 1.2, 1.0, 0.8, 0.7];
const SEASON_MEAN = SEASON.reduce((a, b) => a + b, 0) / SEASON.length;

/** Start weekday weights, Monday first: most competitions start on a Saturday. */
const START_WEEKDAY: ReadonlyArray<readonly [number, number]> = [
  [0, 3],
  [1, 2],
  [2, 2],
  [3, 2],
  [4, 5],
  [5, 9],
  [6, 2],
];

const DRAW_TYPE_WEIGHTS: Record<CodFonte, ReadonlyArray<readonly [DrawType, number]>> = {
  1: [
    ['Maschile', 55],
    ['Femminile', 22],
    ['DoppioM', 8],
    ['DoppioF', 4],
    ['Misto', 11],
  ],
  2: [
    ['Maschile', 50],
    ['Femminile', 20],
    ['DoppioM', 15],
    ['Misto', 15],
  ],
  3: [
    ['Maschile', 75],
    ['Femminile', 25],
  ],
};

const TEAM_SERIES: ReadonlyArray<readonly [readonly [string, CategoryClass], number]> = [
  [['Serie C', 2], 20],
  [['Serie D1', 3], 30],
  [['Serie D2', 4], 30],
  [['Serie D3', 4], 20],
];

const RANKING_LIMITS: Record<CategoryClass, ReadonlyArray<readonly [string, number]>> = {
  1: [['1.1', 1]],
  2: [
    ['2.1', 7],
    ['2.4', 2],
    ['2.6', 1],
  ],
  3: [
    ['3.1', 6],
    ['3.3', 2],
    ['3.4', 2],
  ],
  4: [
    ['4.1', 6],
    ['4.2', 2],
    ['4.3', 1],
    ['4.4', 1],
  ],
};

const UNDER_AGES = ['Under 10', 'Under 12', 'Under 14', 'Under 16', 'Under 18'];
const OVER_AGES = ['Over 35', 'Over 40', 'Over 45', 'Over 50', 'Over 55', 'Over 60', 'Over 65', 'Over 70'];

export interface DraftTournament extends TournamentNaming {
  readonly admissionType?: AdmissionType;
  readonly rankingLimit?: string;
  readonly maxParticipants?: number;
}

/** The federation itself, organiser of its summer camps' events (seat Roma, played elsewhere). */
export const FEDERATION_CLUB = 'Federazione Italiana Tennis e Padel';

/**
 * Where the organiser is seated: the venue's town for most competitions; for a few the club's seat
 * is another town of the province, and the federation's own youth events are seated in Roma
 * whatever their venue (the list shows the seat, the detail the venue: §1).
 */
export function seatFor(
  seed: number,
  c: { guid: string; city: string; club: string; province: Province },
  youth: boolean,
): Seat {
  const h = hashParts(seed, 'seat', c.guid) % 100;
  const rome = findProvinceBySigla('RM');
  if (youth && h < 3 && rome) return { city: 'Roma', province: rome, club: FEDERATION_CLUB };
  const towns = placesOf(c.province.sigla).municipalities.filter((m) => m !== c.city);
  if (h >= 95 && towns.length > 0) {
    return { city: towns[h % towns.length] as string, province: c.province, club: c.club };
  }
  return { city: c.city, province: c.province, club: c.club };
}

export class CompetitionGenerator {
  private readonly provinceWeights: ReadonlyArray<readonly [Province, number]>;
  /** Running sums of the weights: a province is drawn by binary search (16,000 draws per calendar). */
  private readonly provinceCumulative: Float64Array;
  private readonly capacities = new Map<string, number>();
  private readonly perWeek: number;

  constructor(
    readonly seed: number,
    private readonly pool: PlayerPool,
    private readonly clubs: ClubDirectory,
    competitionsInWindow: number = DEFAULT_COMPETITION_COUNT,
  ) {
    this.provinceWeights = PROVINCES.map((p) => [p, provinceWeight(p.sigla)] as const);
    let sum = 0;
    this.provinceCumulative = Float64Array.from(this.provinceWeights, ([, w]) => {
      sum += w;
      return sum;
    });
    this.perWeek = competitionsInWindow / WINDOW_WEEKS;
  }

  /** The competitions starting in a week, always the same for the seed. */
  competitionsOfWeek(week: number): Competition[] {
    const rng = Rng.derive(this.seed, 'week', week);
    const month = calendarDateOf(mondayOfWeek(week) + 3).month;
    const count = Math.round(
      ((this.perWeek * (SEASON[month - 1] ?? 1)) / SEASON_MEAN) * (0.85 + 0.3 * rng.next()),
    );
    const competitions: Competition[] = [];
    for (let ordinal = 0; ordinal < count; ordinal++) competitions.push(this.generate(week, ordinal));
    return competitions;
  }

  private generate(week: number, ordinal: number): Competition {
    const rng = Rng.derive(this.seed, 'competition', week, ordinal);
    const guid = rng.uuid();
    const codFonte = rng.weighted<CodFonte>([
      [1, 70],
      [2, 20],
      [3, 10],
    ]);
    const province = this.pickProvince(rng);
    const club = rng.pick(this.clubs.of(province.sigla));
    const startDay = mondayOfWeek(week) + rng.weighted(START_WEEKDAY);
    const drafts = this.draftTournaments(rng, codFonte);
    const main = drafts[0] as DraftTournament;
    const duration =
      codFonte === 3
        ? rng.pick([28, 35, 42, 49, 56, 63])
        : codFonte === 2
          ? rng.weighted([
              [0, 4],
              [1, 4],
              [2, 2],
            ])
          : main.ageCategory === 'giovanili'
            ? rng.int(2, 7)
            : rng.weighted([
                [3, 5],
                [5, 10],
                [6, 10],
                [7, 15],
                [8, 15],
                [9, 15],
                [10, 10],
                [12, 8],
                [14, 7],
                [16, 5],
              ]);
    const endDay = startDay + duration;

    const [opensBefore, closesBefore] =
      codFonte === 3
        ? [rng.int(60, 100), rng.int(15, 30)]
        : codFonte === 2
          ? [rng.int(5, 20), 1]
          : [rng.int(12, 35), rng.int(1, 3)];
    const registrationOpensAt = romeInstant(startDay - opensBefore, rng.pick([0, 0, 9 * 60, 12 * 60]));
    const registrationClosesAt = romeInstant(
      startDay - closesBefore,
      rng.pick([12 * 60, 12 * 60, 18 * 60, 1439]),
    );
    const publishedBefore =
      codFonte === 3 ? rng.int(10, 40) : rng.chance(0.15) ? rng.int(26, 70) : rng.int(1, 25);
    const publishedAt =
      romeInstant(startDay - opensBefore - publishedBefore, rng.int(8 * 60, 20 * 60)) + rng.int(0, 59) * 1000;

    const surface = rng.weighted(SURFACES);
    const balls = rng.pick(BALLS);
    const regionName = findRegionById(province.regionId)?.name ?? '';
    const name = nameCompetition(rng, {
      codFonte,
      month: calendarDateOf(startDay).month,
      city: club.municipality,
      club: club.name,
      regionName,
      main,
    });
    const tournaments = drafts.map((draft) =>
      this.buildTournament(rng, draft, { codFonte, regionId: province.regionId, surface, balls }),
    );
    return assembleCompetition({
      guid,
      name,
      club: club.name,
      city: club.municipality,
      province,
      codFonte,
      startDay,
      endDay,
      publishedAt,
      registrationOpensAt,
      registrationClosesAt,
      prizeMoney: this.prizeMoney(rng, codFonte, main),
      onlineRegistration: rng.chance(codFonte === 2 ? 0.95 : 0.85),
      authorized: rng.chance(0.97),
      seat: seatFor(
        this.seed,
        { guid, city: club.municipality, club: club.name, province },
        codFonte === 1 && main.ageCategory === 'giovanili',
      ),
      tournaments,
      scripted: false,
      generatedActivity: true,
    });
  }

  private draftTournaments(rng: Rng, codFonte: CodFonte): DraftTournament[] {
    if (codFonte === 3) {
      const ageCategory = rng.weighted<AgeCategory>([
        ['open', 85],
        ['veterani', 10],
        ['giovanili', 5],
      ]);
      const [series, categoryClass] = rng.weighted(TEAM_SERIES);
      const type = rng.weighted(DRAW_TYPE_WEIGHTS[3]);
      const ageLabel = ageLabelFor(rng, ageCategory);
      return [
        {
          type,
          categoryClass,
          ageCategory,
          ageLabel,
          series: ageCategory === 'open' ? series : `Campionato ${ageLabel}`,
          admissionType: 'cronologico',
          maxParticipants: rng.pick([8, 10, 12, 16]),
        },
      ];
    }
    const ageCategory: AgeCategory =
      codFonte === 2
        ? 'open'
        : rng.weighted<AgeCategory>([
            ['open', 78],
            ['giovanili', 14],
            ['veterani', 8],
          ]);
    const mainClass: CategoryClass =
      codFonte === 2
        ? 4
        : ageCategory === 'veterani'
          ? rng.weighted<CategoryClass>([
              [4, 6],
              [3, 4],
            ])
          : rng.weighted<CategoryClass>([
              [4, 50],
              [3, 30],
              [2, 14],
              [1, 6],
            ]);
    const count =
      codFonte === 2
        ? rng.weighted([
            [1, 6],
            [2, 4],
          ])
        : rng.weighted([
            [1, 30],
            [2, 40],
            [3, 20],
            [4, 10],
          ]);
    const weights = DRAW_TYPE_WEIGHTS[codFonte];
    const types: DrawType[] = [rng.weighted(weights)];
    // Clubs pair a men's draw with a women's one before adding doubles.
    const partner: DrawType | undefined =
      types[0] === 'Maschile' ? 'Femminile' : types[0] === 'Femminile' ? 'Maschile' : undefined;
    if (count > 1 && partner && rng.chance(0.7)) types.push(partner);
    while (types.length < count) {
      const next = rng.weighted(weights.filter(([t]) => !types.includes(t)));
      types.push(next);
    }
    const mainAgeLabel = ageLabelFor(rng, ageCategory);
    return types.map((type, i) => ({
      type,
      categoryClass:
        codFonte === 2 || i === 0 || mainClass === 4 || !rng.chance(0.3)
          ? mainClass
          : ((mainClass + 1) as CategoryClass),
      ageCategory,
      ageLabel: i === 0 || rng.chance(0.5) ? mainAgeLabel : ageLabelFor(rng, ageCategory),
      series: undefined,
      admissionType: codFonte === 2 ? (rng.chance(0.85) ? 'cronologico' : 'classifica') : undefined,
      rankingLimit: codFonte === 2 ? '4.3' : undefined,
    }));
  }

  buildTournament(
    rng: Rng,
    draft: DraftTournament,
    where: { codFonte: CodFonte; regionId: number; surface: string; balls: string; uid?: string },
  ): TournamentSpec {
    const doubles = isDoubles(draft.type);
    const rankingLimit = draft.rankingLimit ?? rng.weighted(RANKING_LIMITS[draft.categoryClass]);
    const maxParticipants =
      draft.maxParticipants ??
      (doubles
        ? rng.pick([16, 24, 32, 32, 48, 64])
        : where.codFonte === 2
          ? rng.pick([8, 16, 16, 24, 32])
          : rng.weighted([
              [16, 10],
              [24, 10],
              [32, 35],
              [48, 15],
              [64, 20],
              [96, 5],
              [128, 5],
            ]));
    const admissionType =
      draft.admissionType ??
      rng.weighted<AdmissionType>([
        ['classifica', 70],
        ['cronologico', 30],
      ]);
    const entrants = entrantRangeFor(draft, rankingLimit);
    const capacity = this.entrantCapacity(where.regionId, draft.type, entrants);
    const fill = admissionType === 'cronologico' ? 0.3 + 0.7 * rng.next() : 0.35 + 1.05 * rng.next();
    let targetEntries = Math.min(capacity, Math.round(maxParticipants * fill));
    if (doubles) targetEntries -= targetEntries % 2;
    const matchFormat =
      where.codFonte === 2
        ? rng.pick(MATCH_FORMATS.short)
        : doubles
          ? rng.pick(MATCH_FORMATS.doubles)
          : rng.pick(MATCH_FORMATS.standard);
    return {
      uid: where.uid ?? rng.uuid(),
      description: describeTournament(draft),
      type: draft.type,
      categoryClass: draft.categoryClass,
      ageCategory: draft.ageCategory,
      rankingLimit,
      maxParticipants,
      admissionType,
      surface: where.surface,
      balls: where.balls,
      matchFormat,
      entrants,
      targetEntries,
    };
  }

  /** A province by weight (as `rng.weighted(provinceWeights)` would, in O(log n)). */
  private pickProvince(rng: Rng): Province {
    const cumulative = this.provinceCumulative;
    const r = rng.next() * (cumulative[cumulative.length - 1] as number);
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return (this.provinceWeights[lo] as readonly [Province, number])[0];
  }

  /** How many distinct players of the region could enter such a tournament (memoised). */
  entrantCapacity(regionId: number, type: DrawType, entrants: EntrantRange): number {
    const key = `${regionId}|${type}|${entrants.ageGroup}|${entrants.bestValue}|${entrants.weakestValue}`;
    let capacity = this.capacities.get(key);
    if (capacity === undefined) {
      capacity = this.countEntrants(regionId, type, entrants);
      this.capacities.set(key, capacity);
    }
    return capacity;
  }

  private countEntrants(regionId: number, type: DrawType, entrants: EntrantRange): number {
    const count = (gender: Gender): number => this.pool.eligible({ regionId, gender, ...entrants }).size;
    switch (type) {
      case 'Maschile':
      case 'DoppioM':
        return count('M');
      case 'Femminile':
      case 'DoppioF':
        return count('F');
      case 'Misto':
        return 2 * Math.min(count('M'), count('F'));
    }
  }

  private prizeMoney(rng: Rng, codFonte: CodFonte, main: DraftTournament): number {
    if (codFonte === 3) return 0;
    if (codFonte === 2) return rng.chance(0.95) ? 0 : rng.pick([100, 150, 200, 300]);
    if (main.ageCategory === 'giovanili') return rng.chance(0.9) ? 0 : rng.pick([200, 300, 500]);
    if (main.ageCategory === 'veterani') return rng.chance(0.6) ? 0 : rng.pick([200, 300, 400, 500, 750]);
    const none = 0;
    const small = (): number => rng.pick([100, 150, 200, 250, 300, 400, 450, 500]);
    const medium = (): number => rng.pick([600, 750, 800, 1000]);
    const large = (): number => rng.pick([1200, 1500, 2000, 2500, 3000, 5000]);
    switch (main.categoryClass) {
      case 1:
        return rng.pick([1500, 2000, 3000, 5000, 7500, 10000, 15000]);
      case 2:
        return rng.weighted<() => number>([
          [() => none, 5],
          [medium, 25],
          [large, 70],
        ])();
      case 3:
        return rng.weighted<() => number>([
          [() => none, 25],
          [small, 30],
          [medium, 30],
          [large, 15],
        ])();
      case 4:
        return rng.weighted<() => number>([
          [() => none, 55],
          [small, 35],
          [medium, 10],
        ])();
    }
  }
}

function ageLabelFor(rng: Rng, ageCategory: AgeCategory): string | undefined {
  if (ageCategory === 'giovanili') return rng.pick(UNDER_AGES);
  if (ageCategory === 'veterani') return rng.pick(OVER_AGES);
  return undefined;
}

export function entrantRangeFor(
  draft: Pick<TournamentNaming, 'ageCategory' | 'categoryClass'>,
  rankingLimit: string,
): EntrantRange {
  const ageGroup =
    draft.ageCategory === 'giovanili' ? 'junior' : draft.ageCategory === 'veterani' ? 'veteran' : undefined;
  return {
    ageGroup,
    bestValue: rankingValue(rankingLimit) ?? draft.categoryClass + 0.01,
    weakestValue: ageGroup ? 4.99 : WEAKEST_ENTRANT_BY_CLASS[draft.categoryClass],
  };
}

type CompetitionFields = Omit<Competition, 'startsAt' | 'endsAt' | 'searchText'>;

/** Completes a competition with its derived fields (instants of its days, folded search text). */
export function assembleCompetition(fields: CompetitionFields): Competition {
  return {
    ...fields,
    startsAt: romeInstant(fields.startDay),
    endsAt: romeInstant(fields.endDay + 1),
    searchText: foldText(fields.name),
  };
}
