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
import { attemptKey, countAttempt, readAttempt } from './attempts.repository';
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

/** How many times one client's budget of resends an address gets in all. */
export const ADDRESS_SEND_FACTOR = 3;

/** The refusal of a send: within the cooldown of the last one, or past the hourly budget. */
function sendRefusal(
  lastSentAt: Date,
  windowStartedAt: Date,
  resends: number,
  now: Date,
): IssueResult | null {
  const sinceLastSend = now.getTime() - lastSentAt.getTime();
  if (sinceLastSend < RESEND_COOLDOWN_MS) {
    return {
      ok: false,
      reason: 'too-soon',
      secondsLeft: Math.ceil((RESEND_COOLDOWN_MS - sinceLastSend) / 1000),
    };
  }
  const windowOver = now.getTime() - windowStartedAt.getTime() >= RESEND_WINDOW_MS;
  if (!windowOver && resends >= MAX_RESENDS_PER_HOUR) return { ok: false, reason: 'too-many' };
  return null;
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
    /** The client asking (its IP key): resend limits then hold per client and address. */
    requester?: string;
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
    const countSend = () =>
      options.requester
        ? countAttempt(tx, attemptKey('send', purpose, emailHash, options.requester), now, RESEND_WINDOW_MS)
        : null;
    if (inserted) {
      await countSend();
      return { ok: true, code, resent: false };
    }

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
      await countSend();
      await updateCode(tx, row.id, { ...fresh, resends: 0, windowStartedAt: now });
      return { ok: true, code, resent: false };
    }

    const windowOver = now.getTime() - row.windowStartedAt.getTime() >= RESEND_WINDOW_MS;
    if (options.requester) {
      // The cooldown and the hourly budget hold per client asking (issue 16): someone asking
      // for another person's address cannot make them wait or use up their resends. The
      // address as a whole gets ADDRESS_SEND_FACTOR times the budget, to spare its mailbox.
      const sendKey = attemptKey('send', purpose, emailHash, options.requester);
      const sent = await readAttempt(tx, sendKey);
      const refused = sent && sendRefusal(sent.updatedAt, sent.windowStartedAt, sent.count - 1, now);
      if (refused) return refused;
      if (!windowOver && row.resends >= MAX_RESENDS_PER_HOUR * ADDRESS_SEND_FACTOR) {
        return { ok: false, reason: 'too-many' };
      }
      await countSend();
    } else {
      const refused = sendRefusal(row.lastSentAt, row.windowStartedAt, row.resends, now);
      if (refused) return refused;
    }

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
    /**
     * An address without a code gets a row without one, whose wrong tries count like any other
     * (verification: an unknown or verified address must answer like a wrong code).
     */
    countUnknown?: boolean;
  },
): Promise<CheckResult> {
  const { purpose, code, now, onValid } = options;
  const emailHash = hashEmail(options.email);
  return db.transaction(async (tx): Promise<CheckResult> => {
    let row = await lockCode(tx, purpose, emailHash);
    if (!row && options.countUnknown) {
      await insertCode(tx, {
        id: randomUUID(),
        purpose,
        emailHash,
        userId: null,
        codeHash: null,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        attempts: 0,
        // Nothing was sent: a resend right after must not be refused as too soon.
        lastSentAt: new Date(0),
        resends: 0,
        windowStartedAt: new Date(0),
      });
      row = await lockCode(tx, purpose, emailHash);
    }
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

/**
 * A new code for the address's code row when it is still the user's and still usable (a reset
 * email whose first send failed, retried from the account-email queue: decision 192). Expiry,
 * attempts and the resend counters stay as they were: the retry is the same request, and the
 * code it replaces never reached anyone. Null when there is nothing to send any more (expired,
 * used up, replaced by another account's row).
 */
export async function reissueCode(
  db: Db,
  options: { purpose: AuthCodePurpose; email: string; userId: string; now: Date },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await lockCode(tx, options.purpose, hashEmail(options.email));
    if (!row || row.userId !== options.userId || !row.codeHash) return null;
    if (row.expiresAt <= options.now || row.attempts >= MAX_CODE_ATTEMPTS) return null;
    const code = generateCode();
    await updateCode(tx, row.id, { codeHash: hashCode(row.id, code) });
    return code;
  });
}
