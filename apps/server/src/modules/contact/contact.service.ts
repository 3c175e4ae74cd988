/**
 * The contact form (spec §2, §8 Contact): a message is stored, then emailed to the team
 * address (CONTACT_TO); the sender is told it was sent only when the mailer accepted it.
 * Otherwise the stored row is removed and the answer is CONTACT_SEND_FAILED. (Not one
 * transaction: the dev mailbox writes to the same database, and PGlite has one connection.)
 */
import type { ContactBody, Language } from '@radar/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Mailer } from '../../channels/email/mailer';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../domain/errors';

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  /** The team address. */
  to: string;
  now: () => Date;
  log: Pick<Logger, 'warn' | 'error'>;
}

export type ContactSender = { userId: string | null; language: Language };

/**
 * A one-line field of the form as one line: line breaks (and the other vertical or control
 * characters) become spaces, so a name cannot add lines of its own ("Account: …") to the
 * sender's details the team reads (issue 28).
 */
export const oneLine = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** The email the team receives: the sender's details first, then the message as written. */
export function contactEmail(message: ContactBody, sender: ContactSender, id: string, at: Date) {
  return {
    subject: `[Radar Tornei] ${oneLine(message.subject)}`,
    text: [
      `From: ${oneLine(message.name)} <${oneLine(message.email)}>`,
      `Language: ${sender.language}`,
      `Account: ${sender.userId ?? '(not signed in)'}`,
      `Received: ${at.toISOString()}`,
      `Reference: ${id}`,
      '',
      message.message,
    ].join('\n'),
    headers: { 'Reply-To': message.email },
  };
}

/** Stores and emails a message. A filled honeypot is answered as sent, and nothing happens. */
export async function sendContactMessage(
  deps: ContactDeps,
  message: ContactBody,
  sender: ContactSender,
): Promise<void> {
  if (message.website?.trim()) {
    deps.log.warn({ honeypot: true }, 'contact message dropped: honeypot filled');
    return;
  }
  const at = deps.now();
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      userId: sender.userId,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      language: sender.language,
      createdAt: at,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message not stored');
  try {
    await deps.mailer.send({ to: deps.to, ...contactEmail(message, sender, row.id, at) });
  } catch (error) {
    // Not sent: nothing is kept, and the sender is told to try again.
    await deps.db.delete(contactMessages).where(eq(contactMessages.id, row.id));
    deps.log.error({ err: error }, 'contact message not sent');
    throw new AppError('CONTACT_SEND_FAILED', 502);
  }
  await deps.db.update(contactMessages).set({ emailedAt: deps.now() }).where(eq(contactMessages.id, row.id));
}
