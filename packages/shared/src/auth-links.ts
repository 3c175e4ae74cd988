/**
 * The account helpers the signed-out screens need without any schema (zod stays out of the
 * landing's and the sign-in screens' first load: decision 160).
 */

/**
 * Values of `?error=` on /auth/login after a failed social sign-in (spec §4 "Auth callback
 * links": any other value shows as unknown_error).
 */
export const AUTH_LINK_ERRORS = [
  'unknown_error',
  'access_denied',
  'provider_unavailable',
  'sign_in_failed',
  'email_missing',
] as const;
export type AuthLinkError = (typeof AUTH_LINK_ERRORS)[number];

/** C0 and C1 control characters (tab, CR, LF, NUL…): browsers drop some of them from URLs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Where to go after signing in: the redirect target only if it is a path of this site (spec §5).
 * One rule for client and server: after percent-decoding (repeatedly, so double encoding does
 * not hide anything), a path that starts with a single `/`, with no control characters and no
 * backslashes. Browsers drop tabs and newlines and read `\` as `/`, so `/%09/evil.test` or
 * `/\evil.test` would otherwise lead to another site; a CR/LF would break the Location header.
 */
export function isSafeRedirectPath(value: string): boolean {
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    if (!current.startsWith('/') || current.startsWith('//')) return false;
    if (CONTROL_CHARACTERS.test(current) || current.includes('\\')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still encoded after several rounds: nobody needs that.
  return false;
}

export function safeRedirectPath(value: unknown, fallback = '/home'): string {
  return typeof value === 'string' && value.length <= 2000 && isSafeRedirectPath(value) ? value : fallback;
}
