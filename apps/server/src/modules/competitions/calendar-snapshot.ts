/**
 * The calendar in memory (docs/decisions/136): every competition and its tournaments, read in one
 * consistent snapshot of the database and tagged with the calendar version it reflects
 * (`calendar_version` + `calendar_changes`, decision 132). A search whose calendar version the
 * snapshot has reached is answered from memory — the criteria, the free text and "only what my
 * card may enter" tested per row in JavaScript, the order, the total and the overview counted
 * in one pass — instead of scanning and counting in SQL; an older snapshot is never used (the
 * SQL path answers, and a new snapshot is read in the background).
 *
 * Each condition here is the twin of the SQL the search runs otherwise (`criteriaConditions`,
 * `textConditions`, `eligibleForPlayerSql`, `listOrder`, `overviewGroups`, `closingSoonRows`):
 * `calendar-snapshot.test.ts` compares both on random searches at several instants. "Only what my
 * card may enter" is `competitionEligible` of @radar/shared itself, the rule of the badges
 * (decision 206).
 */
import {
  type CriteriaWithCentre,
  competitionEligible,
  distanceKm,
  drawCriteriaKey,
  type EntryPlayer,
  foldText,
  type GeoPoint,
  hasDrawCriteria,
  inPrizeBand,
  type SearchSort,
  timePeriodWindow,
} from '@radar/shared';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type CompetitionRow,
  competitions,
  type TournamentDeadlineRow,
  type TournamentRow,
  tournamentDeadlines,
  tournaments,
} from '../../db/schema';
import type { MatchInstant } from '../filters/filter-sql';
import type { CompetitionWithStatus, OverviewGroup } from './competitions.repository';
import { entryCompetitionOf, entryDrawOf, groupDeadlines } from './entry-verdicts';
import { calendarStateFields, calendarStateOf } from './search-cache';

/** Words of the free text that count, as `textConditions` takes them. */
const MAX_TEXT_WORDS = 8;

/** What a search asks of the calendar, as `publicAnswer` builds its SQL condition from it. */
export interface SnapshotQuery {
  filters: CriteriaWithCentre;
  search: string;
  /** The card's player when only competitions it may enter are asked for, else null. */
  player: EntryPlayer | null;
  /** The list's order. */
  sort: SearchSort;
}

/**
 * Statuses and list order of every row at one instant: the order depends on the Italian day, a
 * status also on the registration instants, so a view holds from `from` until the first
 * registration opening or closing after it (`until`), within its day.
 */
interface InstantView {
  today: string;
  from: number;
  until: number;
  /** `competitionStatus` of each row (1 concluded, 2 ongoing, 3 open registration, 4 upcoming). */
  statuses: Uint8Array;
  /** Row indexes in each of the list's orders (`listOrder`, keyed by {@link orderKey}), made when first asked for. */
  orders: Map<string, Int32Array>;
  /** The same of one region's rows, of one province's (keyed `sort:place`): made when first asked for. */
  byRegion: Map<string, Int32Array>;
  byProvince: Map<string, Int32Array>;
}

/** The rows of one place in one of the view's orders (its region's or province's, by `ids`), kept in `lists`. */
function placeList(
  lists: Map<string, Int32Array>,
  ids: Int32Array,
  place: number,
  order: Int32Array,
  sort: string,
): Int32Array {
  const key = `${sort}:${place}`;
  let list = lists.get(key);
  if (!list) {
    list = order.filter((i) => ids[i] === place);
    lists.set(key, list);
  }
  return list;
}

/** The rows' fields the criteria test, as typed arrays (null as -1; days as yyyymmdd). */
interface Columns {
  regionIds: Int32Array;
  provinceIds: Int32Array;
  codFonti: Int32Array;
  startDays: Int32Array;
  endDays: Int32Array;
  prizes: Int32Array;
  /** Where each row is played (NaN when unknown). */
  lats: Float64Array;
  lngs: Float64Array;
}

/**
 * The key of a list order: the sort, and for `distance` its centre (without one, `distance` is
 * the `start` order, as `listOrder` has no distance term then).
 */
function orderKey(sort: SearchSort, near: GeoPoint | null): string {
  if (sort !== 'distance') return sort;
  return near === null ? 'start' : `distance@${near.lat},${near.lng}`;
}

export class CalendarSnapshot {
  private view: InstantView | null = null;
  private readonly columns: Columns;

  constructor(
    /** The calendar version the rows reflect. */
    readonly version: number,
    /** Every competition, as `select * from competitions` maps it. */
    readonly rows: readonly CompetitionRow[],
    /** Each competition's tournaments in their order (`findTournamentsOf`). */
    readonly tournamentsOf: ReadonlyMap<string, readonly TournamentRow[]>,
    /** Each tournament's per-band deadlines in their order (`findDeadlinesOf`). */
    readonly deadlinesOf: ReadonlyMap<string, readonly TournamentDeadlineRow[]> = new Map(),
  ) {
    const column = (value: (row: CompetitionRow) => number | null) =>
      Int32Array.from(rows, (row) => value(row) ?? -1);
    this.columns = {
      regionIds: column((row) => row.regionId),
      provinceIds: column((row) => row.provinceId),
      codFonti: column((row) => row.codFonte),
      startDays: column((row) => dayNumber(row.startDate)),
      endDays: column((row) => dayNumber(row.endDate)),
      prizes: column((row) => row.prizeMoney),
      lats: Float64Array.from(rows, (row) =>
        row.venueLat === null || row.venueLng === null ? Number.NaN : row.venueLat,
      ),
      lngs: Float64Array.from(rows, (row) =>
        row.venueLat === null || row.venueLng === null ? Number.NaN : row.venueLng,
      ),
    };
  }

  /** The page of the search (in the list's order) and the number of matches. */
  search(query: SnapshotQuery, at: MatchInstant, page: { limit: number; offset: number }) {
    const view = this.viewAt(at);
    const test = this.predicate(query, at, view);
    const picked: number[] = [];
    const end = page.offset + page.limit;
    let total = 0;
    for (const i of this.candidates(query, view)) {
      if (!test(i)) continue;
      if (total >= page.offset && total < end) picked.push(i);
      total++;
    }
    return { rows: picked.map((i) => this.withStatus(i, view)), total };
  }

  /**
   * The overview's aggregates of the matches: their counts by status, region, source, prize band
   * and "new" (as `overviewGroups`), and the open registrations closing first (as `closingSoonRows`).
   */
  overview(query: SnapshotQuery, at: MatchInstant, newSince: Date, closingCount: number) {
    const view = this.viewAt(at);
    const test = this.predicate(query, at, view);
    const groups = new Map<string, OverviewGroup>();
    const open: number[] = [];
    const since = newSince.getTime();
    for (let i = 0; i < this.rows.length; i++) {
      if (!test(i)) continue;
      const row = this.rows[i] as CompetitionRow;
      const status = view.statuses[i] as number;
      const band = prizeBandOf(row.prizeMoney);
      const isNew = row.addedAt !== null && row.addedAt.getTime() >= since;
      const key = `${status}|${row.regionId}|${row.codFonte}|${band}|${isNew}`;
      const group = groups.get(key);
      if (group) group.count++;
      else groups.set(key, { status, regionId: row.regionId, codFonte: row.codFonte, band, isNew, count: 1 });
      if (status === 3) open.push(i);
    }
    // Closing first, those without a closing instant last (SQL's ascending order), then by guid.
    const closes = (i: number) => this.rows[i]?.registrationClosesAt?.getTime() ?? Number.POSITIVE_INFINITY;
    open.sort((a, b) => closes(a) - closes(b) || compareText(this.guidOf(a), this.guidOf(b)));
    return {
      groups: [...groups.values()],
      closingSoon: open.slice(0, closingCount).map((i) => this.withStatus(i, view)),
    };
  }

  /**
   * The rows that may match, in the list's order: those of the place the criteria name (their
   * region or province, from the view's lists of each), else every row. The predicate decides.
   */
  private candidates(query: SnapshotQuery, view: InstantView): Int32Array {
    const criteria = query.filters;
    const key = orderKey(query.sort, criteria.near);
    const order = this.orderOf(view, query.sort, criteria.near);
    if (criteria.provinceId !== null)
      return placeList(view.byProvince, this.columns.provinceIds, criteria.provinceId, order, key);
    if (criteria.regionId !== null)
      return placeList(view.byRegion, this.columns.regionIds, criteria.regionId, order, key);
    return order;
  }

  /**
   * The rows in the list's order `sort` (`listOrder`, its twin): not concluded first, individual
   * before team championships (`cod_fonte` 3), registration still ahead (not started, deadline
   * to come) before the rest, then the
   * soonest start (`deadline`: the soonest deadline, then start; `distance`: the nearest to
   * `near`, unknown after, then start); then the concluded ones, most recent first; the guid
   * (C collation, as the databases sort it) breaks ties.
   */
  private orderOf(view: InstantView, sort: SearchSort, near: GeoPoint | null): Int32Array {
    const okey = orderKey(sort, near);
    const kept = view.orders.get(okey);
    if (kept) return kept;
    const rows = this.rows;
    const { lats, lngs } = this.columns;
    // SQL's ascending order puts nulls (unknown distances) last.
    const distances = Float64Array.from(rows.keys(), (i) =>
      sort === 'distance' && near !== null && !Number.isNaN(lats[i] as number)
        ? distanceKm(near, { lat: lats[i] as number, lng: lngs[i] as number })
        : Number.POSITIVE_INFINITY,
    );
    const today = view.today;
    const time = view.from;
    const key = rows.map((row) => {
      const live = row.endDate >= today;
      const closes = row.registrationClosesAt?.getTime() ?? null;
      const ahead = row.startDate > today && closes !== null && closes > time;
      return {
        live,
        team: row.codFonte === TEAM_SOURCE,
        ahead,
        deadline: live && ahead && sort === 'deadline' ? (closes as number) : Number.POSITIVE_INFINITY,
      };
    });
    const order = Int32Array.from(rows.keys()).sort((a, b) => {
      const x = rows[a] as CompetitionRow;
      const y = rows[b] as CompetitionRow;
      const kx = key[a] as (typeof key)[number];
      const ky = key[b] as (typeof key)[number];
      if (kx.live !== ky.live) return kx.live ? -1 : 1;
      if (kx.live) {
        if (kx.team !== ky.team) return kx.team ? 1 : -1;
        if (kx.ahead !== ky.ahead) return kx.ahead ? -1 : 1;
        if (kx.deadline !== ky.deadline) return kx.deadline < ky.deadline ? -1 : 1;
        const da = distances[a] as number;
        const db = distances[b] as number;
        if (da !== db) return da < db ? -1 : 1;
        if (x.startDate !== y.startDate) return x.startDate < y.startDate ? -1 : 1;
      }
      if (x.startDate !== y.startDate) return x.startDate > y.startDate ? -1 : 1;
      return compareText(x.guid, y.guid);
    });
    view.orders.set(okey, order);
    return order;
  }

  private guidOf(i: number): string {
    return (this.rows[i] as CompetitionRow).guid;
  }

  private withStatus(i: number, view: InstantView): CompetitionWithStatus {
    return { ...(this.rows[i] as CompetitionRow), status: view.statuses[i] as number };
  }

  /** The view of `at`: kept while its day and its registration instants hold. */
  private viewAt(at: MatchInstant): InstantView {
    const time = at.now.getTime();
    const kept = this.view;
    if (kept && kept.today === at.today && time >= kept.from && time < kept.until) return kept;
    const view = this.makeView(at);
    this.view = view;
    return view;
  }

  private makeView(at: MatchInstant): InstantView {
    const time = at.now.getTime();
    const statuses = new Uint8Array(this.rows.length);
    let until = Number.POSITIVE_INFINITY;
    this.rows.forEach((row, i) => {
      statuses[i] = statusAt(row, at.today, time);
      for (const instant of [row.registrationOpensAt, row.registrationClosesAt]) {
        const t = instant?.getTime();
        if (t !== undefined && t > time && t < until) until = t;
      }
    });
    return {
      today: at.today,
      from: time,
      until,
      statuses,
      orders: new Map(),
      byRegion: new Map(),
      byProvince: new Map(),
    };
  }

  /**
   * The search's condition on row `i` (the twin of the SQL `where` of `publicAnswer`): a test per
   * criterion set, on the snapshot's columns, and none for what the search leaves open.
   */
  private predicate(query: SnapshotQuery, at: MatchInstant, view: InstantView): (i: number) => boolean {
    const c = query.filters;
    const { regionIds, provinceIds, codFonti, startDays, endDays, prizes } = this.columns;
    const tests: ((i: number) => boolean)[] = [];
    if (c.regionId !== null) {
      const regionId = c.regionId;
      tests.push((i) => regionIds[i] === regionId);
    }
    if (c.provinceId !== null) {
      const provinceId = c.provinceId;
      tests.push((i) => provinceIds[i] === provinceId);
    }
    if (c.codFonte !== 0) {
      const codFonte = c.codFonte;
      tests.push((i) => codFonti[i] === codFonte);
    }
    if (c.idStatopuc !== 0) {
      const status = c.idStatopuc;
      const { statuses } = view;
      tests.push((i) => statuses[i] === status);
    }
    if (c.dataInizio !== null) {
      const from = dayNumber(c.dataInizio);
      tests.push((i) => (endDays[i] as number) >= from);
    }
    if (c.dataFine !== null) {
      const to = dayNumber(c.dataFine);
      tests.push((i) => (startDays[i] as number) <= to);
    }
    const window = timePeriodWindow(c.timePeriod, at.today);
    if (window) {
      const from = dayNumber(window.from);
      const to = dayNumber(window.to);
      tests.push((i) => (endDays[i] as number) >= from && (startDays[i] as number) <= to);
    }
    if (c.prize !== 0) {
      const band = c.prize;
      tests.push((i) => inPrizeBand(prizes[i] as number, band));
    }
    const rows = this.rows;
    if (hasDrawCriteria(c)) {
      const drawKey = drawCriteriaKey(c);
      tests.push((i) => (rows[i] as CompetitionRow).drawKeys.includes(drawKey));
    }
    if (c.withinKm !== null) {
      const { near, withinKm } = c;
      const { lats, lngs } = this.columns;
      tests.push(
        near === null
          ? () => false
          : (i) =>
              !Number.isNaN(lats[i] as number) &&
              distanceKm(near, { lat: lats[i] as number, lng: lngs[i] as number }) <= withinKm,
      );
    }
    for (const word of foldText(query.search).split(' ').filter(Boolean).slice(0, MAX_TEXT_WORDS)) {
      tests.push((i) => (rows[i] as CompetitionRow).searchText.includes(word));
    }
    if (query.player !== null) {
      const player = query.player;
      tests.push((i) => this.eligible(rows[i] as CompetitionRow, player, at.now));
    }
    const [first, second, ...rest] = tests;
    if (!first) return () => true;
    if (!second) return first;
    if (rest.length === 0) return (i) => first(i) && second(i);
    return (i) => first(i) && second(i) && rest.every((test) => test(i));
  }

  /**
   * `eligibleForPlayerSql`: one of the competition's draws is eligible now for the player (their
   * main draw's when none is read), by the verdict of the badges.
   */
  private eligible(row: CompetitionRow, player: EntryPlayer, now: Date): boolean {
    const draws = (this.tournamentsOf.get(row.guid) ?? []).map((t) =>
      entryDrawOf(t, this.deadlinesOf.get(t.uuid) ?? []),
    );
    return competitionEligible(entryCompetitionOf(row), draws, player, now);
  }
}

/** `competitionStatusSql` at the instant `time` of the Italian day `today`. */
function statusAt(row: CompetitionRow, today: string, time: number): number {
  if (row.endDate < today) return 1;
  if (row.startDate <= today) return 2;
  const opens = row.registrationOpensAt;
  const closes = row.registrationClosesAt;
  if (opens !== null && closes !== null) return opens.getTime() <= time && time < closes.getTime() ? 3 : 4;
  if (closes !== null) return time < closes.getTime() ? 3 : 4;
  return row.idStato === 3 ? 3 : 4;
}

/** A calendar day `yyyy-mm-dd` as the number yyyymmdd (the same order). */
const dayNumber = (day: string) =>
  Number(day.slice(0, 4)) * 10_000 + Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));

/** The overview's prize band of a prize (as `overviewGroups` computes it). */
function prizeBandOf(prizeMoney: number): OverviewGroup['band'] {
  if (prizeMoney <= 0) return 'none';
  if (prizeMoney <= 500) return '500';
  if (prizeMoney <= 1000) return '1000';
  return '1001';
}

/** Team championships (`cod_fonte` 3), listed after the individual competitions. */
const TEAM_SOURCE = 3;

/** Text in the databases' C collation: code unit by code unit (the guids are ASCII). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads the whole calendar in one consistent snapshot (a repeatable-read transaction): its
 * version and every competition with its tournaments, as of the same instant.
 */
export async function readCalendarSnapshot(db: Db): Promise<CalendarSnapshot> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx.select(calendarStateFields).from(sql`(select 1) as one`);
      if (!state) throw new Error('the calendar state statement returned no row');
      const rows = await tx.select().from(competitions);
      const draws = await tx
        .select()
        .from(tournaments)
        .orderBy(asc(tournaments.competitionGuid), asc(tournaments.ordinal));
      const tournamentsOf = new Map<string, TournamentRow[]>();
      for (const t of draws) {
        const list = tournamentsOf.get(t.competitionGuid);
        if (list) list.push(t);
        else tournamentsOf.set(t.competitionGuid, [t]);
      }
      const deadlines = await tx.select().from(tournamentDeadlines);
      return new CalendarSnapshot(
        calendarStateOf(state).version,
        rows,
        tournamentsOf,
        groupDeadlines(deadlines),
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** How long the background reads may take of the time, at most: a tenth (see {@link CalendarSnapshots}). */
const READ_SHARE = 10;

/**
 * The snapshot a process keeps for a database: `usable(version)` answers it when it reflects that
 * calendar version or a newer one, else null — and then reads a new one in the background. One
 * read at a time, and the next no sooner than `minIntervalMs` — nor ten times the last read's
 * duration — after the last began: a calendar that changes at every moment costs the database a
 * tenth of its time at most, and meanwhile the SQL path answers.
 */
export class CalendarSnapshots {
  private snapshot: CalendarSnapshot | null = null;
  private reading: Promise<void> | null = null;
  private nextReadAt = Number.NEGATIVE_INFINITY;
  readonly stats = { used: 0, stale: 0, reads: 0, failures: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: { minIntervalMs: number; clock: () => number } = {
      minIntervalMs: 1_000,
      clock: () => performance.now(),
    },
  ) {}

  usable(version: number): CalendarSnapshot | null {
    const snapshot = this.snapshot;
    if (snapshot && snapshot.version >= version) {
      this.stats.used++;
      return snapshot;
    }
    this.stats.stale++;
    this.refresh();
    return null;
  }

  /** The read under way, if any (tests wait for it). */
  settled(): Promise<void> {
    return this.reading ?? Promise.resolve();
  }

  private refresh(): void {
    const { clock, minIntervalMs } = this.options;
    const started = clock();
    if (this.reading || started < this.nextReadAt) return;
    this.nextReadAt = started + minIntervalMs;
    this.stats.reads++;
    this.reading = readCalendarSnapshot(this.db)
      .then((snapshot) => {
        if (!this.snapshot || snapshot.version >= this.snapshot.version) this.snapshot = snapshot;
      })
      // A failed read (the database busy or closing) leaves the SQL path answering; a stale
      // search after the interval tries again.
      .catch(() => {
        this.stats.failures++;
      })
      .finally(() => {
        this.nextReadAt = Math.max(this.nextReadAt, started + READ_SHARE * (clock() - started));
        this.reading = null;
      });
  }
}

const held = new WeakMap<Db, CalendarSnapshots>();

/** The calendar snapshots of a database (one per process and database). */
export function calendarSnapshotsOf(db: Db): CalendarSnapshots {
  let snapshots = held.get(db);
  if (!snapshots) {
    snapshots = new CalendarSnapshots(db);
    held.set(db, snapshots);
  }
  return snapshots;
}
