/**
 * What happens to a competition over time: entries arriving through the registration window,
 * documents around the opening of registration, draws just before the start, orders of play the
 * evening before each day of play.
 *
 * Generated lazily per competition from (seed, tournament uid), so it is identical whenever and in
 * whatever order it is first asked for. It comes in two parts: the timeline (when things happen,
 * cheap: all the list needs for `data_modifica`) and the roster (who entered, needed only by the
 * detail and the player calls).
 */
import { type Competition, type DrawType, isDoubles, type TournamentSpec } from './model';
import { DOCUMENT_TITLES, WEEKDAYS_IT } from './names';
import type { OrderOfPlayLayout } from './order-of-play-pdf';
import type { EligiblePlayers, Gender, PlayerPool, PoolPlayer } from './players';
import { hashParts, Rng } from './prng';
import {
  DAY_MS,
  type EpochDay,
  formatItalianDate,
  HOUR_MS,
  MINUTE_MS,
  romeInstant,
  weekdayOf,
} from './rome-time';

export type ItemKind = 'document' | 'orderOfPlay' | 'draw';

/** A document, order of play or draw of a tournament. */
export interface PublishedItem {
  /** Unique within the tournament; generated ids follow publication order. */
  readonly id: number;
  readonly kind: ItemKind;
  readonly title: string;
  readonly publishedAt: number;
  /** The day of play, for orders of play. */
  readonly date?: EpochDay;
  /** Scripted orders of play: the PDF's layout, and its matches instead of the draws' own. */
  readonly layout?: OrderOfPlayLayout;
  readonly matches?: readonly ScriptedOopMatch[];
}

/** A scripted order of play's match: players by card (a pair in doubles). */
export interface ScriptedOopMatch {
  readonly minute: number;
  readonly court: number;
  readonly top: readonly string[];
  readonly bottom: readonly string[];
}

export interface TournamentTimeline {
  /** 1 for singles, 2 for doubles: a pair subscribes together. */
  readonly groupSize: 1 | 2;
  /** One subscription instant per group, ascending. */
  readonly entryTimes: Float64Array;
  /** Sorted by publication time. */
  readonly items: readonly PublishedItem[];
}

export interface CompetitionTimeline {
  readonly tournaments: readonly TournamentTimeline[];
  /** Every instant at which something visible changes, ascending. */
  readonly changes: Float64Array;
}

/** The players of each tournament, in subscription order (pairs adjacent). */
export type CompetitionRoster = ReadonlyArray<readonly PoolPlayer[]>;

/** Participant ids are `base + n`: generated entries use n < 500, scripted ones n > 500. */
export const participantIdBase = (seed: number, tournamentUid: string): number =>
  ((hashParts(seed, 'participant-ids', tournamentUid) % 89_000) + 10_000) * 1000;

export const SCRIPTED_PARTICIPANT_OFFSET = 500;
/** Scripted documents, orders of play and draws get ids from here on, clear of generated ones. */
export const SCRIPTED_ITEM_ID_START = 1001;

const orderOfPlayTitles = new Map<EpochDay, string>();

/** `OdG sabato 12/12`. */
export function orderOfPlayTitle(day: EpochDay): string {
  let title = orderOfPlayTitles.get(day);
  if (title === undefined) {
    title = `OdG ${WEEKDAYS_IT[weekdayOf(day)]} ${formatItalianDate(day).slice(0, 5)}`;
    orderOfPlayTitles.set(day, title);
  }
  return title;
}

/** The lifecycle instants that change a competition's row (publication, registration, status). */
export const lifecycleInstants = (c: Competition): number[] => [
  c.publishedAt,
  c.registrationOpensAt,
  c.registrationClosesAt,
  c.startsAt,
  c.endsAt,
];

const EMPTY_TIMELINE: TournamentTimeline = { groupSize: 1, entryTimes: new Float64Array(0), items: [] };

export function generateTimeline(seed: number, competition: Competition): CompetitionTimeline {
  const tournaments = competition.generatedActivity
    ? competition.tournaments.map((spec, index) => ({
        groupSize: isDoubles(spec.type) ? (2 as const) : (1 as const),
        entryTimes: entryTimes(seed, competition, spec),
        items: plannedItems(seed, competition, spec, index),
      }))
    : competition.tournaments.map(() => EMPTY_TIMELINE);
  const changes: number[] = lifecycleInstants(competition);
  for (const t of tournaments) {
    for (const at of t.entryTimes) changes.push(at);
    for (const item of t.items) changes.push(item.publishedAt);
  }
  return { tournaments, changes: Float64Array.from(changes).sort() };
}

function entryTimes(seed: number, c: Competition, spec: TournamentSpec): Float64Array {
  const rng = Rng.derive(seed, 'entry-times', spec.uid);
  const groups = Math.floor(spec.targetEntries / (isDoubles(spec.type) ? 2 : 1));
  const opens = c.registrationOpensAt;
  const span = Math.max(MINUTE_MS, c.registrationClosesAt - opens);
  const burst = Math.min(2 * DAY_MS, span / 4);
  const lastCall = Math.min(3 * DAY_MS, span / 4);
  const times = new Float64Array(groups);
  for (let i = 0; i < groups; i++) {
    const u = rng.next();
    const mode = rng.next();
    // A burst at opening, a rush before the close, a steady trickle in between.
    const offset = mode < 0.25 ? u * burst : mode < 0.55 ? span - u * lastCall : u * span;
    times[i] = opens + Math.min(span - 1000, Math.floor(offset / 1000) * 1000);
  }
  return times.sort();
}

const GENDER_OF_DRAW: Record<Exclude<DrawType, 'Misto'>, Gender> = {
  Maschile: 'M',
  DoppioM: 'M',
  Femminile: 'F',
  DoppioF: 'F',
};

/** Who entered each tournament: players of the region sampled from the eligible part of the pool. */
export function generateRoster(seed: number, competition: Competition, pool: PlayerPool): CompetitionRoster {
  if (!competition.generatedActivity) return competition.tournaments.map(() => []);
  return competition.tournaments.map((spec) => {
    const rng = Rng.derive(seed, 'entrants', spec.uid);
    const eligible = (gender: Gender): EligiblePlayers =>
      pool.eligible({ regionId: competition.province.regionId, gender, ...spec.entrants });
    const sample = (players: EligiblePlayers, count: number): PoolPlayer[] =>
      rng.sampleIndices(players.size, count).map((i) => players.at(i));
    const n = spec.targetEntries;
    if (spec.type !== 'Misto') return sample(eligible(GENDER_OF_DRAW[spec.type]), n);
    const men = sample(eligible('M'), n / 2);
    const women = sample(eligible('F'), n / 2);
    return men.flatMap((man, i) => {
      const woman = women[i];
      return woman ? [man, woman] : [];
    });
  });
}

function plannedItems(seed: number, c: Competition, spec: TournamentSpec, index: number): PublishedItem[] {
  const rng = Rng.derive(seed, 'items', spec.uid);
  const drafts: Array<Omit<PublishedItem, 'id'>> = [];
  const between = (from: number, to: number): number =>
    Math.floor((from + rng.next() * Math.max(0, to - from)) / 1000) * 1000;

  // Documents: the poster on publication, the rules around the opening of registration.
  if (index === 0) {
    drafts.push({
      kind: 'document',
      title: 'Locandina',
      publishedAt: between(c.publishedAt, c.publishedAt + 6 * HOUR_MS),
    });
    if (rng.chance(0.7)) {
      const around = c.registrationOpensAt - rng.next() * DAY_MS;
      drafts.push({
        kind: 'document',
        title: rng.pick(DOCUMENT_TITLES.opening.slice(1)),
        publishedAt: Math.max(c.publishedAt, Math.floor(around / 1000) * 1000),
      });
    }
    if (rng.chance(0.5)) {
      drafts.push({
        kind: 'document',
        title: rng.pick(DOCUMENT_TITLES.closing),
        publishedAt: between(c.registrationClosesAt + HOUR_MS, c.registrationClosesAt + 12 * HOUR_MS),
      });
    }
  } else if (rng.chance(0.3)) {
    drafts.push({
      kind: 'document',
      title: `Regolamento ${spec.description}`,
      publishedAt: between(c.publishedAt, c.registrationOpensAt),
    });
  }

  // Draws: published between the close of registration and the start.
  const drawFrom = c.registrationClosesAt + 15 * MINUTE_MS;
  const drawTo = Math.max(drawFrom, c.startsAt - 30 * MINUTE_MS);
  if (c.codFonte === 3) {
    drafts.push({ kind: 'draw', title: 'Calendario incontri', publishedAt: between(drawFrom, drawTo) });
  } else if (c.endDay > c.startDay && rng.chance(0.3)) {
    drafts.push({
      kind: 'draw',
      title: `Tabellone di qualificazione ${spec.description}`,
      publishedAt: between(drawFrom, drawTo),
    });
    const finalDay = c.startDay + Math.max(1, Math.floor((c.endDay - c.startDay) / 2));
    drafts.push({
      kind: 'draw',
      title: `Tabellone finale ${spec.description}`,
      publishedAt: romeInstant(finalDay, rng.int(20 * 60, 22 * 60)),
    });
  } else {
    drafts.push({
      kind: 'draw',
      title: `Tabellone ${spec.description}`,
      publishedAt: between(drawFrom, drawTo),
    });
  }

  // Orders of play: the evening before each day of play (team championships play at weekends).
  for (let day = c.startDay; day <= c.endDay; day++) {
    const weekday = weekdayOf(day);
    const plays =
      c.codFonte === 3
        ? (weekday === 0 || weekday === 6) && rng.chance(0.6)
        : day === c.startDay || day === c.endDay || rng.chance(0.75);
    if (!plays) continue;
    drafts.push({
      kind: 'orderOfPlay',
      title: orderOfPlayTitle(day),
      publishedAt: romeInstant(day - 1, rng.int(17 * 60, 21 * 60 + 30)),
      date: day,
    });
  }

  const kindOrder: Record<ItemKind, number> = { document: 0, draw: 1, orderOfPlay: 2 };
  drafts.sort((a, b) => a.publishedAt - b.publishedAt || kindOrder[a.kind] - kindOrder[b.kind]);
  return drafts.map((draft, i) => ({ ...draft, id: i + 1 }));
}

/** The latest instant ≤ now in an ascending list, or undefined. */
export function latestAtOrBefore(sorted: Float64Array, now: number): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : sorted[lo - 1];
}
