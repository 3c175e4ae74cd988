/**
 * The simulator's own model of the federation's data, in the federation's terms (a competition
 * holds tournaments; a tournament has participants, documents, orders of play and draws). Wire
 * spellings live in `wire.ts`; everything here is typed and canonical.
 */
import type { Province } from '@radar/shared';
import type { EpochDay } from './rome-time';

export const DRAW_TYPES = ['Maschile', 'Femminile', 'DoppioM', 'DoppioF', 'Misto'] as const;
export type DrawType = (typeof DRAW_TYPES)[number];

export const AGE_CATEGORIES = ['open', 'giovanili', 'veterani'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

export const CATEGORY_CLASSES = [1, 2, 3, 4] as const;
export type CategoryClass = (typeof CATEGORY_CLASSES)[number];

export const ADMISSION_TYPES = ['classifica', 'cronologico'] as const;
export type AdmissionType = (typeof ADMISSION_TYPES)[number];

/** 1 TORNEI FITP, 2 TPRA, 3 team championships. */
export type CodFonte = 1 | 2 | 3;
export const FONTE_LABELS: Record<CodFonte, string> = {
  1: 'TORNEI FITP',
  2: 'TORNEI TPRA',
  3: 'CAMPIONATI A SQUADRE',
};

/** 1 concluded, 2 ongoing, 3 open registration, 4 upcoming. */
export type IdStato = 1 | 2 | 3 | 4;

/** The federation's discipline code for tennis. */
export const ID_DISCIPLINA_TENNIS = '4332';

export const isDoubles = (type: DrawType): boolean =>
  type === 'DoppioM' || type === 'DoppioF' || type === 'Misto';

export interface TournamentSpec {
  readonly uid: string;
  readonly description: string;
  readonly type: DrawType;
  readonly categoryClass: CategoryClass;
  readonly ageCategory: AgeCategory;
  readonly rankingLimit: string;
  readonly maxParticipants: number;
  readonly admissionType: AdmissionType;
  readonly surface: string;
  readonly balls: string;
  readonly matchFormat: string;
  /** Who realistically enters: the players the generated activity draws its entries from. */
  readonly entrants: EntrantRange;
  /** Entries the generated activity reaches by the close of registration. */
  readonly targetEntries: number;
}

export interface Seat {
  readonly city: string;
  readonly province: Province;
  readonly club: string;
}

export interface EntrantRange {
  /** `undefined` for open tournaments (every age group). */
  readonly ageGroup: 'junior' | 'adult' | 'veteran' | undefined;
  /** Best ranking value admitted: the ranking limit's value. */
  readonly bestValue: number;
  /** Weakest ranking value that realistically enters. */
  readonly weakestValue: number;
}

export interface Competition {
  /** Canonical (upper-case) guid. */
  readonly guid: string;
  readonly name: string;
  readonly club: string;
  readonly city: string;
  /** The venue's province (where it is played; players come from its region). */
  readonly province: Province;
  /**
   * The organiser's seat, what the list shows in `citta`/`provincia`/`sigla_provincia` and what
   * its region and province filters select on: usually the venue's, sometimes not (§1).
   */
  readonly seat: Seat;
  readonly codFonte: CodFonte;
  readonly startDay: EpochDay;
  readonly endDay: EpochDay;
  /** Midnight of the first day and of the day after the last day, Rome time. */
  readonly startsAt: number;
  readonly endsAt: number;
  readonly publishedAt: number;
  readonly registrationOpensAt: number;
  readonly registrationClosesAt: number;
  readonly prizeMoney: number;
  readonly onlineRegistration: boolean;
  readonly authorized: boolean;
  readonly tournaments: readonly TournamentSpec[];
  /** Added through the scripting hooks rather than generated from the seed. */
  readonly scripted: boolean;
  /** Whether entries, documents, orders of play and draws are generated over time. */
  readonly generatedActivity: boolean;
  /** Name folded for the free-text search (lower case, no accents). */
  readonly searchText: string;
}

/** Lower case without diacritics, for the free-text search. */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function statusAt(competition: Competition, now: number): IdStato {
  if (now >= competition.endsAt) return 1;
  if (now >= competition.startsAt) return 2;
  if (now >= competition.registrationOpensAt && now < competition.registrationClosesAt) return 3;
  return 4;
}

export const isPublished = (competition: Competition, now: number): boolean => competition.publishedAt <= now;
