import type { Language } from './constants';
import { translateShared } from './i18n';
import type { NotificationParams, NotificationType } from './notifications';

/** The values a notification text is filled with, never leaving a `{{placeholder}}` visible. */
export function notificationTextValues(
  params: NotificationParams,
  unknownTournament: string,
): { tournamentName: string; message: string } {
  return {
    tournamentName: params.tournamentName?.trim() || unknownTournament,
    message: params.message?.trim() ?? '',
  };
}

/** The title and body of a notification in a language (spec §3: texts use `tournamentName`). */
export function notificationText(
  language: Language,
  type: NotificationType,
  params: NotificationParams,
): { title: string; body: string } {
  const values = notificationTextValues(params, translateShared(language, 'notifications.unknownTournament'));
  return {
    title: translateShared(language, `notifications.types.${type}.title`, values),
    body: translateShared(language, `notifications.types.${type}.body`, values),
  };
}
