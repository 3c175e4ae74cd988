/**
 * Reading the federation's values as they really come (fitp-contract.md §0): numbers as numbers
 * or strings, keys whose casing differs by host, `;` lists in the search and `,` lists in the
 * detail, `dd/mm/yyyy` days with `01/01/1900` for "unknown", and detail instants with a false
 * `Z` that are really Europe/Rome wall-clock times.
 *
 * Each reader returns `undefined` when the value is missing or unreadable, and `null` when the
 * federation says "unknown" (dates only).
 */
import { isIsoDate, romeLocalToInstant, sanitizeText } from '@radar/shared';

export type Row = Record<string, unknown>;

export const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A key read case-insensitively (§0: `name` on one host, `Name` on another): the exact spelling
 * first, then any casing.
 */
export function field(row: Row, key: string): unknown {
  if (key in row) return row[key];
  const lower = key.toLowerCase();
  for (const k of Object.keys(row)) if (k.toLowerCase() === lower) return row[k];
  return undefined;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A guid in canonical (upper) case; undefined when it is not a guid. */
export function readGuid(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^\{|\}$/g, '');
  return GUID.test(text) ? text.toUpperCase() : undefined;
}

/**
 * Trimmed non-empty text, runs of spaces inside collapsed to one (the federation's names carry
 * stray spaces: `" TORNEO …"`, `"SPORTIVO  TRENTO"`); numbers are written as text. NUL characters
 * are dropped and lone surrogates replaced (U+FFFD): the database refuses both, and one such row
 * must not stop a whole page from being stored.
 */
export function readText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = sanitizeText(value)
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
  return text === '' ? undefined : text;
}

/** A number given as a number or a numeric string (`"12"`, `" 12 "`, `"1500.50"`, `"1500,50"`). */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

export function readInteger(value: unknown): number | undefined {
  const n = readNumber(value);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/** `true`, `"true"`, `1`, `"1"` (and their false counterparts, any case). */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  switch (value.trim().toLowerCase()) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return undefined;
  }
}

/**
 * A list as the federation writes it (`"3.1;3.2;4.NC"` in the search, `"U08,U10"` in the detail):
 * trimmed, empty items dropped, duplicates dropped, order kept. `null`, `""` and a missing value
 * are the empty list.
 */
export function readList(value: unknown, separator: ';' | ','): string[] {
  const text = readText(value);
  if (!text) return [];
  const items = text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return [...new Set(items)];
}

const ISO_DAY =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ITALIAN_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Milliseconds (`SubscriptionDate` has 1–3 fraction digits). */
  ms: number;
  /** An explicit numeric offset (`+02:00`); never the false `Z`. */
  offset: string | undefined;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function readDateParts(value: unknown): DateParts | null | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const iso = ISO_DAY.exec(text);
  const italian = iso ? null : ITALIAN_DAY.exec(text);
  let parts: DateParts;
  if (iso) {
    const zone = iso[8];
    parts = {
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: Number(iso[3]),
      hour: Number(iso[4] ?? 0),
      minute: Number(iso[5] ?? 0),
      second: Number(iso[6] ?? 0),
      ms: Number((iso[7] ?? '').padEnd(3, '0').slice(0, 3)),
      offset: zone && zone !== 'Z' ? zone : undefined,
    };
  } else if (italian) {
    parts = {
      year: Number(italian[3]),
      month: Number(italian[2]),
      day: Number(italian[1]),
      hour: Number(italian[4] ?? 0),
      minute: Number(italian[5] ?? 0),
      second: Number(italian[6] ?? 0),
      ms: 0,
      offset: undefined,
    };
  } else {
    return undefined;
  }
  // The federation's "unknown" (§0).
  if (parts.year === 1900 && parts.month === 1 && parts.day === 1) return null;
  const day = `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`;
  if (!isIsoDate(day) || parts.hour > 23 || parts.minute > 59 || parts.second > 59) return undefined;
  return parts;
}

/** A calendar day (`dd/mm/yyyy` or `YYYY-MM-DD[THH:mm:ss[Z]]`) as `YYYY-MM-DD`; null for 1900-01-01. */
export function readDay(value: unknown): string | null | undefined {
  const parts = readDateParts(value);
  if (!parts) return parts;
  return `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`;
}

/**
 * An instant. The detail's `Z` is false (§0: `2026-07-28T12:00:00Z` is 12:00 in Rome), so a
 * date-time without a numeric offset is read as Europe/Rome wall-clock time, `Z` or not (and so is
 * `SubscriptionDate`, which has no zone at all). An explicit `+hh:mm` is honoured. Null for
 * 1900-01-01.
 */
export function readInstant(value: unknown): Date | null | undefined {
  const parts = readDateParts(value);
  if (!parts) return parts;
  if (parts.offset) {
    const { year, month, day, hour, minute, second, ms, offset } = parts;
    const sign = offset.startsWith('-') ? -1 : 1;
    const [h, m] = [Number(offset.slice(1, 3)), Number(offset.slice(-2))];
    const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
    return new Date(wall - sign * (h * 60 + m) * 60_000);
  }
  const instant = romeLocalToInstant(
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return new Date(instant.getTime() + parts.ms);
}

/**
 * The wall-clock time of day (`HH:mm`) of a detail time (`"2026-08-02T09:00:00Z"`, false `Z`:
 * 09:00 in Rome) or of a bare `"09:00[:00]"`; undefined when there is none.
 */
export function readTimeOfDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match =
    /^(?:\d{4}-\d{2}-\d{2}[T ])?(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(
      value.trim(),
    );
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return undefined;
  return `${pad2(hour)}:${pad2(minute)}`;
}
