import { describe, expect, it } from 'vitest';
import { deleteAccountBodySchema, isStrongPassword, registerBodySchema } from '../src/auth';
import { safeRedirectPath } from '../src/auth-links';
import { describeIssue } from '../src/validation';

describe('account rules', () => {
  it('want passwords of 8 characters with upper, lower and digit', () => {
    expect(isStrongPassword('Tennis2024')).toBe(true);
    expect(isStrongPassword('Èstate99')).toBe(true);
    for (const weak of ['Tennis1', 'tennis2024', 'TENNIS2024', 'TennisTennis', '']) {
      expect(isStrongPassword(weak), weak).toBe(false);
    }
  });

  it('explain a weak password with its minimum length', () => {
    const result = registerBodySchema.safeParse({
      username: 'mario',
      email: 'm@example.it',
      password: 'weak',
      confirmPassword: 'weak',
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue && describeIssue(issue, {})).toEqual({ key: 'validation.required' });
    expect(issue && describeIssue(issue, { password: 'weak' })).toEqual({
      key: 'validation.passwordStrength',
      params: { count: 8 },
    });
  });

  it('normalise the email and accept the deletion word in either language', () => {
    const parsed = registerBodySchema.parse({
      username: 'mario',
      email: ' Mario@Example.IT ',
      password: 'Tennis2024',
      confirmPassword: 'Tennis2024',
    });
    expect(parsed.email).toBe('mario@example.it');
    expect(deleteAccountBodySchema.safeParse({ confirmation: 'elimina' }).success).toBe(true);
    expect(deleteAccountBodySchema.safeParse({ confirmation: 'DELETE' }).success).toBe(true);
    expect(deleteAccountBodySchema.safeParse({ confirmation: 'delete me' }).success).toBe(false);
  });

  it('follow a redirect only to a path of this site', () => {
    expect(safeRedirectPath('/filters?x=1')).toBe('/filters?x=1');
    expect(safeRedirectPath('/explore?q=caff%C3%A8%20bar')).toBe('/explore?q=caff%C3%A8%20bar');
    for (const unsafe of [
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/%09/evil.test',
      '/\t/evil.test',
      '/%0d%0aSet-Cookie:%20x=1',
      '/\r\nSet-Cookie: x=1',
      '/%2F/evil.test',
      '/%252F/evil.test',
      '/%5Cevil.test',
      '/%E0%A4%A',
      '/\u0000',
      'filters',
      '',
      undefined,
      42,
    ]) {
      expect(safeRedirectPath(unsafe), String(unsafe)).toBe('/home');
    }
  });
});
