/**
 * Calendar days in Europe/Rome, as `YYYY-MM-DD` strings. The federation's dates are Italian
 * calendar days, and "today", "this week" and "next month" are Italian ones whatever the
 * server's or the browser's time zone.
 */

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day in Rome at `instant`. */
export function romeDate(instant: Date): string {
  const time = instant.getTime();
  return new Date(time + romeOffsetMs(time)).toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar day `YYYY-MM-DD` (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const toUtc = (day: string): Date => new Date(`${day}T00:00:00Z`);
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** Same day of the month `months` later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const date = toUtc(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return fromUtc(target);
}

/** Monday of the ISO week holding `day`. */
export function startOfWeek(day: string): string {
  const weekday = (toUtc(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function endOfMonth(day: string): string {
  return addDays(addMonths(startOfMonth(day), 1), -1);
}

let romeWallFormat: Intl.DateTimeFormat | undefined;
/**
 * Rome's wall clock, made on first use: a time-zone formatter costs milliseconds to build, and
 * the web client's screens that import this module rarely ask for it (decision 178).
 */
function romeWall(): Intl.DateTimeFormat {
  romeWallFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return romeWallFormat;
}

const HOUR_MS = 3_600_000;
/** Offsets already asked, by UTC hour: `Intl` is slow for the rows of a page or a pass. */
const offsetsByHour = new Map<number, number>();

/**
 * Rome's offset from UTC at an instant, in milliseconds (1 h in winter, 2 h in summer). Rome
 * changes its clock on a whole hour of UTC (01:00) by a whole hour, so the offset holds for the
 * whole UTC hour of the instant: it is asked of `Intl` once per hour and kept.
 */
export function romeOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  const kept = offsetsByHour.get(hour);
  if (kept !== undefined) return kept;
  const start = hour * HOUR_MS;
  const parts = romeWall().formatToParts(new Date(start));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const offset =
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - start;
  if (offsetsByHour.size >= 10_000) offsetsByHour.clear();
  offsetsByHour.set(hour, offset);
  return offset;
}

/**
 * The instant of a Rome wall-clock time. In the autumn's repeated hour the first (summer-time)
 * occurrence wins; a time skipped in spring maps to a nearby instant.
 */
export function romeLocalToInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const summer = wall - 2 * 3_600_000;
  if (romeOffsetMs(summer) === 2 * 3_600_000) return new Date(summer);
  return new Date(wall - romeOffsetMs(wall - 3_600_000));
}

/**
 * When a reminder `offset` before `deadline` falls (spec §9): `days` are calendar days on the
 * Rome clock (18:00 a week before is 18:00 Rome seven days earlier, even when a daylight-saving
 * change lies between, so the UTC gap is then 7 days ± 1 hour); `hours` are elapsed hours.
 */
export function reminderDueAt(deadline: Date, offset: { days: number; hours: number }): Date {
  let instant = deadline;
  if (offset.days !== 0) {
    const wall = new Date(deadline.getTime() + romeOffsetMs(deadline.getTime()));
    const day = new Date(
      Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - offset.days),
    );
    instant = romeLocalToInstant(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
    );
    instant = new Date(instant.getTime() + wall.getUTCMilliseconds());
  }
  return new Date(instant.getTime() - offset.hours * 3_600_000);
}
