import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SUCCESS_CODES } from '../src/errors';
import { sharedCatalogues, translateShared } from '../src/i18n';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('shared catalogues', () => {
  const it_ = flatten(sharedCatalogues.it as unknown as Tree);
  const en = flatten(sharedCatalogues.en as unknown as Tree);

  it('have the same keys in Italian and English, none empty, same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(it_).sort());
    for (const [key, text] of Object.entries(it_)) {
      expect(text.trim(), key).not.toBe('');
      expect(en[key]?.trim(), key).not.toBe('');
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('translate every error and success code', () => {
    for (const code of ERROR_CODES) {
      expect(it_[`errors.${code}`], code).toBeTruthy();
      expect(en[`errors.${code}`], code).toBeTruthy();
    }
    for (const code of SUCCESS_CODES) {
      expect(it_[`success.${code}`], code).toBeTruthy();
    }
  });

  it('keep the spec texts', () => {
    expect(translateShared('it', 'errors.EMAIL_ALREADY_EXISTS')).toBe('Email già registrata.');
    expect(translateShared('en', 'validation.required')).toBe('This field is required');
    expect(translateShared('en', 'validation.minLength', { count: 8 })).toBe('Must be at least 8 characters');
    expect(translateShared('en', 'validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(translateShared('en', 'errors.UNAUTHORIZED')).toBe(
      'You need to be logged in to access this resource',
    );
    expect(translateShared('en', 'errors.FORBIDDEN')).toBe(
      "You don't have permission to access this resource",
    );
  });

  it('fall back to the key for an unknown one', () => {
    expect(translateShared('it', 'errors.NOPE')).toBe('errors.NOPE');
  });
});
