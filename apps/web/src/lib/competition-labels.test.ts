import { describe, expect, it } from 'vitest';
import { drawName, sectionTitle } from './competition-labels';
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

describe('sectionTitle', () => {
  it('drops the federation’s section code and names the stage in the interface’s language', () => {
    expect(sectionTitle(i18n.getFixedT('it'), 'SM4_Tabellone finale')).toBe('Tabellone finale');
    expect(sectionTitle(i18n.getFixedT('it'), 'SFU14_Tabellone iniziale 4.6-3.5')).toBe(
      'Tabellone iniziale 4.6-3.5',
    );
    expect(sectionTitle(i18n.getFixedT('en'), 'SFU14_Tabellone finale')).toBe('Main draw');
    expect(sectionTitle(i18n.getFixedT('en'), 'SMU10_Tabellone iniziale U9')).toBe('Qualifying draw U9');
    expect(sectionTitle(i18n.getFixedT('en'), 'Tabellone intermedio')).toBe('Intermediate draw');
  });

  it('keeps other words as the federation writes them, without the code', () => {
    expect(sectionTitle(i18n.getFixedT('en'), 'SM4_Girone A')).toBe('Girone A');
    expect(sectionTitle(i18n.getFixedT('it'), 'Tabellone unico')).toBe('Tabellone unico');
  });
});
