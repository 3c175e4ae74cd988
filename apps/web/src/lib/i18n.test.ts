import { STORAGE_KEYS } from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { detectLanguage, getInitialLanguage, i18n, mergeCatalogues, setLanguage } from './i18n';

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('en', ['it-IT'])).toBe('en');
    expect(detectLanguage('it', ['en-US'])).toBe('it');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(detectLanguage('de', ['en-GB'])).toBe('en');
  });

  it('falls back to the first supported browser language', () => {
    expect(detectLanguage(null, ['en-US', 'it'])).toBe('en');
    expect(detectLanguage(null, ['IT-it'])).toBe('it');
    expect(detectLanguage(null, ['de-DE', 'fr', 'en'])).toBe('en');
  });

  it('defaults to Italian', () => {
    expect(detectLanguage(null, ['de-DE', 'fr-FR'])).toBe('it');
    expect(detectLanguage(null, [])).toBe('it');
  });

  it('reads the stored choice from localStorage', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'en');
    expect(getInitialLanguage()).toBe('en');
  });
});

describe('setLanguage', () => {
  it('switches the texts, stores the choice and sets <html lang>', async () => {
    expect(i18n.t('theme.label')).toBe('Tema');

    await setLanguage('en');

    expect(i18n.t('theme.label')).toBe('Theme');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await setLanguage('it');
    expect(document.documentElement.lang).toBe('it');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('it');
  });
});

describe('Italian elision', () => {
  it('elides the article before a date every Italian text receives, and leaves English alone', async () => {
    await setLanguage('it');
    expect(i18n.t('explore.card.registrationCloses', { date: '8 dic 2026, 12:00' })).toBe(
      'Iscrizioni entro l’8 dic 2026, 12:00',
    );
    expect(i18n.t('explore.card.registrationCloses', { date: '12 dic 2026, 12:00' })).toBe(
      'Iscrizioni entro il 12 dic 2026, 12:00',
    );
    await setLanguage('en');
    expect(i18n.t('explore.card.registrationCloses', { date: '8 Dec 2026, 12:00' })).toMatch(/8 Dec 2026/);
    await setLanguage('it');
  });
});

describe('mergeCatalogues', () => {
  it('merges nested groups and keeps both sides', () => {
    expect(
      mergeCatalogues(
        { validation: { required: 'R' }, errors: { A: 'a' } },
        { validation: { card: { x: 'X' } } },
      ),
    ).toEqual({ validation: { required: 'R', card: { x: 'X' } }, errors: { A: 'a' } });
  });
});
