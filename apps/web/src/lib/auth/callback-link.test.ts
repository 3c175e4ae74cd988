import { describe, expect, it } from 'vitest';
import { parseAuthCallbackLink } from './callback-link';

describe('auth callback links (spec §4)', () => {
  it('reads a success with its token, in the app protocol or its web+ variant', () => {
    expect(parseAuthCallbackLink('web+radartornei://auth/success?token=abc')).toEqual({
      kind: 'success',
      actionPath: 'auth/success',
      token: 'abc',
    });
    expect(parseAuthCallbackLink('radartornei:auth/success?token=xyz')).toMatchObject({
      kind: 'success',
      token: 'xyz',
    });
  });

  it('reads a failure from auth/error or an error parameter, falling back to unknown_error', () => {
    expect(parseAuthCallbackLink('radartornei://auth/error?message=access_denied')).toEqual({
      kind: 'error',
      actionPath: 'auth/error',
      message: 'access_denied',
    });
    expect(parseAuthCallbackLink('web+radartornei://auth/error')).toMatchObject({ message: 'unknown_error' });
    expect(parseAuthCallbackLink('web+radartornei://auth/success?error=expired')).toMatchObject({
      kind: 'error',
      message: 'expired',
    });
  });

  it('ignores links that are not auth callbacks', () => {
    for (const link of [
      'web+radartornei://auth/success',
      'web+radartornei://open/home?token=abc',
      'https://radartornei.it/auth/success?token=abc',
      'not a link',
    ]) {
      expect(parseAuthCallbackLink(link), link).toBeNull();
    }
  });
});
