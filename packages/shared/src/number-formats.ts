/**
 * How the product writes numbers and instants, in both languages: the locale of each language
 * and the options of the formats the web app (`apps/web/src/lib/format.ts`, which caches the
 * formatters) and the notifications' texts (`tournament-facts.ts`, for the emails too) share, so
 * an amount, a deadline or a distance reads the same on a card and in an email.
 */
import type { Language } from './constants';

/** The locale each language is written in. */
export const LOCALE_OF: Readonly<Record<Language, string>> = { it: 'it-IT', en: 'en-GB' };

/** `1.500 €` / `€1,500`: euros without decimals, grouped from the thousands. */
export const EURO_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
};

/** An instant in Rome time: `25 nov 2026, 18:00`. */
export const ROME_INSTANT_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
};

/** A distance in km without its unit: one decimal under 10 km (`4,5`), whole km from 10 (`12`, `1.240`). */
export function kmNumberFormat(km: number): Intl.NumberFormatOptions {
  return { useGrouping: 'always', maximumFractionDigits: km < 10 ? 1 : 0 };
}
