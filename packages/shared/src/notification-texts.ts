import type { Language } from './constants';
import { translateShared } from './i18n';
import type { NotificationParams, NotificationType } from './notifications';

/** A translation function: `translateShared` bound to a language, or the web client's `t`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The values a notification text is filled with, never leaving a `{{placeholder}}` visible. */
export interface NotificationTextValues {
  tournamentName: string;
  message: string;
  /** Personal draw notices (docs/decisions/203): "Al 2° turno", "In finale". */
  roundLabel: string;
  opponent: string;
  /** The score as written (winner's side), with a retirement said, or the walkover. */
  score: string;
  [key: string]: string;
}

/** "Al 2° turno" / "In round 2", the last three rounds by name. */
function roundLabel(t: Translate, round: number | undefined, rounds: number | undefined): string {
  if (round === undefined) return '';
  const fromEnd = rounds === undefined ? -1 : rounds - round;
  if (fromEnd === 0) return t('notifications.rounds.final');
  if (fromEnd === 1) return t('notifications.rounds.semifinal');
  if (fromEnd === 2) return t('notifications.rounds.quarterfinal');
  return t('notifications.rounds.round', { round });
}

function scoreText(t: Translate, params: NotificationParams): string {
  const score = params.score?.trim() ?? '';
  if (params.walkover || score === '') return t('notifications.personal.walkover');
  return params.retired ? `${score} ${t('notifications.personal.retired')}` : score;
}

/** The values of a notification's texts, in the language `t` translates to. */
export function notificationTextValues(params: NotificationParams, t: Translate): NotificationTextValues {
  return {
    tournamentName: params.tournamentName?.trim() || t('notifications.unknownTournament'),
    message: params.message?.trim() ?? '',
    roundLabel: roundLabel(t, params.round, params.rounds),
    opponent: params.opponent?.trim() || t('notifications.personal.unknownOpponent'),
    score: params.personal === 'result' ? scoreText(t, params) : (params.score ?? ''),
  };
}

/**
 * The catalogue entry (`<key>.title`, `<key>.body`) of a notification: its type's, or, for a
 * scoreboard that concerns the user's own matches, the next opponent's or the result's.
 */
export function notificationTextKey(type: NotificationType, params: NotificationParams): string {
  if (type === 'new_scoreboard') {
    if (params.personal === 'next_opponent') return 'notifications.personal.nextOpponent';
    if (params.personal === 'result')
      return params.won ? 'notifications.personal.won' : 'notifications.personal.lost';
    if (params.updated) return 'notifications.scoreboardUpdated';
  }
  return `notifications.types.${type}`;
}

/** The title and body of a notification in a language (spec §3: texts use `tournamentName`). */
export function notificationText(
  language: Language,
  type: NotificationType,
  params: NotificationParams,
): { title: string; body: string } {
  const t: Translate = (key, values) => translateShared(language, key, values);
  const values = notificationTextValues(params, t);
  const key = notificationTextKey(type, params);
  return { title: t(`${key}.title`, values), body: t(`${key}.body`, values) };
}
