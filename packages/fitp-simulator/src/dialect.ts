/**
 * The federation's vocabulary on the wire (fitp-contract.md §1–§3): `;` lists of ranking bands,
 * age codes and draw types in the list rows, `,` lists in the detail, the false `Z` of its
 * date-times (Europe/Rome wall-clock), numeric ids derived from guids. Pure functions of the model.
 */
import type { AgeCategory, Competition, DrawType, TournamentSpec } from './model';
import { hashParts } from './prng';
import { type EpochDay, formatIsoDate, formatItalianDate, formatRomeDateTime } from './rome-time';

/** The ranking bands from best to worst, as the list's `cat_class` spells them. */
export const BANDS = [
  '1',
  '2.1',
  '2.2',
  '2.3',
  '2.4',
  '2.5',
  '2.6',
  '2.7',
  '2.8',
  '3.1',
  '3.2',
  '3.3',
  '3.4',
  '3.5',
  '4.1',
  '4.2',
  '4.3',
  '4.4',
  '4.5',
  '4.6',
  '4.NC',
] as const;

/** The age codes in the federation's order (`cat_eta`, `CategoryAge`). */
export const AGE_CODES = [
  'U08',
  'U10',
  'U11',
  'U12',
  'U13',
  'U14',
  'U15',
  'U16',
  'U17',
  'U18',
  'NOF',
  'NOR',
  'O30',
  'O35',
  'O40',
  'O45',
  'O50',
  'O55',
  'O60',
  'O65',
  'O70',
  'O75',
  'O80',
] as const;

/** `tipo_torneo` words; the list sorts them lexically (`Doppio F.;Doppio M.;Femminile;Maschile;Misto`). */
export const DRAW_TYPE_WORDS: Record<DrawType, string> = {
  Maschile: 'Maschile',
  Femminile: 'Femminile',
  DoppioM: 'Doppio M.',
  DoppioF: 'Doppio F.',
  Misto: 'Misto',
};

/** The detail's `Gender` of a tournament. */
export const TOURNAMENT_GENDER: Record<DrawType, string> = {
  Maschile: 'M',
  Femminile: 'F',
  DoppioM: 'MM',
  DoppioF: 'FF',
  Misto: 'MF',
};

export const isFemaleDraw = (type: DrawType): boolean => type === 'Femminile' || type === 'DoppioF';

/** The band of a ranking (`3.4` → `3.4`, `1.1` → `1`). */
export function bandOf(ranking: string): string {
  const text = ranking.trim().toUpperCase();
  return text.startsWith('1') ? '1' : text;
}

/** The bands admitted from a tournament's ranking limit (its best band) down to 4.NC. */
export function bandsFrom(rankingLimit: string): string[] {
  const index = BANDS.indexOf(bandOf(rankingLimit) as (typeof BANDS)[number]);
  return BANDS.slice(Math.max(0, index));
}

/** The union of the tournaments' bands, best first. */
export function competitionBands(tournaments: readonly TournamentSpec[]): string[] {
  const best = Math.min(
    ...tournaments.map((t) => Math.max(0, BANDS.indexOf(bandOf(t.rankingLimit) as (typeof BANDS)[number]))),
  );
  return BANDS.slice(Number.isFinite(best) ? best : BANDS.length - 1);
}

/** The age codes a tournament admits, from its age category and the `Under 14`/`Over 45` of its name. */
export function tournamentAgeCodes(
  spec: Pick<TournamentSpec, 'ageCategory' | 'description' | 'type'>,
): string[] {
  return ageCodesFor(spec.ageCategory, spec.description, isFemaleDraw(spec.type));
}

function ageCodesFor(category: AgeCategory, description: string, female: boolean): string[] {
  const youth = AGE_CODES.slice(0, 10);
  const veterans = AGE_CODES.slice(12);
  if (category === 'giovanili') {
    const under = /Under (\d+)/.exec(description);
    const limit = under ? Number(under[1]) : 14;
    const upTo = youth.filter((c) => Number(c.slice(1)) <= limit);
    return upTo.slice(Math.max(0, upTo.length - 4));
  }
  if (category === 'veterani') {
    const over = /Over (\d+)/.exec(description);
    const from = over ? Number(over[1]) : 35;
    return veterans.filter((c) => Number(c.slice(1)) >= from);
  }
  return [...youth, ...(female ? ['NOF'] : []), 'NOR', ...veterans];
}

/** Codes in the federation's order, without duplicates. */
export function orderedAgeCodes(codes: Iterable<string>): string[] {
  const set = new Set(codes);
  return AGE_CODES.filter((c) => set.has(c));
}

export function competitionAgeCodes(tournaments: readonly TournamentSpec[]): string[] {
  return orderedAgeCodes(tournaments.flatMap(tournamentAgeCodes));
}

export function competitionDrawWords(tournaments: readonly TournamentSpec[]): string[] {
  return [...new Set(tournaments.map((t) => DRAW_TYPE_WORDS[t.type]))].sort();
}

/** A detail date-time with the federation's false `Z`: Rome wall-clock written as if UTC (§0). */
export const falseZ = (instant: number): string => `${formatRomeDateTime(instant)}Z`;

/** A calendar day as the detail writes it (`2026-08-02T00:00:00Z`). */
export const falseZDay = (day: EpochDay): string => `${formatIsoDate(day)}T00:00:00Z`;

/** A time of day on a given day, false `Z` (`WeekdayMatchTime`). */
export const falseZTime = (day: EpochDay, minuteOfDay: number): string =>
  `${formatIsoDate(day)}T${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}:00Z`;

const pad = (n: number): string => String(n).padStart(2, '0');

/** `dd/mm/yyyy` (list dates). */
export const listDate = formatItalianDate;

/**
 * `SubscriptionDate`: Rome wall-clock without a zone and with 1–3 fraction digits (§0). The
 * fraction is derived from the key (the pair's for doubles, so both rows carry the same value).
 */
export function subscriptionDate(instant: number, key: string): string {
  const ms = (hashParts('subscription-ms', key) % 999) + 1;
  const fraction = String(ms).padStart(3, '0').replace(/0+$/, '');
  return `${formatRomeDateTime(instant)}.${fraction}`;
}

/** `CompetitionId`: the competition's int id, distinct from its guid. */
export const competitionIdOf = (guid: string): number =>
  10_000 + (hashParts('competition-id', guid) % 990_000);

/**
 * The preferred `id_torneo_digital` of a TPRA competition and `TournamentId` of a tournament (the
 * key of the draw call, §5); the federation model resolves the rare collision by probing upwards.
 */
export const preferredTpraId = (guid: string): number => 100_000 + (hashParts('tpra-id', guid) % 900_000_000);
export const preferredTournamentId = (uid: string): number =>
  100_000 + (hashParts('tournament-id', uid) % 900_000_000);

/** A guid derived from parts (section codes). */
export function derivedGuid(...parts: ReadonlyArray<string | number>): string {
  const hex = [0, 1, 2, 3]
    .map((i) => (hashParts('guid', ...parts, i) >>> 0).toString(16).padStart(8, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

/** The placeholder guid every TPRA row carries (§1). */
export const PLACEHOLDER_GUID = '11111111-1111-1111-1111-111111111111';

/** The federation's TPRA key on the app side (`tpraGuid` of the server's mapping): for lookups. */
export const tpraGuidOf = (tpraId: number): string =>
  `11111111-1111-1111-1111-${String(tpraId).padStart(12, '0')}`;

export const isTeamChampionship = (c: Competition): boolean => c.codFonte === 3;
export const isTpra = (c: Competition): boolean => c.codFonte === 2;
