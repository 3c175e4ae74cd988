import { describe, expect, it } from 'vitest';
import { notificationText } from '../src/notification-texts';
import { formatOrderOfPlayMatch, type OrderOfPlayMatch } from '../src/order-of-play';

const match: OrderOfPlayMatch = {
  date: '2026-06-13',
  time: '10:30',
  timeKind: 'at',
  court: '3',
  opponents: ['ROSSI M.'],
};

describe('the match found in an order of play, in words', () => {
  it('says the day, the time, the court and the opponents, in Italian and English', () => {
    expect(formatOrderOfPlayMatch('it', match)).toBe('sabato 13 giugno, 10:30, campo 3, contro ROSSI M.');
    expect(formatOrderOfPlayMatch('en', match, { capitalized: true })).toBe(
      'Saturday 13 June, 10:30, court 3, against ROSSI M.',
    );
    expect(
      formatOrderOfPlayMatch('it', { ...match, timeKind: 'notBefore', time: '15:00', opponents: ['A', 'B'] }),
    ).toBe('sabato 13 giugno, non prima delle 15:00, campo 3, contro A / B');
    expect(
      formatOrderOfPlayMatch('en', { ...match, timeKind: 'followOn', time: null, court: 'Centrale' }),
    ).toBe('Saturday 13 June, to follow, court Centrale, against ROSSI M.');
    expect(
      formatOrderOfPlayMatch('it', { date: null, time: null, timeKind: null, court: '2', opponents: [] }),
    ).toBe('campo 2');
  });

  it("is an order of play notification's body, with one full stop; without a match the body is the plain one", () => {
    const params = { tournamentName: 'Open di Roma', match };
    expect(notificationText('it', 'new_order_of_play', params)).toEqual({
      title: 'Ordine di gioco: Open di Roma',
      body: 'Sabato 13 giugno, 10:30, campo 3, contro ROSSI M.',
    });
    expect(
      notificationText('en', 'new_order_of_play', { ...params, match: { ...match, opponents: [] } }).body,
    ).toBe('Saturday 13 June, 10:30, court 3.');
    expect(notificationText('it', 'new_order_of_play', { tournamentName: 'Open di Roma' }).body).toBe(
      'È stato pubblicato l’ordine di gioco di Open di Roma.',
    );
  });
});
