/**
 * Sections and draws (fitp-contract.md §2 sections, §5 `tabellone`). A tournament has a final
 * section, and some singles tournaments of the 3rd and 4th category an intermediate one for the
 * weaker entrants too. A section's draw is made from the tournament's entries when it is published
 * (after registration closes): seeds at their standard places, byes to the top seeds (absent
 * slots: no first-round match), the rest at random. Matches are spread over the days of play and
 * their results appear as the clock passes their end, written from the winner's side (or when a
 * test scores a match: `Script.scoreMatch`).
 */
import { derivedGuid, TOURNAMENT_GENDER } from './dialect';
import type { Participant } from './federation';
import { type Competition, isDoubles, type TournamentSpec } from './model';
import { hashParts, Rng } from './prng';
import { type EpochDay, MINUTE_MS, romeInstant } from './rome-time';

/** One entry of a draw: a player, or a pair in doubles. */
export interface DrawUnit {
  readonly players: readonly Participant[];
}

export interface Section {
  readonly code: string;
  readonly description: string;
  readonly intermediate: boolean;
  /** Players in the section (2 × pairs in doubles): `NumberOfTeam`. */
  readonly players: number;
  readonly units: readonly DrawUnit[];
}

export type Sections = readonly Section[];

export interface DrawSide {
  readonly unit: DrawUnit;
  readonly seed: number | undefined;
}

export interface DrawMatch {
  readonly id: number;
  readonly round: number;
  readonly position: number;
  readonly top: DrawSide | undefined;
  readonly bottom: DrawSide | undefined;
  readonly day: EpochDay;
  /** Rome minute of the day the match is called. */
  readonly minute: number;
  readonly court: number;
  /** Set once played (at or before now). */
  readonly result?: MatchResult;
}

export interface MatchResult {
  readonly winner: 0 | 1;
  /** From the winner's side: `63 61`, `46 63 106`, `60 ` (retirement), `` (walkover). */
  readonly score: string;
  readonly retired: boolean;
  readonly absent: boolean;
}

const rankOf = (u: DrawUnit): number =>
  u.players.reduce((sum, p) => sum + p.player.rankingValue, 0) / Math.max(1, u.players.length);

/** Entries grouped into units: pairs are adjacent rows (§2). */
export function unitsOf(spec: TournamentSpec, participants: readonly Participant[]): DrawUnit[] {
  if (!isDoubles(spec.type)) return participants.map((p) => ({ players: [p] }));
  const units: DrawUnit[] = [];
  for (let i = 0; i + 1 < participants.length; i += 2) {
    units.push({ players: [participants[i] as Participant, participants[i + 1] as Participant] });
  }
  return units;
}

/** Whether a tournament has an intermediate section (stable for its uid). */
export const hasIntermediateSection = (seed: number, c: Competition, spec: TournamentSpec): boolean =>
  c.codFonte === 1 &&
  !isDoubles(spec.type) &&
  spec.categoryClass >= 3 &&
  hashParts(seed, 'intermediate', spec.uid) % 100 < 35;

/** The tournament's sections with the entries they hold, best-ranked entries in the final one. */
export function sectionsOf(
  seed: number,
  c: Competition,
  spec: TournamentSpec,
  abbreviation: string,
  participants: readonly Participant[],
): Section[] {
  const units = unitsOf(spec, participants)
    .map((u, order) => ({ u, order }))
    .sort((a, b) => rankOf(a.u) - rankOf(b.u) || a.order - b.order)
    .map(({ u }) => u);
  const perUnit = isDoubles(spec.type) ? 2 : 1;
  const final = (list: readonly DrawUnit[]): Section => ({
    code: derivedGuid(seed, spec.uid, 'final'),
    description: `${abbreviation}_Tabellone finale`,
    intermediate: false,
    players: list.length * perUnit,
    units: list,
  });
  if (!hasIntermediateSection(seed, c, spec)) return [final(units)];
  const direct = units.length >= 8 ? Math.round(units.length * 0.65) : units.length;
  const weaker = units.slice(direct);
  const from = weaker.at(-1)?.players[0]?.player.ranking ?? '4.NC';
  const to = weaker[0]?.players[0]?.player.ranking ?? '4.NC';
  return [
    {
      code: derivedGuid(seed, spec.uid, 'intermediate'),
      description: `${abbreviation}_Tabellone iniziale ${from}-${to}`,
      intermediate: true,
      players: weaker.length * perUnit,
      units: weaker,
    },
    final(units.slice(0, direct)),
  ];
}

/** Standard seed places in a draw of `size` slots (1-based), best seed first. */
function seedSlots(size: number): number[] {
  const q = size / 4;
  const slots = [1, size, size / 2 + 1, size / 2, q + 1, 3 * q, q, 3 * q + 1];
  return size >= 16 ? slots : size >= 4 ? slots.slice(0, 4) : slots.slice(0, 2);
}

export interface DrawSchedule {
  readonly days: readonly EpochDay[];
  readonly courts: number;
}

/**
 * The matches of a section's draw at `now`: round 1 without the byes; later rounds once one of
 * their players is known; results of matches whose end (call time + 90 minutes) has passed.
 */
export function buildDraw(
  seed: number,
  section: Section,
  schedule: DrawSchedule,
  now: number,
  /** Results a test scored (`Script.scoreMatch`): they stand instead of the generated ones. */
  scored: (round: number, position: number) => MatchResult | undefined = () => undefined,
): DrawMatch[] {
  const n = section.units.length;
  if (n < 2) return [];
  let size = 2;
  while (size < n) size *= 2;
  const rounds = Math.log2(size);
  const rng = Rng.derive(seed, 'draw', section.code);
  const seedCount = Math.min(n, size <= 8 ? 2 : size <= 32 ? 4 : 8);
  const slots: Array<DrawSide | undefined> = new Array(size).fill(undefined);
  const seedPlaces = seedSlots(size).slice(0, seedCount);
  // Seeds 3–4 (and 5–8) are drawn into their places.
  if (seedPlaces.length >= 4) swapIf(rng, seedPlaces, 2, 3);
  seedPlaces.forEach((slot, i) => {
    slots[slot - 1] = { unit: section.units[i] as DrawUnit, seed: i + 1 };
  });
  // Byes: the partners of the top seeds first, then pairs from both ends.
  const byes = new Set<number>();
  const partner = (slot: number): number => (slot % 2 === 1 ? slot + 1 : slot - 1);
  const pairOrder: number[] = seedPlaces.map(partner);
  for (let k = 0; k < size / 2; k++) {
    const pair = k % 2 === 0 ? k / 2 : size / 2 - 1 - (k - 1) / 2;
    pairOrder.push(2 * pair + 2);
  }
  for (const slot of pairOrder) {
    if (byes.size >= size - n) break;
    if (byes.has(slot) || byes.has(partner(slot)) || slots[slot - 1] !== undefined) continue;
    byes.add(slot);
  }
  const free: number[] = [];
  for (let slot = 1; slot <= size; slot++)
    if (!byes.has(slot) && slots[slot - 1] === undefined) free.push(slot);
  const others = section.units.slice(seedCount);
  const order = rng.sampleIndices(free.length, free.length);
  others.forEach((unit, i) => {
    const slot = free[order[i] as number] as number;
    slots[slot - 1] = { unit, seed: undefined };
  });

  const matches: DrawMatch[] = [];
  const base = 1_000_000 + (hashParts(seed, 'match-ids', section.code) % 8_000_000) * 10;
  const days = schedule.days.length > 0 ? schedule.days : [0];
  // A level is the draw's line at a round: a side, undefined (not known yet) or null (a bye).
  let level: Array<DrawSide | null | undefined> = slots.map((s, i) => (byes.has(i + 1) ? null : s));
  for (let round = 1; round <= rounds; round++) {
    const next: Array<DrawSide | null | undefined> = [];
    const dayIndex = Math.min(days.length - 1, Math.floor(((round - 1) * days.length) / rounds));
    const day = days[dayIndex] as EpochDay;
    for (let position = 1; position <= level.length / 2; position++) {
      const top = level[2 * position - 2];
      const bottom = level[2 * position - 1];
      if (top === null || bottom === null) {
        next.push(top === null ? bottom : top);
        continue;
      }
      const slot = position - 1;
      const minute = Math.min(21 * 60, 9 * 60 + Math.floor(slot / schedule.courts) * 90);
      const court = (slot % schedule.courts) + 1;
      let result: MatchResult | undefined;
      if (top && bottom) {
        result = scored(round, position);
        if (!result && now >= romeInstant(day, minute) + 90 * MINUTE_MS) {
          result = playMatch(Rng.derive(seed, 'match', section.code, round, position), top, bottom);
        }
      }
      if (top || bottom) {
        matches.push({
          id: base + (round - 1) * size + position,
          round,
          position,
          top,
          bottom,
          day,
          minute,
          court,
          ...(result && { result }),
        });
      }
      next.push(result ? (result.winner === 0 ? top : bottom) : undefined);
    }
    level = next;
  }
  return matches;
}

function swapIf(rng: Rng, list: number[], i: number, j: number): void {
  if (rng.chance(0.5)) [list[i], list[j]] = [list[j] as number, list[i] as number];
}

/** The better-ranked side wins about 70% of the time; a few retirements and walkovers. */
function playMatch(rng: Rng, top: DrawSide, bottom: DrawSide): MatchResult {
  const topBetter = rankOf(top.unit) <= rankOf(bottom.unit);
  const topWins = rng.chance(topBetter ? 0.7 : 0.3);
  const winner: 0 | 1 = topWins ? 0 : 1;
  const roll = rng.next();
  if (roll < 0.02) return { winner, score: '', retired: false, absent: true };
  const set = (): string => {
    const lost = rng.int(0, 4);
    return `6${lost}`;
  };
  if (roll < 0.05) return { winner, score: `${set()} `, retired: true, absent: false };
  if (roll < 0.3) {
    const first = set();
    const second = `${rng.int(2, 4)}6`;
    const tiebreak = `10${rng.int(2, 8)}`;
    return { winner, score: `${first} ${second} ${tiebreak}`, retired: false, absent: false };
  }
  return { winner, score: `${set()} ${set()}`, retired: false, absent: false };
}

/** `SURNAME NAME`, as the draw writes players. */
export const drawName = (p: Participant): string => `${p.player.surname} ${p.player.firstName}`.toUpperCase();

/** `SFU14`, `DM4`: the prefix of section descriptions. */
export function drawAbbreviation(spec: TournamentSpec): string {
  const kind = isDoubles(spec.type) ? 'D' : 'S';
  const gender = spec.type === 'Misto' ? 'X' : TOURNAMENT_GENDER[spec.type].charAt(0);
  const age = /(Under|Over) (\d+)/.exec(spec.description);
  return `${kind}${gender}${age ? `${age[1] === 'Under' ? 'U' : 'O'}${age[2]}` : spec.categoryClass}`;
}

/** `NumberOfTennisCourt` of a tournament (the detail's practicalities use the same value). */
export const courtsOf = (seed: number, uid: string): number => 2 + (hashParts(seed, 'practical', uid) % 7);
