/**
 * Auth callback links (spec §4): links of the app's custom protocol (`radartornei:` or the
 * browser-registered `web+radartornei:`) that end a sign-in started elsewhere, e.g.
 * `web+radartornei://auth/success?token=…` or `web+radartornei://auth/error?message=…`.
 */
export const AUTH_LINK_PROTOCOLS = ['radartornei:', 'web+radartornei:'] as const;
/** The browser hands a registered `web+` link to the app as this query parameter of `/`. */
export const AUTH_LINK_PARAM = 'authLink';
export const UNKNOWN_ERROR = 'unknown_error';

export type AuthCallbackLink =
  | { kind: 'success'; actionPath: string; token: string }
  | { kind: 'error'; actionPath: string; message: string };

/**
 * Reads a link into its action path, token and error: `auth/success` with a token is a
 * success; `auth/error` or an `error` parameter is a failure (its message, else the `error`
 * value, else unknown_error). Anything else is not an auth callback link (null).
 */
export function parseAuthCallbackLink(link: string): AuthCallbackLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!(AUTH_LINK_PROTOCOLS as readonly string[]).includes(url.protocol)) return null;
  // `scheme://auth/success` puts "auth" in the host; `scheme:auth/success` in the path.
  const actionPath = `${url.host}${url.pathname}`.replace(/^\/+/, '').replace(/\/+$/, '');
  const params = url.searchParams;
  const token = params.get('token');
  const error = params.get('error');
  if (actionPath.includes('auth/error') || error !== null) {
    const message = params.get('message') || error || UNKNOWN_ERROR;
    return { kind: 'error', actionPath, message };
  }
  if (actionPath.includes('auth/success') && token) return { kind: 'success', actionPath, token };
  return null;
}
