/**
 * Calendar arithmetic in Europe/Rome, the federation's time zone. Local dates are "epoch days"
 * (whole days since 1970-01-01 on the local calendar); instants are epoch milliseconds.
 *
 * Italy follows the EU rule since 1996 (CEST from the last Sunday of March to the last Sunday of
 * October, switching at 01:00 UTC), computed here directly: it is exact for every date the
 * simulator produces and far cheaper than going through Intl for every timestamp.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type EpochDay = number;

export const epochDayOf = (year: number, month: number, day: number): EpochDay =>
  Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function calendarDateOf(day: EpochDay): CalendarDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: EpochDay): number => (((day + 4) % 7) + 7) % 7;

function lastSundayOf(year: number, month: number): EpochDay {
  const last = epochDayOf(year, month + 1, 0);
  return last - weekdayOf(last);
}

interface YearRule {
  /** The UTC year's bounds, and its summer time as [start, end) instants. */
  readonly from: number;
  readonly to: number;
  readonly summerFrom: number;
  readonly summerTo: number;
}

// Timestamps come in bursts from the same year: remember the last year's rule.
let lastRule: YearRule | undefined;

function isSummerTime(instant: number): boolean {
  let rule = lastRule;
  if (!rule || instant < rule.from || instant >= rule.to) {
    const year = new Date(instant).getUTCFullYear();
    rule = {
      from: Date.UTC(year, 0, 1),
      to: Date.UTC(year + 1, 0, 1),
      summerFrom: lastSundayOf(year, 3) * DAY_MS + HOUR_MS,
      summerTo: lastSundayOf(year, 10) * DAY_MS + HOUR_MS,
    };
    lastRule = rule;
  }
  return instant >= rule.summerFrom && instant < rule.summerTo;
}

/** Offset of Rome from UTC at that instant, in milliseconds (1 or 2 hours). */
export const romeOffsetMs = (instant: number): number => (isSummerTime(instant) ? 2 * HOUR_MS : HOUR_MS);

/**
 * The instant of a Rome wall-clock time. In the autumn repeated hour the first occurrence wins;
 * a time inside the spring gap resolves one hour later.
 */
export function romeInstant(day: EpochDay, minuteOfDay = 0): number {
  const wall = day * DAY_MS + minuteOfDay * MINUTE_MS;
  const summer = wall - 2 * HOUR_MS;
  return isSummerTime(summer) ? summer : wall - HOUR_MS;
}

export interface RomeWallTime {
  readonly day: EpochDay;
  /** Milliseconds since local midnight. */
  readonly msOfDay: number;
}

export function romeWallTime(instant: number): RomeWallTime {
  const wall = instant + romeOffsetMs(instant);
  const day = Math.floor(wall / DAY_MS);
  return { day, msOfDay: wall - day * DAY_MS };
}

export const romeDayOf = (instant: number): EpochDay => romeWallTime(instant).day;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD`. */
export function formatIsoDate(day: EpochDay): string {
  const { year, month, day: d } = calendarDateOf(day);
  return `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
}

/** `dd/mm/yyyy`. */
export function formatItalianDate(day: EpochDay): string {
  const { year, month, day: d } = calendarDateOf(day);
  return `${pad(d)}/${pad(month)}/${pad(year, 4)}`;
}

/** `YYYY-MM-DDTHH:mm:ss` in Rome local time. */
export function formatRomeDateTime(instant: number): string {
  const { day, msOfDay } = romeWallTime(instant);
  const seconds = Math.floor(msOfDay / 1000);
  return `${formatIsoDate(day)}T${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

function validDay(year: number, month: number, day: number): EpochDay | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const epochDay = epochDayOf(year, month, day);
  const back = calendarDateOf(epochDay);
  return back.month === month && back.day === day ? epochDay : undefined;
}

/** A calendar date written `dd/mm/yyyy` or `YYYY-MM-DD` (a trailing time is ignored). */
export function parseLocalDate(text: string): EpochDay | undefined {
  const it = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (it) return validDay(Number(it[3]), Number(it[2]), Number(it[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text.trim());
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

/**
 * An instant from text: ISO with `Z` or an offset is absolute; `YYYY-MM-DDTHH:mm[:ss]`,
 * `YYYY-MM-DD` and `dd/mm/yyyy` are Rome wall-clock times (midnight when no time is given).
 */
export function parseInstant(text: string): number | undefined {
  const trimmed = text.trim();
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) && /^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? undefined : ms;
  }
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(trimmed);
  if (local) {
    const day = parseLocalDate(local[1] as string);
    const [h, m, s] = [Number(local[2]), Number(local[3]), Number(local[4] ?? 0)];
    if (day === undefined || h > 23 || m > 59 || s > 59) return undefined;
    return romeInstant(day, h * 60 + m) + s * 1000;
  }
  const day = parseLocalDate(trimmed);
  return day === undefined ? undefined : romeInstant(day);
}
