/**
 * The jobs of followed tournaments (issue 7): `remind` sends the registration-deadline
 * reminders every minute; `live-updates` turns new documents, orders of play and draws into
 * notifications, asked for after every ingestion pass and every 5 minutes as a safety net.
 * Both are `stately`: at most one pass queued and one running across all workers (the passes
 * are safe concurrently anyway: SKIP LOCKED claims and a locked event cursor).
 */
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { type LiveUpdatesDeps, runLiveUpdates } from '../modules/subscriptions/live-updates.service';
import { runReminderPass } from '../modules/subscriptions/reminders.service';

export const REMIND_QUEUE = 'remind';
export const LIVE_UPDATES_QUEUE = 'live-updates';

/** Declares the queues and their schedules (idempotent; safe from every process). */
export async function scheduleSubscriptionJobs(boss: PgBoss): Promise<void> {
  const options = { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 } as const;
  await boss.createQueue(REMIND_QUEUE, options);
  await boss.createQueue(LIVE_UPDATES_QUEUE, options);
  await boss.schedule(REMIND_QUEUE, '* * * * *', null, { tz: 'Europe/Rome' });
  await boss.schedule(LIVE_UPDATES_QUEUE, '*/5 * * * *', null, { tz: 'Europe/Rome' });
}

export async function workSubscriptionJobs(boss: PgBoss, deps: { db: Db; now: () => Date }): Promise<void> {
  const passDeps: LiveUpdatesDeps = { db: deps.db, queue: boss, now: deps.now };
  await boss.work(REMIND_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await runReminderPass(passDeps);
  });
  await boss.work(LIVE_UPDATES_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await runLiveUpdates(passDeps);
  });
}

/** Asks for a live-updates pass now (after an ingestion pass); null when one is already waiting. */
export function requestLiveUpdates(boss: PgBoss): Promise<string | null> {
  return boss.send(LIVE_UPDATES_QUEUE, { reason: 'ingested' });
}
