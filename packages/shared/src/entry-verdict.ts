/**
 * Whether a card holder may enter a draw now, and if not the first reason why (docs/decisions/206,
 * which amends 101): one pure rule, used by the detail's and the lists' badge, and by the search's
 * "only tournaments I can enter" in memory (`calendar-snapshot.ts`). Its SQL twin is
 * `eligibleForPlayerSql` in the server (`modules/filters/eligibility-sql.ts`); the search tests
 * hold the two equal.
 *
 * The reasons, in their order: already entered; registration closed (the competition started or
 * concluded, its registration not open yet, the federation closed or deleted the draw, the card's
 * band's deadline passed or no band holding the card; without bands the draw's, else the
 * competition's deadline); the draw's gender; its age classes; its ranking limit. A step the player's data cannot decide (no gender or birth year
 * given, no ranking) is `unknown`: the verdict is the first step that fails, else `unknown` when a
 * step could not be decided, else `eligible`. Nothing is guessed.
 */
import { z } from 'zod';
import { romeDate } from './calendar';
import { bandOfRanking, drawLimitValue, type PlayerGender, type RankingBand } from './fitp';
import { rankingValue } from './positions';

export const ENTRY_VERDICTS = [
  'eligible',
  'entered',
  'closed',
  'gender',
  'age',
  'ranking',
  'unknown',
] as const;
export type EntryVerdictKind = (typeof ENTRY_VERDICTS)[number];

/**
 * A verdict and what its words need: `gender` the draw's (`F` women's, `M` men's); `age` the draw's
 * class (`U14`: Under 14, `O45`: Over 45); `ranking` the draw's limit (`4.3`); `unknown` what is
 * missing (`profile`: gender or birth year, to give in Settings › FITP; `ranking`: the card's
 * ranking or the draw's limit); null otherwise.
 */
export const entryVerdictSchema = z.object({
  verdict: z.enum(ENTRY_VERDICTS),
  detail: z.string().nullable(),
});
export type EntryVerdict = z.infer<typeof entryVerdictSchema>;

/** The player: the card's ranking, what they told us, and the draws their card is entered in. */
export interface EntryPlayer {
  ranking: string | null;
  gender: PlayerGender | null;
  birthYear: number | null;
  /** Tournament uuids whose stored entry list holds the card. */
  entered: ReadonlySet<string>;
}

export interface EntryBand extends RankingBand {
  closesAt: Date | null;
  byReferee: boolean;
}

/** A draw (a tournament) as the rule reads it. */
export interface EntryDraw {
  /** Null for the list's main draw of a competition whose tournaments are not read. */
  uuid: string | null;
  /** `M`, `F`, `MM`, `FF`, `MF` (detail); null when unknown. */
  gender: string | null;
  ageCodes: readonly string[];
  rankingLimit: string | null;
  categoryClass: number | null;
  /** The draw's own deadline (`DateEndSubscription`, else its latest band). */
  registrationClosesAt: Date | null;
  /** Per-band deadlines, in their order (the first band holding the ranking is the player's). */
  deadlines: readonly EntryBand[];
  /** The federation's status of the draw (`Status`: `Aperto`; `Chiuso`, `Eliminato`); null when unknown. */
  federationStatus: string | null;
}

/**
 * Whether the federation says the draw takes no more entries: `Chiuso` (closed) or `Eliminato`
 * (deleted), whatever its deadlines. The contract sees `Aperto` only and infers the other two
 * (fitp-contract §2), so the rule is tolerant: any other or unknown status leaves the deadlines
 * to decide (docs/decisions/206).
 */
export function drawClosedByFederation(status: string | null): boolean {
  return typeof status === 'string' && /^(chiuso|eliminato)$/i.test(status.trim());
}

/** The competition's fields the rule reads. */
export interface EntryCompetition {
  startDate: string;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  /** The federation's status: 3 is "registration open" when no deadline is known. */
  idStato: number | null;
  tipoTorneo: string | null;
  catClass: number | null;
  ageCodes: readonly string[];
}

type Step = 'fits' | 'fails' | 'unknown';

const EPSILON = 1e-6;

/** The draws' gender codes a list's draw type stands for (`tipoTorneo`). */
export const GENDER_OF_DRAW_TYPE: ReadonlyMap<string, string> = new Map([
  ['Maschile', 'M'],
  ['Femminile', 'F'],
  ['DoppioM', 'MM'],
  ['DoppioF', 'FF'],
  ['Misto', 'MF'],
]);

/**
 * The draw a competition is judged by when its tournaments are not read (the list's data): its
 * main draw's type and class, the competition's age codes and deadline.
 */
export function mainDrawOf(c: EntryCompetition): EntryDraw {
  return {
    uuid: null,
    gender: (c.tipoTorneo !== null && GENDER_OF_DRAW_TYPE.get(c.tipoTorneo)) || null,
    ageCodes: c.ageCodes,
    rankingLimit: null,
    categoryClass: c.catClass,
    registrationClosesAt: null,
    deadlines: [],
    federationStatus: null,
  };
}

/**
 * Whether registration to the draw is open now for the card's ranking: `open`, `closed`, or
 * `no-band` when the draw has per-band deadlines and none holds the card (closed for it too).
 */
export function registrationState(
  c: EntryCompetition,
  draw: EntryDraw,
  ranking: string | null,
  now: Date,
): 'open' | 'closed' | 'no-band' {
  if (c.startDate <= romeDate(now)) return 'closed';
  if (c.registrationOpensAt !== null && c.registrationOpensAt.getTime() > now.getTime()) return 'closed';
  if (drawClosedByFederation(draw.federationStatus)) return 'closed';
  if (draw.deadlines.length > 0 && rankingValue(ranking) !== null) {
    const band = bandOfRanking(draw.deadlines, ranking);
    if (!band) return 'no-band';
    if (band.byReferee || band.closesAt === null) return 'open';
    return band.closesAt.getTime() > now.getTime() ? 'open' : 'closed';
  }
  const closes = draw.registrationClosesAt ?? c.registrationClosesAt;
  if (closes !== null) return closes.getTime() > now.getTime() ? 'open' : 'closed';
  return c.idStato === 3 ? 'open' : 'closed';
}

/** A draw for women only (`F`, `FF`) or men only (`M`, `MM`); null when open to both or unknown. */
export function drawGenderOnly(gender: string | null): PlayerGender | null {
  if (gender === null) return null;
  if (/^F+$/.test(gender)) return 'F';
  if (/^M+$/.test(gender)) return 'M';
  return null;
}

function genderStep(draw: EntryDraw, player: EntryPlayer): Step {
  const only = drawGenderOnly(draw.gender);
  if (only === null) return 'fits';
  if (player.gender === null) return 'unknown';
  return player.gender === only ? 'fits' : 'fails';
}

/**
 * Age classes (docs/decisions/206): by birth year within the calendar year of the tournament's
 * start — the player's age A is that year minus the birth year. `U<N>` admits A ≤ N (a younger
 * player may play up), `O<N>` admits A ≥ N; any other code (`NOR`, `NOF`: open) or no code at all
 * leaves the draw open to every age. A draw admits the player when one of its codes does.
 */
export function ageFits(ageCodes: readonly string[], age: number): boolean {
  return ageCodes.some((code) => {
    const match = /^([UO])(\d+)$/.exec(code);
    if (!match) return true;
    const years = Number(match[2]);
    return match[1] === 'U' ? age <= years : age >= years;
  });
}

/** Whether a draw's age codes leave it open to every age (no code, or one that is not `U<N>`/`O<N>`). */
export const ageOpen = (ageCodes: readonly string[]): boolean =>
  ageCodes.length === 0 || ageCodes.some((code) => !/^[UO]\d+$/.test(code));

/** The class a draw's codes are named by: the oldest Under (`U14`), else the youngest Over (`O45`). */
export function ageClassOf(ageCodes: readonly string[]): string | null {
  const years = (prefix: string) =>
    ageCodes.filter((code) => new RegExp(`^${prefix}\\d+$`).test(code)).map((code) => Number(code.slice(1)));
  const under = years('U');
  if (under.length > 0) return `U${String(Math.max(...under)).padStart(2, '0')}`;
  const over = years('O');
  return over.length > 0 ? `O${Math.min(...over)}` : null;
}

function ageStep(c: EntryCompetition, draw: EntryDraw, player: EntryPlayer): Step {
  if (ageOpen(draw.ageCodes)) return 'fits';
  if (player.birthYear === null) return 'unknown';
  const age = Number(c.startDate.slice(0, 4)) - player.birthYear;
  return ageFits(draw.ageCodes, age) ? 'fits' : 'fails';
}

function rankingStep(draw: EntryDraw, player: EntryPlayer): Step {
  const own = rankingValue(player.ranking);
  const limit = drawLimitValue(draw.rankingLimit, draw.categoryClass);
  if (own === null || limit === null) return 'unknown';
  return limit <= own + EPSILON ? 'fits' : 'fails';
}

/** The limit as the reason says it: the ranking limit, else the class N as `N.1`. */
const limitText = (draw: EntryDraw) =>
  draw.rankingLimit ?? (draw.categoryClass !== null ? `${draw.categoryClass}.1` : null);

/** The verdict on one draw of a competition for the player at `now`. */
export function entryVerdict(
  c: EntryCompetition,
  draw: EntryDraw,
  player: EntryPlayer,
  now: Date,
): EntryVerdict {
  if (draw.uuid !== null && player.entered.has(draw.uuid)) return { verdict: 'entered', detail: null };
  const registration = registrationState(c, draw, player.ranking, now);
  // No band holding a card above the draw's limit: its ranking is the truer reason (the bands
  // list the rankings the draw admits).
  if (registration === 'no-band' && rankingStep(draw, player) === 'fails')
    return { verdict: 'ranking', detail: limitText(draw) };
  if (registration !== 'open') return { verdict: 'closed', detail: null };
  const gender = genderStep(draw, player);
  if (gender === 'fails') return { verdict: 'gender', detail: drawGenderOnly(draw.gender) };
  const age = ageStep(c, draw, player);
  if (age === 'fails') return { verdict: 'age', detail: ageClassOf(draw.ageCodes) };
  const ranking = rankingStep(draw, player);
  if (ranking === 'fails') return { verdict: 'ranking', detail: limitText(draw) };
  if (gender === 'unknown' || age === 'unknown') return { verdict: 'unknown', detail: 'profile' };
  if (ranking === 'unknown') return { verdict: 'unknown', detail: 'ranking' };
  return { verdict: 'eligible', detail: null };
}

/**
 * A competition's verdict in a list: `eligible` when one of its draws is; else, by preference,
 * `entered` (one draw holds the card), `unknown` (one draw could be), then the reason of the draw
 * that came furthest in the rule (ranking, age, gender, closed). A competition whose tournaments
 * are not read is judged by its main draw (`mainDrawOf`).
 */
export function competitionVerdict(
  c: EntryCompetition,
  draws: readonly EntryDraw[],
  player: EntryPlayer,
  now: Date,
): EntryVerdict {
  const verdicts = (draws.length > 0 ? draws : [mainDrawOf(c)]).map((d) => entryVerdict(c, d, player, now));
  const preference: readonly EntryVerdictKind[] = [
    'eligible',
    'entered',
    'unknown',
    'ranking',
    'age',
    'gender',
    'closed',
  ];
  for (const kind of preference) {
    const found = verdicts.find((v) => v.verdict === kind);
    if (found) return found;
  }
  return { verdict: 'closed', detail: null };
}

/** Whether the player may enter one of the competition's draws now (the search's filter). */
export const competitionEligible = (
  c: EntryCompetition,
  draws: readonly EntryDraw[],
  player: EntryPlayer,
  now: Date,
): boolean =>
  (draws.length > 0 ? draws : [mainDrawOf(c)]).some(
    (d) => entryVerdict(c, d, player, now).verdict === 'eligible',
  );
