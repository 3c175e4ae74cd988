import { createHmac, timingSafeEqual } from 'node:crypto';

/** Unsubscribe links work for 30 days (spec §6: signed and expiring). */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const VERSION = 'v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sign = (secret: Buffer, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`unsubscribe.${VERSION}.${userId}.${expires}`).digest();

/** `v1.<userId>.<expiry, seconds since the epoch>.<HMAC-SHA256, base64url>`. */
export function createUnsubscribeToken(secret: Buffer, userId: string, now: Date): string {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000);
  return `${VERSION}.${userId}.${expires}.${sign(secret, userId, expires).toString('base64url')}`;
}

export type UnsubscribeTokenCheck =
  | { ok: true; userId: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a token: malformed or a signature that does not match is `invalid` (tampered with);
 * a genuine one past its expiry is `expired`. Whether the user still exists is the caller's.
 */
export function verifyUnsubscribeToken(secret: Buffer, token: string, now: Date): UnsubscribeTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [version, userId = '', expiresText = '', signatureText = ''] = parts;
  if (version !== VERSION || !UUID.test(userId) || !/^\d{1,12}$/.test(expiresText)) {
    return { ok: false, reason: 'invalid' };
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(signatureText)) return { ok: false, reason: 'invalid' };
  const expires = Number(expiresText);
  const expected = sign(secret, userId, expires);
  const given = Buffer.from(signatureText, 'base64url');
  // Base64 is malleable in its last character's spare bits: only the canonical text is accepted.
  if (given.toString('base64url') !== signatureText) return { ok: false, reason: 'invalid' };
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  const expiresAt = new Date(expires * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId, expiresAt };
}
