import { z } from 'zod';

/**
 * Text that cannot be stored or shown safely: the NUL character (PostgreSQL text refuses it)
 * and lone UTF-16 surrogates (not Unicode text at all; the database's encoding refuses them).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVALID_TEXT_GLOBAL = new RegExp(INVALID_TEXT.source, 'g');

/** Whether a string holds a NUL or a lone surrogate. */
export function hasInvalidText(value: string): boolean {
  return INVALID_TEXT.test(value);
}

/** Drops NUL characters and replaces lone surrogates with U+FFFD (text from outside, e.g. the federation). */
export function sanitizeText(value: string): string {
  if (!INVALID_TEXT.test(value)) return value;
  return value.replace(INVALID_TEXT_GLOBAL, (match) => (match === '\u0000' ? '' : '\uFFFD'));
}

/**
 * The paths of every string (value or key) holding invalid text in a parsed payload (body,
 * query, params), so the edge can refuse it with VALIDATION_ERROR before any schema or database
 * sees it. A bad key is reported at the path of its object.
 */
export function findInvalidText(input: unknown, maxDepth = 32): (string | number)[][] {
  const found: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[], depth: number) => {
    if (typeof value === 'string') {
      if (hasInvalidText(value)) found.push(path);
      return;
    }
    if (value === null || typeof value !== 'object' || depth > maxDepth) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(item, [...path, index], depth + 1);
      });
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      // A bad key is reported at its object: echoing it back as a field name would repeat it.
      if (hasInvalidText(key)) found.push(path);
      else walk(item, [...path, key], depth + 1);
    }
  };
  walk(input, [], 0);
  return found;
}

/**
 * A schema that first refuses invalid text anywhere in its input (`validation.invalidCharacters`
 * at the offending path), then parses with `schema`. The API wraps every route's params, query
 * and body in it; forms may too.
 */
export function refuseInvalidText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, context) => {
      for (const path of findInvalidText(value)) {
        context.addIssue({ code: 'custom', path, message: 'validation.invalidCharacters', input: value });
      }
    })
    .pipe(schema);
}
