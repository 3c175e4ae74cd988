import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_TTL_MINUTES,
  MAX_CODE_ATTEMPTS,
  MAX_RESENDS_PER_HOUR,
  RESEND_COOLDOWN_SECONDS,
} from '@radar/shared';
import type { Db, Tx } from '../../db/client';
import type { AuthCodePurpose } from '../../db/schema';
import { deleteCode, insertCode, lockCode, updateCode } from './codes.repository';

/** Limits of verification and reset codes (issue 3). */
export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
export const RESEND_COOLDOWN_MS = RESEND_COOLDOWN_SECONDS * 1000;
/** Resends are counted per hour, from the first send of the hour. */
export const RESEND_WINDOW_MS = 60 * 60_000;

/** The key of an address in auth_codes: its SHA-256, never the address itself. */
export function hashEmail(email: string): string {
  return createHash('sha256').update(`email:${email.trim().toLowerCase()}`).digest('hex');
}

function hashCode(rowId: string, code: string): string {
  return createHash('sha256').update(`${rowId}:${code}`).digest('hex');
}

function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export type IssueResult =
  /** A code to send (null for an address without an account); `resent` when one was still active. */
  | { ok: true; code: string | null; resent: boolean }
  | { ok: false; reason: 'too-soon'; secondsLeft: number }
  | { ok: false; reason: 'too-many' };

/**
 * Issues a new code for an address, replacing the previous one.
 *
 * - `fresh` (registration): starts over, whatever was there.
 * - `resend`: not within RESEND_COOLDOWN_SECONDS of the last send, and at most
 *   MAX_RESENDS_PER_HOUR resends in the hour that started with the first send.
 *
 * `userId` null issues no code but keeps the counters, so an address without an account
 * answers exactly like one with an account.
 */
export async function issueCode(
  db: Db,
  options: {
    purpose: AuthCodePurpose;
    email: string;
    userId: string | null;
    mode: 'fresh' | 'resend';
    now: Date;
  },
): Promise<IssueResult> {
  const { purpose, userId, mode, now } = options;
  const emailHash = hashEmail(options.email);
  return db.transaction(async (tx) => {
    const code = userId ? generateCode() : null;
    const id = randomUUID();
    const inserted = await insertCode(tx, {
      id,
      purpose,
      emailHash,
      userId,
      codeHash: code ? hashCode(id, code) : null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      attempts: 0,
      lastSentAt: now,
      resends: 0,
      windowStartedAt: now,
    });
    if (inserted) return { ok: true, code, resent: false };

    const row = await lockCode(tx, purpose, emailHash);
    if (!row) throw new Error('auth code row vanished while locked');
    const fresh = {
      userId,
      codeHash: code ? hashCode(row.id, code) : null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      attempts: 0,
      lastSentAt: now,
    };
    if (mode === 'fresh') {
      await updateCode(tx, row.id, { ...fresh, resends: 0, windowStartedAt: now });
      return { ok: true, code, resent: false };
    }

    const sinceLastSend = now.getTime() - row.lastSentAt.getTime();
    if (sinceLastSend < RESEND_COOLDOWN_MS) {
      return {
        ok: false,
        reason: 'too-soon',
        secondsLeft: Math.ceil((RESEND_COOLDOWN_MS - sinceLastSend) / 1000),
      };
    }
    const windowOver = now.getTime() - row.windowStartedAt.getTime() >= RESEND_WINDOW_MS;
    if (!windowOver && row.resends >= MAX_RESENDS_PER_HOUR) return { ok: false, reason: 'too-many' };

    const wasActive = row.expiresAt > now && row.attempts < MAX_CODE_ATTEMPTS;
    await updateCode(
      tx,
      row.id,
      windowOver ? { ...fresh, resends: 0, windowStartedAt: now } : { ...fresh, resends: row.resends + 1 },
    );
    return { ok: true, code, resent: wasActive };
  });
}

export type CheckResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'missing' | 'expired' | 'exhausted' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number };

/**
 * Checks a code. A wrong one counts as a try (MAX_CODE_ATTEMPTS per code, then the code is
 * dead); the right one is consumed and `onValid` runs in the same transaction, so the code
 * cannot be used twice and the change it unlocks happens with it or not at all.
 */
export async function checkCode(
  db: Db,
  options: {
    purpose: AuthCodePurpose;
    email: string;
    code: string;
    now: Date;
    onValid: (tx: Tx, userId: string) => Promise<void>;
  },
): Promise<CheckResult> {
  const { purpose, code, now, onValid } = options;
  return db.transaction(async (tx): Promise<CheckResult> => {
    const row = await lockCode(tx, purpose, hashEmail(options.email));
    if (!row) return { ok: false, reason: 'missing' };
    if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'exhausted' };
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' };

    const matches =
      row.codeHash !== null &&
      row.userId !== null &&
      timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hashCode(row.id, code), 'hex'));
    if (!matches || !row.userId) {
      await updateCode(tx, row.id, { attempts: row.attempts + 1 });
      return { ok: false, reason: 'wrong', attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - row.attempts - 1) };
    }
    await deleteCode(tx, row.id);
    await onValid(tx, row.userId);
    return { ok: true, userId: row.userId };
  });
}
