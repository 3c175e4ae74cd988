import { type DevMailboxMessage, listDevMailbox } from '../../src/channels/email/mailer';
import type { Db } from '../../src/db/client';

/** Messages the dev mailbox kept for an address, newest first. */
export function mailTo(db: Db, to: string): Promise<DevMailboxMessage[]> {
  return listDevMailbox(db, { to });
}

/** The 6-digit code of the newest email to `to` (verification or reset). */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [message] = await mailTo(db, to);
  const code = message?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code;
}

/** A controllable clock for the app under test. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
