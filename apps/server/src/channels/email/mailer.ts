import { desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { devMailboxMessages } from '../../db/schema';

export type OutgoingEmail = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

export type SentEmail = { messageId: string };

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(email: OutgoingEmail): Promise<SentEmail>;
  close(): Promise<void>;
}

const recipients = (to: string | string[]) => (Array.isArray(to) ? to : [to]);

/** Real delivery over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(email) {
      const info = await transport.sendMail({ from, ...email, to: recipients(email.to) });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL every message is kept in the database (so it survives restarts and is
 * shared by every process), written to the log and browsable at /dev/mailbox.
 */
export function createDevMailbox(db: Db, from: string, logger: Logger): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(email) {
      // A retry of a send whose worker died after keeping it (same Message-ID): kept once, as a
      // receiving mail system drops the duplicate (decision 031).
      const messageId = email.headers?.['Message-ID'];
      if (messageId) {
        const [kept] = await db
          .select({ id: devMailboxMessages.id })
          .from(devMailboxMessages)
          .where(sql`${devMailboxMessages.headers}->>'Message-ID' = ${messageId}`)
          .limit(1);
        if (kept) return { messageId: kept.id };
      }
      const [row] = await db
        .insert(devMailboxMessages)
        .values({
          from,
          to: recipients(email.to),
          subject: email.subject,
          text: email.text,
          html: email.html ?? null,
          headers: email.headers ?? {},
        })
        .returning({ id: devMailboxMessages.id });
      const id = row?.id ?? '';
      logger.info(
        { mailbox: id, to: recipients(email.to), subject: email.subject },
        'email kept in dev mailbox',
      );
      return { messageId: id };
    },
    async close() {},
  };
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  logger: Logger;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createDevMailbox(options.db, options.from, options.logger);
}

export type DevMailboxMessage = typeof devMailboxMessages.$inferSelect;

export async function listDevMailbox(db: Db, options: { to?: string; limit?: number } = {}) {
  const to = options.to?.trim().toLowerCase();
  return db
    .select()
    .from(devMailboxMessages)
    .where(
      to
        ? sql`exists (select 1 from unnest(${devMailboxMessages.to}) as recipient where lower(recipient) = ${to})`
        : undefined,
    )
    .orderBy(desc(devMailboxMessages.createdAt), desc(devMailboxMessages.id))
    .limit(options.limit ?? 100);
}

export async function findDevMailboxMessage(db: Db, id: string): Promise<DevMailboxMessage | undefined> {
  const [row] = await db.select().from(devMailboxMessages).where(eq(devMailboxMessages.id, id));
  return row;
}
