import { ERROR_CODES, SUCCESS_CODES, sharedCatalogues } from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';
import en from './en.json';
import itCatalogue from './it.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree as Tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

/** `{{name}}` interpolations and `<tag>` markup a translation must keep. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
}

const app = { it: flatten(resources.it.translation), en: flatten(resources.en.translation) };
const web = { it: flatten(itCatalogue), en: flatten(en) };
const shared = { it: flatten(sharedCatalogues.it), en: flatten(sharedCatalogues.en) };

const tEn = i18n.getFixedT('en');
const tIt = i18n.getFixedT('it');

describe('catalogues', () => {
  it('have exactly the same keys in Italian and English', () => {
    expect(Object.keys(web.en).sort()).toEqual(Object.keys(web.it).sort());
    expect(Object.keys(app.en).sort()).toEqual(Object.keys(app.it).sort());
  });

  it('have no empty texts', () => {
    for (const language of ['it', 'en'] as const) {
      for (const [key, text] of Object.entries(app[language])) {
        expect(text.trim(), `${language}: ${key}`).not.toBe('');
      }
    }
  });

  it('keep the same placeholders and markup in both languages', () => {
    for (const [key, text] of Object.entries(app.it)) {
      expect(placeholders(app.en[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('include the shared texts and never redefine one of them', () => {
    for (const language of ['it', 'en'] as const) {
      for (const [key, text] of Object.entries(shared[language])) {
        expect(app[language][key], key).toBe(text);
        expect(web[language], key).not.toHaveProperty([key]);
      }
    }
  });

  it('translate every API error and success code', () => {
    for (const language of ['it', 'en'] as const) {
      for (const code of ERROR_CODES) expect(app[language][`errors.${code}`], code).toBeTruthy();
      for (const code of SUCCESS_CODES) expect(app[language][`success.${code}`], code).toBeTruthy();
    }
    expect(tIt('errors.EMAIL_ALREADY_EXISTS')).toMatch(/^Email già registrata/);
  });

  it('hold the validation texts of spec §5', () => {
    expect(tEn('validation.required')).toBe('This field is required');
    expect(tEn('validation.minLength', { count: 8 })).toBe('Must be at least 8 characters');
    expect(tEn('validation.maxLength', { count: 50 })).toBe('Must be no more than 50 characters');
    expect(tEn('validation.invalidFormat')).toBe('Invalid format');
    expect(tEn('validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(tEn('validation.contactMessageTooLong', { count: 5000 })).toBe(
      'Message is too long. Please keep it under 5000 characters.',
    );

    expect(tEn('validation.card.required')).toBe('Please enter your membership card number');
    expect(tIt('validation.card.required')).toBe('Inserisci il tuo numero di tessera');
    expect(tEn('validation.card.tooShort')).toBe('Membership card number is too short');
    expect(tIt('validation.card.tooShort')).toBe('Il numero di tessera è troppo corto');
    expect(tEn('validation.card.digitsOnly')).toBe('Membership card should contain only numbers');
    expect(tIt('validation.card.digitsOnly')).toBe('La tessera deve contenere solo numeri');
    expect(tIt('validation.card.invalid')).toBe('Numero di tessera non valido. Controlla e riprova.');
    expect(tIt('validation.duplicateFilterName')).toBe('Esiste già un filtro con questo nome');
  });

  it('hold the permission texts of spec §6', () => {
    expect(tEn('errors.UNAUTHORIZED')).toBe('You need to be logged in to access this resource');
    expect(tEn('errors.FORBIDDEN')).toBe("You don't have permission to access this resource");
  });

  it('hold the HTTP-level messages of spec §8', () => {
    const keys = [
      'http.networkError',
      'http.timeout',
      'errors.UNAUTHORIZED',
      'errors.FORBIDDEN',
      'errors.NOT_FOUND',
      'errors.CONFLICT',
      'errors.SERVER_ERROR',
      'errors.BAD_REQUEST',
      'errors.METHOD_NOT_ALLOWED',
      'errors.TOO_MANY_REQUESTS',
      'errors.SERVICE_UNAVAILABLE',
      'errors.SESSION_EXPIRED',
      'http.rateLimited',
      'http.maintenance',
    ];
    for (const key of keys) {
      expect(app.it[key], key).toBeTruthy();
      expect(app.en[key], key).toBeTruthy();
    }
    expect(tEn('errors.SESSION_EXPIRED')).toBe('Session expired, please log in again');
  });

  it("name the languages in their own language, whatever the interface's", () => {
    for (const t of [tEn, tIt]) {
      expect(t('language.it')).toBe('Italiano');
      expect(t('language.en')).toBe('English');
    }
  });
});
