import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/constants';
import { translateShared } from '../src/i18n';
import { notificationText } from '../src/notification-texts';
import {
  INBOX_NOTIFICATION_TYPES,
  MATCH_REASONS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_TYPE_GROUP,
  NOTIFICATION_TYPES,
} from '../src/notifications';

/** The tournament notifications: every type but the platform update and the account emails. */
const TOURNAMENT_TYPES = INBOX_NOTIFICATION_TYPES.filter((type) => type !== 'platform_updates');

describe('notification texts (spec §3)', () => {
  it('give every type a title and a body in Italian and English', () => {
    for (const language of LANGUAGES) {
      for (const type of NOTIFICATION_TYPES) {
        const { title, body } = notificationText(language, type, { tournamentName: 'Open di Roma' });
        expect(title, `${language} ${type}`).not.toMatch(/^notifications\./);
        expect(body, `${language} ${type}`).not.toMatch(/^notifications\./);
        expect(`${title} ${body}`, `${language} ${type}`).not.toContain('{{');
      }
    }
    expect(notificationText('it', 'new_tournament', { tournamentName: 'Open di Roma' }).title).not.toBe(
      notificationText('en', 'new_tournament', { tournamentName: 'Open di Roma' }).title,
    );
  });

  it('name the tournament in every tournament notification, or say "a tournament" without one', () => {
    for (const language of LANGUAGES) {
      for (const type of TOURNAMENT_TYPES) {
        const named = notificationText(language, type, { tournamentName: 'Open di Roma' });
        expect(`${named.title} ${named.body}`, `${language} ${type}`).toContain('Open di Roma');
        const unnamed = notificationText(language, type, { tournamentName: '  ' });
        expect(`${unnamed.title} ${unnamed.body}`, `${language} ${type}`).toContain(
          translateShared(language, 'notifications.unknownTournament'),
        );
      }
    }
  });

  it('carry the free message of a platform update', () => {
    expect(notificationText('it', 'platform_updates', { message: 'Manutenzione stanotte' })).toEqual({
      title: 'Novità da Radar Tornei',
      body: 'Manutenzione stanotte',
    });
    expect(notificationText('en', 'platform_updates', {}).body).toBe('');
  });

  it('name every preference group, channel and match reason in both languages', () => {
    expect(Object.keys(NOTIFICATION_TYPE_GROUP).sort()).toEqual([...INBOX_NOTIFICATION_TYPES].sort());
    expect(new Set(Object.values(NOTIFICATION_TYPE_GROUP))).toEqual(new Set(NOTIFICATION_GROUPS));
    for (const language of LANGUAGES) {
      for (const key of [
        ...NOTIFICATION_GROUPS.map((group) => `notifications.groups.${group}`),
        ...NOTIFICATION_CHANNELS.map((channel) => `notifications.channels.${channel}`),
        ...MATCH_REASONS.map((reason) => `notifications.reasons.${reason}`),
      ]) {
        expect(translateShared(language, key), `${language} ${key}`).not.toBe(key);
      }
    }
  });
});

describe('personal draw notices (new_scoreboard, docs/decisions/203)', () => {
  const base = { tournamentName: 'Open di Roma', rounds: 5, opponent: 'ROSSI MARIO (4.2)' };

  it('name the round of the next match, the last three by name', () => {
    const next = (round: number, language: 'it' | 'en' = 'it') =>
      notificationText(language, 'new_scoreboard', { ...base, personal: 'next_opponent', round }).body;
    expect(next(2)).toBe('Al 2° turno giochi contro ROSSI MARIO (4.2).');
    expect(next(3)).toBe('Ai quarti di finale giochi contro ROSSI MARIO (4.2).');
    expect(next(4)).toBe('In semifinale giochi contro ROSSI MARIO (4.2).');
    expect(next(5)).toBe('In finale giochi contro ROSSI MARIO (4.2).');
    expect(next(2, 'en')).toBe('In round 2 you play ROSSI MARIO (4.2).');
    expect(
      notificationText('it', 'new_scoreboard', { ...base, personal: 'next_opponent', round: 2 }).title,
    ).toBe('Il tuo prossimo incontro: Open di Roma');
  });

  it('say the result from the winner’s side, a retirement and a walkover', () => {
    const result = (params: Record<string, unknown>, language: 'it' | 'en' = 'it') =>
      notificationText(language, 'new_scoreboard', { ...base, personal: 'result', round: 1, ...params });
    expect(result({ won: true, score: '63 61' })).toEqual({
      title: 'Hai vinto: Open di Roma',
      body: 'Hai vinto 63 61 contro ROSSI MARIO (4.2).',
    });
    expect(result({ won: false, score: '63 61' }).body).toBe('Hai perso 63 61 contro ROSSI MARIO (4.2).');
    expect(result({ won: true, score: '60', retired: 'opponent' }).body).toBe(
      'Hai vinto 60 (rit.) contro ROSSI MARIO (4.2).',
    );
    expect(result({ won: true, walkover: true }).body).toBe('Hai vinto a tavolino contro ROSSI MARIO (4.2).');
    expect(result({ won: false, score: '46 60 106' }, 'en').body).toBe(
      'You lost 46 60 106 to ROSSI MARIO (4.2).',
    );
  });

  it('tell an updated draw from a new one, and keep the plain text without personal params', () => {
    expect(
      notificationText('it', 'new_scoreboard', { tournamentName: 'Open di Roma', updated: true }).title,
    ).toBe('Tabellone aggiornato: Open di Roma');
    expect(notificationText('it', 'new_scoreboard', { tournamentName: 'Open di Roma' }).title).toBe(
      'Tabellone pubblicato: Open di Roma',
    );
  });
});
