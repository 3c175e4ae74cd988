import { describe, expect, it } from 'vitest';
import { drawName } from './competition-labels';
import { i18n } from './i18n';

const draw = {
  description: 'Singolare Maschile 4a categoria',
  type: 'Maschile',
  categoryClass: 4,
  ageCategory: 'open',
};

describe('drawName', () => {
  it('keeps the federation’s words in Italian', () => {
    expect(drawName(i18n.getFixedT('it'), 'it', draw)).toBe('Singolare Maschile 4a categoria');
  });

  it('says the draw in English from its type, class and age, never in Italian', () => {
    expect(drawName(i18n.getFixedT('en'), 'en', draw)).toBe("Men's singles · Category 4 · Open");
    expect(drawName(i18n.getFixedT('en'), 'en', { ...draw, type: 'Misto', categoryClass: null })).toBe(
      'Mixed doubles · Open',
    );
  });

  it('falls back to the federation’s words when the type is unknown', () => {
    expect(
      drawName(i18n.getFixedT('en'), 'en', { ...draw, description: 'Tabellone unico', type: null }),
    ).toBe('Tabellone unico');
  });
});
