import type { Language } from './constants';
import { translateShared } from './i18n';
import type { NotificationParams, NotificationType } from './notifications';
import { formatOrderOfPlayMatch } from './order-of-play';

/** A sentence ends with one full stop (`contro ROSSI M.` has its own). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** The values a notification text is filled with, never leaving a `{{placeholder}}` visible. */
export function notificationTextValues(
  params: NotificationParams,
  unknownTournament: string,
  language: Language = 'it',
): { tournamentName: string; message: string; match: string } {
  return {
    tournamentName: params.tournamentName?.trim() || unknownTournament,
    message: params.message?.trim() ?? '',
    match: params.match
      ? sentence(formatOrderOfPlayMatch(language, params.match, { capitalized: true }))
      : '',
  };
}

/**
 * The body's key: an order of play that names the user's match says it (`bodyMatch`:
 * "Sabato 14 giugno, 10:30, campo 3, contro ROSSI M."), every other notification its `body`.
 */
export function notificationBodyKey(
  type: NotificationType,
  params: NotificationParams,
): 'body' | 'bodyMatch' {
  return type === 'new_order_of_play' && params.match ? 'bodyMatch' : 'body';
}

/** The title and body of a notification in a language (spec §3: texts use `tournamentName`). */
export function notificationText(
  language: Language,
  type: NotificationType,
  params: NotificationParams,
): { title: string; body: string } {
  const values = notificationTextValues(
    params,
    translateShared(language, 'notifications.unknownTournament'),
    language,
  );
  return {
    title: translateShared(language, `notifications.types.${type}.title`, values),
    body: translateShared(
      language,
      `notifications.types.${type}.${notificationBodyKey(type, params)}`,
      values,
    ),
  };
}
