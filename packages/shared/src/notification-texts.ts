import type { Language } from './constants';
import { translateShared } from './i18n';
import type { NotificationParams, NotificationType } from './notifications';
import { formatOrderOfPlayMatch } from './order-of-play';

/** A sentence ends with one full stop (`contro ROSSI M.` has its own). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

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
  /** An order of play's match for the user (docs/decisions/204): "Sabato 14 giugno, 10:30, campo 3, contro ROSSI M." */
  match: string;
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

/** The values of a notification's texts, in `language`, which `t` translates to. */
export function notificationTextValues(
  params: NotificationParams,
  t: Translate,
  language: Language,
): NotificationTextValues {
  return {
    tournamentName: params.tournamentName?.trim() || t('notifications.unknownTournament'),
    message: params.message?.trim() ?? '',
    roundLabel: roundLabel(t, params.round, params.rounds),
    opponent: params.opponent?.trim() || t('notifications.personal.unknownOpponent'),
    score: params.personal === 'result' ? scoreText(t, params) : (params.score ?? ''),
    match: params.match
      ? sentence(formatOrderOfPlayMatch(language, params.match, { capitalized: true }))
      : '',
  };
}

/**
 * The catalogue keys of a notification's title and body: its type's; for a scoreboard that
 * concerns the user's own matches, the next opponent's or the result's; for an order of play
 * that names the user's match, its type's title and the body that says the match (`bodyMatch`).
 */
export function notificationTextKeys(
  type: NotificationType,
  params: NotificationParams,
): { title: string; body: string } {
  const of = (key: string, body = 'body') => ({ title: `${key}.title`, body: `${key}.${body}` });
  if (type === 'new_scoreboard') {
    if (params.personal === 'next_opponent') return of('notifications.personal.nextOpponent');
    if (params.personal === 'result')
      return of(params.won ? 'notifications.personal.won' : 'notifications.personal.lost');
    if (params.updated) return of('notifications.scoreboardUpdated');
  }
  if (type === 'new_order_of_play' && params.match) return of(`notifications.types.${type}`, 'bodyMatch');
  return of(`notifications.types.${type}`);
}

/** The title and body of a notification in a language (spec §3: texts use `tournamentName`). */
export function notificationText(
  language: Language,
  type: NotificationType,
  params: NotificationParams,
): { title: string; body: string } {
  const t: Translate = (key, values) => translateShared(language, key, values);
  const values = notificationTextValues(params, t, language);
  const keys = notificationTextKeys(type, params);
  return { title: t(keys.title, values), body: t(keys.body, values) };
}
