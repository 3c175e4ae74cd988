import type { Language } from '@radar/shared';
import type { Mailer } from '../../channels/email/mailer';
import { type AccountEmail, renderAccountEmail } from '../../channels/email/templates/account-emails';
import type { Db } from '../../db/client';
import { findUserById } from './auth.repository';
import { reissueCode } from './codes';

/** Sends one account email (verification, welcome, reset) in the user's language. */
export async function sendAccountEmail(
  mailer: Mailer,
  to: string,
  language: Language,
  email: AccountEmail,
): Promise<void> {
  const { subject, text, html } = renderAccountEmail(language, email);
  await mailer.send({ to, subject, text, html });
}

/**
 * The queue of account emails whose first send failed (decision 192): retried with the
 * backoff of notification emails (30 s → 1 h) while their code can still be used.
 */
export const ACCOUNT_EMAIL_QUEUE = 'account-email';

/** A failed account email: whose, and which. No code: each retry issues its own. */
export type AccountEmailJob = { kind: 'password-reset'; userId: string };

/**
 * One retry of a failed password-reset email: a new code for the user's still-usable reset
 * row (the failed one never arrived), sent now. Nothing to send (the code expired, was used,
 * the account is gone) ends the retries; a failed send throws, so the queue tries again.
 */
export async function retryAccountEmail(
  deps: { db: Db; mailer: Mailer; now: () => Date },
  job: AccountEmailJob,
): Promise<'sent' | 'nothing-to-send'> {
  const user = await findUserById(deps.db, job.userId);
  if (!user) return 'nothing-to-send';
  const code = await reissueCode(deps.db, {
    purpose: 'password_reset',
    email: user.email,
    userId: user.id,
    now: deps.now(),
  });
  if (!code) return 'nothing-to-send';
  await sendAccountEmail(deps.mailer, user.email, user.language, {
    kind: 'password-reset',
    username: user.username,
    code,
  });
  return 'sent';
}
