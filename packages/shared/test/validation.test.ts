import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from '../src/validation';

const schema = z
  .object({
    username: z.string().min(3).max(50),
    email: z.email(),
    code: z.string().regex(/^\d{6}$/),
    age: z.number().int().min(1),
    a: z.string(),
    b: z.string(),
  })
  .refine((v) => v.a === v.b, { message: 'validation.passwordsMismatch', path: ['b'] });

const describeAll = (input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), describeIssue(issue, input)]),
  );
};

describe('describeIssue', () => {
  it('maps each kind of problem to a spec §5 text key', () => {
    expect(describeAll({ username: 'ab', email: 'x', code: '12', age: 0, a: 'p', b: 'q' })).toEqual({
      username: { key: 'validation.minLength', params: { count: 3 } },
      email: { key: 'validation.invalidEmail' },
      code: { key: 'validation.invalidFormat' },
      age: { key: 'validation.invalidValue' },
      b: { key: 'validation.passwordsMismatch' },
    });
    expect(
      describeAll({ username: 'x'.repeat(51), email: 'a@b.it', code: '123456', age: 2, a: 'p', b: 'p' }),
    ).toEqual({
      username: { key: 'validation.maxLength', params: { count: 50 } },
    });
  });

  it('says a missing, null or blank field is required', () => {
    expect(
      describeAll({ username: '   ', email: null, code: '123456', age: 3, a: 'p', b: 'p' }),
    ).toMatchObject({
      email: { key: 'validation.required' },
    });
    expect(describeAll({ email: 'a@b.it', code: '123456', age: 3, a: 'p', b: 'p' })).toEqual({
      username: { key: 'validation.required' },
    });
  });
});
