import { describe, expect, it } from 'vitest';
import { defaultDraw, ENTRANTS_SHOWN, shownEntrants } from './default-draw';

const entry = {
  participantId: 1,
  position: 26,
  total: 40,
  subscriptionDate: null,
  cutLine: 'inside' as const,
  reservePosition: null,
  partner: null,
};
const draw = (uuid: string, over: { entered?: boolean; followed?: boolean } = {}) => ({
  uuid,
  myEntry: over.entered ? entry : null,
  followed: over.followed ?? false,
});

describe('defaultDraw', () => {
  it('opens on the draw the card is entered in, before a followed one', () => {
    expect(defaultDraw([draw('W', { followed: true }), draw('M', { entered: true })])).toBe('M');
  });
  it('first on the draw the card plays in (its published draw has the user’s side)', () => {
    const playing = { ...draw('D'), draws: [{ myDraw: { status: 'playing' } }] };
    expect(defaultDraw([draw('M', { entered: true }), playing])).toBe('D');
    expect(defaultDraw([{ ...draw('M', { entered: true }), draws: [{ myDraw: null }] }, draw('W')])).toBe(
      'M',
    );
  });
  it('else on the followed draw, else the first; none without draws', () => {
    expect(defaultDraw([draw('W'), draw('M', { followed: true })])).toBe('M');
    expect(defaultDraw([draw('W'), draw('M')])).toBe('W');
    expect(defaultDraw([])).toBeUndefined();
  });
});

describe('shownEntrants', () => {
  const list = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
  it('shows the first rows, and the user’s row when it is further down', () => {
    expect(shownEntrants(list, 26, false).map((p) => p.id)).toEqual([
      ...Array.from({ length: ENTRANTS_SHOWN }, (_, i) => i + 1),
      26,
    ]);
    expect(shownEntrants(list, 3, false)).toHaveLength(ENTRANTS_SHOWN);
    expect(shownEntrants(list, undefined, false)).toHaveLength(ENTRANTS_SHOWN);
  });
  it('shows every row once expanded, or when there are few', () => {
    expect(shownEntrants(list, 26, true)).toHaveLength(30);
    expect(shownEntrants(list.slice(0, 8), 5, false)).toHaveLength(8);
  });
});
