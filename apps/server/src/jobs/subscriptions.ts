/**
 * The jobs of followed tournaments (issue 7): `remind` sends the registration-deadline
 * reminders every minute; `live-updates` turns new documents, orders of play and published
 * draws into notifications, asked for after every ingestion pass and every 5 minutes as a
 * safety net. Both are `stately`: at most one pass queued and one running across all workers
 * (the passes are safe concurrently anyway: SKIP LOCKED claims and a locked event cursor).
 */
import type { PgBoss } from 'pg-boss';
import { recordJobSuccess } from '../modules/health/job-runs.repository';
import { runLiveUpdates } from '../modules/subscriptions/live-updates.service';
import { runReminderPass } from '../modules/subscriptions/reminders.service';
import type { JobDefinition, JobDeps } from './definition';

export const REMIND_QUEUE = 'remind';
export const LIVE_UPDATES_QUEUE = 'live-updates';

type PassDeps = Pick<JobDeps, 'boss' | 'db' | 'now'>;
/** Live updates read new orders of play through the federation client (decision 204). */
type LiveDeps = Pick<JobDeps, 'boss' | 'db' | 'now' | 'federation' | 'logger'>;

export const remindJob: JobDefinition<PassDeps> = {
  name: REMIND_QUEUE,
  // A pass whose worker died is run again at once (its claims are in its transactions).
  queue: { policy: 'stately', retryLimit: 1, retryDelay: 0, expireInSeconds: 15 * 60 },
  cron: () => '* * * * *',
  work: { pollingIntervalSeconds: 2 },
  handler: (deps) => async () => {
    await runReminderPass({ db: deps.db, queue: deps.boss, now: deps.now });
    await recordJobSuccess(deps.db, REMIND_QUEUE, deps.now());
  },
};

export const liveUpdatesJob: JobDefinition<LiveDeps> = {
  name: LIVE_UPDATES_QUEUE,
  queue: { policy: 'stately', retryLimit: 1, retryDelay: 0, expireInSeconds: 15 * 60 },
  cron: () => '*/5 * * * *',
  work: { pollingIntervalSeconds: 2 },
  handler: (deps) => async () => {
    await runLiveUpdates({
      db: deps.db,
      queue: deps.boss,
      now: deps.now,
      federation: deps.federation,
      logger: deps.logger,
    });
    await recordJobSuccess(deps.db, LIVE_UPDATES_QUEUE, deps.now());
  },
};

/** Asks for a live-updates pass now (after an ingestion pass); null when one is already waiting. */
export function requestLiveUpdates(boss: PgBoss): Promise<string | null> {
  return boss.send(LIVE_UPDATES_QUEUE, { reason: 'ingested' });
}
