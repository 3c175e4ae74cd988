/**
 * Dates, numbers and money in the interface's language (Italian first): calendar days as the
 * federation gives them, instants in Rome time, euro amounts without decimals. The one place
 * that writes a number for the interface: every screen and every text goes through it, so
 * `1.000 €` reads the same on a card and in the filters. Italian groups thousands from four
 * digits (CLDR leaves `1000` ungrouped; the interface writes `1.000` everywhere).
 */
import { EURO_FORMAT, kmNumberFormat, type Language, LOCALE_OF, ROME_INSTANT_FORMAT } from '@radar/shared';

const TIME_ZONE = 'Europe/Rome';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** A calendar day `YYYY-MM-DD`, read at noon UTC so that no time zone moves it. */
const dayToDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** `12 dic 2026` (style short) or `sabato 12 dicembre 2026` (long). */
export function formatDay(day: string, language: Language, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return formatter(
    `day:${language}:${style}`,
    () => new Intl.DateTimeFormat(LOCALE_OF[language], options),
  ).format(dayToDate(day));
}

/**
 * `12–21 dic 2026`, `28 nov – 3 dic 2026`, or one day; without the year (`12–14 giu`) where
 * the context says it, as the dashboard's week does.
 */
export function formatDayRange(
  from: string,
  to: string,
  language: Language,
  { year = true }: { year?: boolean } = {},
): string {
  const format = formatter(
    `range:${language}:${year ? 'year' : 'noyear'}`,
    () =>
      new Intl.DateTimeFormat(LOCALE_OF[language], {
        day: 'numeric',
        month: 'short',
        ...(year ? { year: 'numeric' as const } : {}),
        timeZone: 'UTC',
      }),
  ) as Intl.DateTimeFormat;
  if (from === to) return year ? formatDay(from, language) : format.format(dayToDate(from));
  if (year) return format.formatRange(dayToDate(from), dayToDate(to));
  // Without the year ICU writes `30 mag – 02 giu`: the two ends are written by hand.
  return from.slice(0, 7) === to.slice(0, 7)
    ? `${Number(from.slice(8))}–${format.format(dayToDate(to))}`
    : `${format.format(dayToDate(from))} – ${format.format(dayToDate(to))}`;
}

/**
 * Makes the number formatter of `language` before its first use: a page's first `Intl` object
 * loads the locale's data (some 15 ms on a phone), which main.tsx has done in a task of its own
 * rather than inside a slice of the first screen's render (decision 178).
 */
export function prepareFormatters(language: Language): void {
  formatNumber(0, language);
}

/** An instant in Rome time: `9 dic 2026, 12:00`. */
export function formatInstant(iso: string, language: Language): string {
  return formatter(
    `instant:${language}`,
    () => new Intl.DateTimeFormat(LOCALE_OF[language], ROME_INSTANT_FORMAT),
  ).format(new Date(iso));
}

/**
 * An instant in Rome time as the federation's deadlines read: `28/07 12:00` (day/month and
 * 24-hour time in both languages).
 */
export function formatDayTime(iso: string, _language: Language): string {
  const parts = formatter(
    'daytime',
    () =>
      new Intl.DateTimeFormat('en-GB', {
        day: '2-digit',
        month: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: TIME_ZONE,
      }),
  ).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} ${part('hour')}:${part('minute')}`;
}

export function formatNumber(value: number, language: Language): string {
  return formatter(
    `number:${language}`,
    () => new Intl.NumberFormat(LOCALE_OF[language], { useGrouping: 'always' }),
  ).format(value);
}

/** A distance in km without its unit: `4,5` / `4.5` under 10 km, whole km from 10 (`12`, `1.240`). */
export function formatKm(km: number, language: Language): string {
  return formatter(
    `km:${km < 10 ? 'near' : 'far'}:${language}`,
    () => new Intl.NumberFormat(LOCALE_OF[language], kmNumberFormat(km)),
  ).format(km);
}

/** `1.500 €` in Italian, `€1,500` in English. */
export function formatEuro(value: number, language: Language): string {
  return formatter(`euro:${language}`, () => new Intl.NumberFormat(LOCALE_OF[language], EURO_FORMAT)).format(
    value,
  );
}

/** A ranking value with two decimals: `3,04` / `3.04`. */
export function formatRankingValue(value: number, language: Language): string {
  return formatter(
    `ranking:${language}`,
    () => new Intl.NumberFormat(LOCALE_OF[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(value);
}

/**
 * A number an Italian article or articulated preposition can elide before: those read with a
 * vowel first, `1` (uno), `11` (undici), `8…` (otto, ottanta, ottocento, ottomila) and `11…`
 * thousands (undicimila). Written as in the text: digits, with `.` grouping.
 */
function startsWithVowelSound(written: string): boolean {
  const digits = written.replaceAll('.', '');
  if (digits === '1' || digits === '11') return true;
  if (digits.startsWith('8')) return true;
  // 11.000–11.999: undicimila…
  return /^11\.\d{3}$/.test(written);
}

/** il, del, al, dal, nel, sul (and capitalised), before a number: `il 8` → `l’8`, `del 11` → `dell’11`. */
const ARTICLE_BEFORE_NUMBER = /(^|[^\p{L}])(il|del|al|dal|nel|sul)\s+(\d{1,3}(?:\.\d{3})*)(?![\d,]|\.\d)/giu;

/**
 * Italian elision before numbers, applied to every Italian text the interface shows (an
 * i18next post-processor, see lib/i18n): "entro il 8 dic" → "entro l’8 dic", "Inizia il 11
 * dic" → "Inizia l’11 dic", "dal 1 al 8" → "dall’1 all’8". Any other number keeps its article.
 */
export function elideItalian(text: string): string {
  return text.replace(ARTICLE_BEFORE_NUMBER, (match, before: string, article: string, number: string) => {
    if (!startsWithVowelSound(number)) return match;
    // il → l’, del → dell’, al → all’ (keeping a capital first letter).
    const lower = article.toLowerCase();
    let elided = lower === 'il' ? 'l’' : `${lower}l’`;
    if (article[0] !== article[0]?.toLowerCase()) elided = elided[0]?.toUpperCase() + elided.slice(1);
    return `${before}${elided}${number}`;
  });
}
