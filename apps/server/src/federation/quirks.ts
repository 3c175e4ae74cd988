/**
 * Reading the federation's values as they really come (fitp-contract.md "Conventions and
 * quirks"): numbers as strings or numbers, booleans as true/"true"/1/"1", dates in three
 * formats with 1900-01-01 for "unknown", guids in any case, a placeholder row to skip.
 *
 * Each reader returns `undefined` when the value is missing or unreadable, and `null` when
 * the federation says "unknown" (dates only).
 */
import { isIsoDate, romeLocalToInstant, sanitizeText } from '@radar/shared';

export const PLACEHOLDER_GUID = '11111111-1111-1111-1111-111111111111';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A guid in canonical (upper) case; undefined when it is not a guid. */
export function readGuid(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^\{|\}$/g, '');
  return GUID.test(text) ? text.toUpperCase() : undefined;
}

export const isPlaceholderGuid = (guid: string): boolean => guid === PLACEHOLDER_GUID;

/**
 * Trimmed non-empty text; numbers are written as text. NUL characters are dropped and lone
 * surrogates replaced (U+FFFD): the database refuses both, and one such row must not stop a
 * whole page from being stored.
 */
export function readText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = sanitizeText(value).trim();
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

const ISO_DAY =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ITALIAN_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** An explicit offset or Z, when the text has one. */
  zone: string | undefined;
}

function readDateParts(value: unknown): DateParts | null | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const iso = ISO_DAY.exec(text);
  const italian = iso ? null : ITALIAN_DAY.exec(text);
  let parts: DateParts;
  if (iso) {
    parts = {
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: Number(iso[3]),
      hour: Number(iso[4] ?? 0),
      minute: Number(iso[5] ?? 0),
      second: Number(iso[6] ?? 0),
      zone: iso[7],
    };
  } else if (italian) {
    parts = {
      year: Number(italian[3]),
      month: Number(italian[2]),
      day: Number(italian[1]),
      hour: Number(italian[4] ?? 0),
      minute: Number(italian[5] ?? 0),
      second: Number(italian[6] ?? 0),
      zone: undefined,
    };
  } else {
    return undefined;
  }
  // The federation's "unknown".
  if (parts.year === 1900 && parts.month === 1 && parts.day === 1) return null;
  const day = `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  if (!isIsoDate(day) || parts.hour > 23 || parts.minute > 59 || parts.second > 59) return undefined;
  return parts;
}

/** A calendar day (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm:ss` or `dd/mm/yyyy`) as `YYYY-MM-DD`; null for 1900-01-01. */
export function readDay(value: unknown): string | null | undefined {
  const parts = readDateParts(value);
  if (!parts) return parts;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** An instant: a date-time in Europe/Rome local time unless it carries an offset; null for 1900-01-01. */
export function readInstant(value: unknown): Date | null | undefined {
  const parts = readDateParts(value);
  if (!parts) return parts;
  if (parts.zone) {
    const ms = Date.parse(typeof value === 'string' ? value.trim().replace(' ', 'T') : '');
    return Number.isNaN(ms) ? undefined : new Date(ms);
  }
  return romeLocalToInstant(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second);
}
