import type { z } from 'zod';

/** A translatable message: a catalogue key under `validation.` and its interpolation values. */
export type MessageRef = { key: string; params?: Record<string, string | number> };

/** Schemas give their own messages as catalogue keys, e.g. `validation.passwordsMismatch`. */
export const isMessageKey = (message: string): boolean => /^validation\.[A-Za-z]+$/.test(message);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Maps a zod issue to the generic validation texts of spec §5, so that the server's
 * VALIDATION_ERROR and the client's forms say the same thing in the user's language.
 * `input` is the value that was validated (to tell a missing field from a wrong one).
 */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): MessageRef {
  const value = valueAt(input, issue.path);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return { key: 'validation.required' };
  }
  if (isMessageKey(issue.message)) {
    // A custom rule may carry its interpolation values, e.g. the password's minimum length; a
    // length limit with its own message gets the limit as `count`.
    const params =
      issue.code === 'custom'
        ? (issue.params as MessageRef['params'])
        : issue.code === 'too_big' || issue.code === 'too_small'
          ? { count: Number(issue.code === 'too_big' ? issue.maximum : issue.minimum) }
          : undefined;
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? { key: 'validation.minLength', params: { count: Number(issue.minimum) } }
        : { key: 'validation.invalidValue' };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validation.maxLength', params: { count: Number(issue.maximum) } }
        : { key: 'validation.invalidValue' };
    case 'invalid_format':
      return issue.format === 'email'
        ? { key: 'validation.invalidEmail' }
        : { key: 'validation.invalidFormat' };
    default:
      return { key: 'validation.invalidValue' };
  }
}
