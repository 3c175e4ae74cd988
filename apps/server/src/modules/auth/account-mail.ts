import type { Language } from '@radar/shared';
import type { Mailer } from '../../delivery/email/mailer';
import { type AccountEmail, renderAccountEmail } from '../../delivery/email/templates/account-emails';

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
