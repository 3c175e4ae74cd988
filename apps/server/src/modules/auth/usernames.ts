import { randomInt } from 'node:crypto';
import { USERNAME_MAX, USERNAME_MIN } from '@radar/shared';
import type { Db } from '../../db/client';
import { isUsernameTaken } from './auth.repository';

const SUFFIX_DIGITS = 4;

/**
 * A valid username (3-50 letters, digits, `_` and `-`) made from a name or an email's local
 * part: accents dropped, spaces as underscores, everything else removed.
 */
export function usernameBase(source: string): string {
  const ascii = source.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = ascii
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/[_-]{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
  // Room for "_1234" when the name is taken.
  const base = cleaned.slice(0, USERNAME_MAX - SUFFIX_DIGITS - 1);
  return base.length >= USERNAME_MIN ? base : `player${base ? `_${base}` : ''}`;
}

/** A free username for a new social sign-in account, from its name or email. */
export async function generateUsername(db: Db, source: string): Promise<string> {
  const base = usernameBase(source);
  if (!(await isUsernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = `${base}_${String(randomInt(0, 10 ** SUFFIX_DIGITS)).padStart(SUFFIX_DIGITS, '0')}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  return `player_${randomInt(0, 2 ** 32).toString(16)}`;
}
