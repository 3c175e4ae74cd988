/**
 * The order-of-play parser on PDFs the simulator writes in both layouts (a grid of courts by
 * times, a list by court), read back with unpdf: a name split across lines, a doubles pair,
 * accents and apostrophes folded, "a seguire" and "non prima delle", and a name not in the file.
 */
import { type OopPlayer, type OrderOfPlayLayout, writeOrderOfPlayPdf } from '@radar/fitp-simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { findMatch, findMatches, fold } from '../../../src/modules/orders-of-play/parser';
import { pdfWords, type TextWord } from '../../../src/modules/orders-of-play/pdf-text';

const p = (surname: string, firstName: string): OopPlayer => ({ surname, firstName });
/** Saturday 13 June 2026 (days since 1970-01-01). */
const DAY = Date.UTC(2026, 5, 13) / 86_400_000;

const MATCHES = [
  { minute: 9 * 60, court: 1, top: [p('Rossi', 'Mario')], bottom: [p('Bianchi', 'Luca')] },
  // Long enough to wrap inside a grid cell: the second player's name starts a line of its own.
  {
    minute: 9 * 60,
    court: 2,
    top: [p('Di Giovanni', "Nicolo'")],
    bottom: [p('Abbondanzieri', 'Massimiliano')],
  },
  { minute: 9 * 60, court: 4, top: [p('De Rossi', 'Mario')], bottom: [p('Serra', 'Ugo')] },
  {
    minute: 10 * 60 + 30,
    court: 3,
    top: [p('Verdi', 'Paolo'), p('Neri', 'Carlo')],
    bottom: [p('Gialli', 'Anna'), p('Blu', 'Rita')],
  },
  { minute: 16 * 60, court: 1, top: [p('Conti', 'Ugo')], bottom: [p('Ferri', 'Ivo')] },
];

async function wordsOf(layout: OrderOfPlayLayout): Promise<TextWord[]> {
  const pdf = await writeOrderOfPlayPdf({
    layout,
    title: 'Open di Roma',
    club: 'TC Roma',
    place: 'Roma (RM)',
    day: DAY,
    courts: 4,
    matches: MATCHES,
    publishedAt: Date.UTC(2026, 5, 12, 18),
    followOnRows: new Set([1]),
  });
  return pdfWords(new Uint8Array(pdf));
}

describe.each(['grid', 'list'] as const)('an order of play in the %s layout', (layout) => {
  let words: TextWord[];
  beforeAll(async () => {
    words = await wordsOf(layout);
  });
  const short = (surname: string, name: string) =>
    layout === 'grid' ? `${surname} ${name}` : `${surname} ${name.charAt(0)}.`;

  it('finds a singles player: the day from the text, the time, the court and the opponent', () => {
    expect(findMatch(words, { surname: 'ROSSI', name: 'MARIO' }, { fileDate: '2026-06-20' })).toEqual({
      date: '2026-06-13',
      time: '09:00',
      timeKind: 'at',
      court: '1',
      opponents: [short('BIANCHI', 'LUCA')],
      page: 1,
      withPartner: false,
    });
  });

  it('finds a name written over two lines, and folds accents and apostrophes', () => {
    if (layout === 'grid') {
      // The cell wraps: the surname ends a line, the first name starts the next.
      const surname = words.find((w) => w.text === 'ABBONDANZIERI');
      const name = words.find((w) => w.text === 'MASSIMILIANO');
      expect(surname && name && surname.y - name.y).toBeGreaterThan(5);
    }
    const split = findMatch(words, { surname: 'ABBONDANZIERI', name: 'MASSIMILIANO' });
    expect(split).toMatchObject({ time: '09:00', court: '2' });
    expect(split?.opponents[0]).toMatch(/^DI GIOVANNI N/);
    const accented = findMatch(words, { surname: 'Di Giovanni', name: 'Nicolò' });
    expect(accented).toMatchObject({
      time: '09:00',
      court: '2',
      opponents: [short('ABBONDANZIERI', 'MASSIMILIANO')],
    });
  });

  it('finds a doubles pair: the partner beside the player, both opponents', () => {
    const match = findMatch(
      words,
      { surname: 'NERI', name: 'CARLO' },
      { partner: { surname: 'VERDI', name: 'PAOLO' } },
    );
    expect(match).toMatchObject({
      court: '3',
      withPartner: true,
      opponents: [short('GIALLI', 'ANNA'), short('BLU', 'RITA')],
    });
    // The grid's second row reads "a seguire"; the list says the time.
    expect(match?.timeKind).toBe(layout === 'grid' ? 'followOn' : 'at');
    expect(match?.time).toBe(layout === 'grid' ? null : '10:30');
  });

  it('reads a later match: at 16:00 (grid), not before 16.00 (list)', () => {
    expect(findMatch(words, { surname: 'FERRI', name: 'IVO' })).toMatchObject({
      time: '16:00',
      timeKind: layout === 'grid' ? 'at' : 'notBefore',
      court: '1',
      opponents: [short('CONTI', 'UGO')],
    });
  });

  it('answers null for a player not in the file, and never takes DE ROSSI for ROSSI', () => {
    expect(findMatch(words, { surname: 'BIANCO', name: 'LUCA' })).toBeNull();
    expect(findMatches(words, { surname: 'ROSSI', name: 'MARIO' })).toHaveLength(1);
    expect(findMatch(words, { surname: 'DE ROSSI', name: 'MARIO' })).toMatchObject({
      court: layout === 'grid' ? '4' : '4',
    });
  });
});

describe('the parser on words of other layouts', () => {
  const word = (text: string, x: number, y: number, size = 10): TextWord => ({
    page: 1,
    x,
    y,
    w: text.length * size * 0.5,
    size,
    text,
  });
  const line = (text: string, x: number, y: number): TextWord[] => {
    let at = x;
    return text.split(' ').map((t) => {
      const w = word(t, at, y);
      at += w.w + 3;
      return w;
    });
  };

  it('takes the court from a heading above and the date from the nearest heading above', () => {
    const words = [
      ...line('Sabato 13 giugno', 40, 800),
      ...line('Campo Centrale', 40, 780),
      ...line('ore 9.30 ROSSI MARIO vs BIANCHI LUCA', 60, 765),
      ...line('Domenica 14 giugno', 40, 700),
      ...line('Campo n. 2', 40, 680),
      ...line('non prima delle 15:00 VERDI PAOLO vs ROSSI MARIO', 60, 665),
    ];
    expect(findMatches(words, { surname: 'ROSSI', name: 'MARIO' }, { fileDate: '2026-06-13' })).toEqual([
      {
        date: '2026-06-13',
        time: '09:30',
        timeKind: 'at',
        court: 'Centrale',
        opponents: ['BIANCHI LUCA'],
        page: 1,
        withPartner: false,
      },
      {
        date: '2026-06-14',
        time: '15:00',
        timeKind: 'notBefore',
        court: '2',
        opponents: ['VERDI PAOLO'],
        page: 1,
        withPartner: false,
      },
    ]);
  });

  it('reads C3 as court 3, name first, and keeps a name without time or court', () => {
    const words = [...line('C3 10:30 Mario Rossi - Luca Bianchi', 40, 700)];
    expect(findMatch(words, { surname: 'ROSSI', name: 'MARIO' })).toMatchObject({
      time: '10:30',
      court: '3',
      opponents: ['Luca Bianchi'],
    });
    expect(
      findMatch(line('ROSSI MARIO - BIANCHI LUCA', 40, 700), { surname: 'Rossi', name: 'Mario' }),
    ).toEqual({
      date: null,
      time: null,
      timeKind: null,
      court: null,
      opponents: ['BIANCHI LUCA'],
      page: 1,
      withPartner: false,
    });
  });

  it('folds case, accents and apostrophes', () => {
    expect(fold('Nicolò D’Amico')).toBe('NICOLO D AMICO');
    expect(fold("NICOLO' D'AMICO")).toBe('NICOLO D AMICO');
  });
});
