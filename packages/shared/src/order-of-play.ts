import { z } from 'zod';
import type { Language } from './constants';
import { translateShared } from './i18n';
import { LOCALE_OF } from './number-formats';

/**
 * The user's match as found in an order of play's PDF (issue 29 point 2, docs/decisions/204):
 * the day, the time (or "not before", or "to follow"), the court and the opponents, each null or
 * empty when the file does not say it. Carried by the `new_order_of_play` notification and the
 * dashboard; worded here once for the inbox, the email, push and the dashboard.
 */
export const ORDER_OF_PLAY_TIME_KINDS = ['at', 'notBefore', 'followOn'] as const;
export type OrderOfPlayTimeKind = (typeof ORDER_OF_PLAY_TIME_KINDS)[number];

export const orderOfPlayMatchSchema = z
  .object({
    /** The day of play (`YYYY-MM-DD`): from the text, else from the file's name; null if neither. */
    date: z.iso.date().nullable(),
    /** `HH:MM`; null for "to follow" or when no time was found. */
    time: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .nullable(),
    timeKind: z.enum(ORDER_OF_PLAY_TIME_KINDS).nullable(),
    /** `3`, `Centrale`: as the file names the court. */
    court: z.string().max(40).nullable(),
    /** As the file writes them (`ROSSI M.`); two in doubles; empty when not known yet. */
    opponents: z.array(z.string().max(80)).max(2),
  })
  .meta({ id: 'OrderOfPlayMatch' });
export type OrderOfPlayMatch = z.infer<typeof orderOfPlayMatchSchema>;

const text = (language: Language, key: string, values: Record<string, string> = {}) =>
  translateShared(language, `orderOfPlay.${key}`, values);

/** `sabato 14 giugno` / `Saturday 14 June` (the weekday in lower case in Italian, as written mid-sentence). */
export function formatPlayDay(language: Language, isoDay: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
    .format(new Date(`${isoDay}T12:00:00Z`))
    .replace(',', '');
}

/**
 * `sabato 14 giugno, 10:30, campo 3, contro ROSSI M.` — the parts the file gave, in this order;
 * `capitalized` for the start of a sentence (`Sabato 14 giugno, …`).
 */
export function formatOrderOfPlayMatch(
  language: Language,
  match: OrderOfPlayMatch,
  options: { capitalized?: boolean } = {},
): string {
  const parts: string[] = [];
  if (match.date) parts.push(formatPlayDay(language, match.date));
  if (match.timeKind === 'followOn') parts.push(text(language, 'followOn'));
  else if (match.time) {
    parts.push(
      match.timeKind === 'notBefore' ? text(language, 'notBefore', { time: match.time }) : match.time,
    );
  }
  if (match.court) parts.push(text(language, 'court', { court: match.court }));
  if (match.opponents.length > 0) {
    parts.push(text(language, 'against', { opponents: match.opponents.join(' / ') }));
  }
  const sentence = parts.join(', ');
  return options.capitalized
    ? sentence.charAt(0).toLocaleUpperCase(LOCALE_OF[language]) + sentence.slice(1)
    : sentence;
}
