/**
 * The search's cache of public answers (docs/decisions/132): what a search shows every user
 * alike (the page's competitions and tournaments, the total, the overview's counts, the
 * documents) is kept per query while nothing it depends on has changed:
 *
 * - the calendar: `calendar_changes`/`calendar_version`, bumped by triggers in the writing
 *   transaction (migration 0015), read by every search in one small statement. A reader never
 *   keeps an answer of an older calendar: an answer is kept only in the generation of the
 *   version read before computing it, and a newer version starts a new generation;
 * - the clock: a competition's status changes when its registration opens or closes, the entry
 *   verdict of "only tournaments I can enter" when a draw's or a band's deadline passes, and the
 *   overview's "new" count when an addition turns 48 hours old. A generation lasts until the
 *   first such instant after it began (`calendarBoundary`); the Italian day is part of the key.
 *
 * The user's side of an answer (followed, lost, matching filters, eligibility) is never kept:
 * the service computes it on every request.
 */
import { NEW_TOURNAMENT_HOURS } from '@radar/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { STATUS_ID } from '../ingestion/ingestion.repository';

/**
 * Answers kept per generation at most, least recently used first out: a page of 20 results
 * with its tournaments is some 60 KB of objects, one of 100 (the largest) some 300 KB.
 */
const MAX_ENTRIES = 200;
/** Rows of `calendar_changes` past which a reader folds them into `calendar_version`. */
const FOLD_AFTER = 1_000;

export interface CalendarState {
  /** Grows with every committed change of the calendar. */
  version: number;
  /** Rows of `calendar_changes` not folded yet. */
  pending: number;
  /** The federation's state as ingestion last saw it (`federation_status`), null before any pass. */
  federationState: 'up' | 'down' | null;
}

/**
 * The calendar's version (`settled` + `pending`: the change rows are counted once) and the
 * federation's state, as fields of a select (one snapshot).
 */
export const calendarStateFields = {
  settled: sql<number | string | null>`(select settled from calendar_version where id = 1)::float8`,
  pending: sql<number | string>`(select count(*) from calendar_changes)::int`,
  federationState: sql<'up' | 'down' | null>`(select state from federation_status where id = ${STATUS_ID})`,
};

export function calendarStateOf(row: {
  settled: number | string | null;
  pending: number | string;
  federationState: 'up' | 'down' | null;
}): CalendarState {
  const pending = Number(row.pending);
  return {
    version: Number(row.settled ?? 0) + pending,
    pending,
    federationState: row.federationState,
  };
}

type Rows<T> = { rows: T[] };

/**
 * Folds the change rows into `calendar_version`, in one statement: the version stays what it
 * was (rows deleted are added to `settled` in the same commit); rows of transactions still
 * running are not seen, so they stay.
 */
export async function foldCalendarChanges(db: Db): Promise<void> {
  await db.execute(sql`
    with folded as (delete from calendar_changes returning 1)
    update calendar_version set settled = settled + (select count(*) from folded) where id = 1
  `);
}

/**
 * The first instant (epoch milliseconds) after `now` at which an answer computed at `now` may
 * differ although the calendar did not change: a registration opening or closing (a
 * competition's, a draw's, a band's), or an
 * addition leaving the 48 hours of "new" (it is new up to that instant included). Infinity
 * when there is none.
 */
export async function calendarBoundary(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    select extract(epoch from least(
      (select min(registration_opens_at) from competitions where registration_opens_at > ${at}::timestamptz),
      (select min(registration_closes_at) from competitions where registration_closes_at > ${at}::timestamptz),
      -- A draw's or a band's deadline ends "only tournaments I can enter" for it (decision 206).
      (select min(registration_closes_at) from tournaments where registration_closes_at > ${at}::timestamptz),
      (select min(closes_at) from tournament_deadlines where closes_at > ${at}::timestamptz),
      (select min(added_at) from competitions
        where added_at >= ${at}::timestamptz - make_interval(hours => ${NEW_TOURNAMENT_HOURS}))
        + make_interval(hours => ${NEW_TOURNAMENT_HOURS})
    ))::float8 * 1000 as boundary
  `)) as unknown as Rows<{ boundary: number | string | null }>;
  const boundary = result.rows[0]?.boundary;
  return boundary === null || boundary === undefined ? Number.POSITIVE_INFINITY : Number(boundary);
}

interface Generation {
  version: number;
  /** The answers hold for instants (epoch ms) in [from, until). */
  from: number;
  until: Promise<number>;
  entries: Map<string, Promise<unknown>>;
}

export interface SearchCacheStats {
  hits: number;
  misses: number;
  /** Answers computed without keeping them (an older version, or an instant outside the generation). */
  bypassed: number;
}

export class SearchCache {
  private generation: Generation | null = null;
  readonly stats: SearchCacheStats = { hits: 0, misses: 0, bypassed: 0 };

  constructor(private readonly db: Db) {}

  /**
   * The answer for `key` at `now` under calendar `version`: kept, or computed (once, however many
   * requests ask at the same time) and kept.
   */
  async get<T>(version: number, now: Date, key: string, compute: () => Promise<T>): Promise<T> {
    const generation = await this.generationFor(version, now);
    if (!generation) {
      this.stats.bypassed++;
      return compute();
    }
    const kept = generation.entries.get(key) as Promise<T> | undefined;
    if (kept) {
      this.stats.hits++;
      // Most recently used last: the first entry is the one to drop.
      generation.entries.delete(key);
      generation.entries.set(key, kept);
      return kept;
    }
    this.stats.misses++;
    const computing = compute();
    generation.entries.set(key, computing);
    computing.catch(() => generation.entries.delete(key));
    if (generation.entries.size > MAX_ENTRIES) {
      const oldest = generation.entries.keys().next().value;
      if (oldest !== undefined) generation.entries.delete(oldest);
    }
    return computing;
  }

  /** Folds the change rows when there are many (off the request's path; a failure only waits for the next). */
  foldWhenLarge(pending: number): void {
    if (pending > FOLD_AFTER) foldCalendarChanges(this.db).catch(() => undefined);
  }

  /**
   * The generation that holds at `now` for `version`, started when the version is newer or the
   * current one has ended; null when answers must not be kept (an older version, an instant
   * before the generation began, or the boundary could not be read).
   */
  private async generationFor(version: number, now: Date): Promise<Generation | null> {
    const time = now.getTime();
    const current = this.generation;
    if (current && version < current.version) return null;
    if (current && version === current.version) {
      const until = await current.until.catch(() => null);
      if (this.generation !== current) return this.generationFor(version, now);
      if (until !== null && time >= current.from && time < until) return current;
      if (time < current.from) return null;
    }
    const generation: Generation = {
      version,
      from: time,
      until: calendarBoundary(this.db, now),
      entries: new Map(),
    };
    this.generation = generation;
    const until = await generation.until.catch(() => null);
    if (until === null) {
      if (this.generation === generation) this.generation = null;
      return null;
    }
    return this.generation === generation && time < until ? generation : null;
  }
}

const caches = new WeakMap<Db, SearchCache>();

/** The search cache of a database (one per app and database). */
export function searchCacheOf(db: Db): SearchCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SearchCache(db);
    caches.set(db, cache);
  }
  return cache;
}
