import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { type CardRadarSummary, runCardRadar } from '../modules/fitp/card-radar.service';
import { recordJobSuccess } from '../modules/health/job-runs.repository';
import { readFederationStatus } from '../modules/ingestion/ingestion.repository';
import {
  type IngestionDeps,
  type IngestionSummary,
  runIngestion,
} from '../modules/ingestion/ingestion.service';
import type { JobDefinition } from './definition';
import { requestMatching } from './match';
import { requestLiveUpdates } from './subscriptions';

export const INGEST_QUEUE = 'ingest';

/** Every N minutes (N divides an hour) or every N/60 hours, on the hour (Europe/Rome). */
export function ingestCron(intervalMinutes: number): string {
  if (intervalMinutes < 60) return intervalMinutes === 1 ? '* * * * *' : `*/${intervalMinutes} * * * *`;
  const hours = intervalMinutes / 60;
  return hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

/**
 * Reads the federation's calendar every INGEST_INTERVAL_MINUTES. The `stately` policy keeps at
 * most one pass queued and one running across all workers: two passes never overlap, and a slow
 * pass does not pile up more behind it. A pass that recorded new competitions asks for a
 * matching run at once (docs/decisions/040), one that recorded new documents, orders of play
 * or published draws a live-updates run (decision 060), so both reach their users right after
 * the pass. Then the card radar tells card holders who entered or left an entry list
 * (docs/decisions/102). Every queue is declared before any worker starts (server.ts).
 */
export const ingestJob: JobDefinition<IngestionDeps & { boss: PgBoss }> = {
  name: INGEST_QUEUE,
  // A pass of the whole calendar takes minutes: one still beating after 30 is stuck. A pass
  // whose worker died is failed by its missing heartbeat and run again at once (issue 16).
  queue: { policy: 'stately', retryLimit: 1, retryDelay: 0, expireInSeconds: 30 * 60 },
  cron: (settings) => ingestCron(settings.ingestIntervalMinutes),
  work: { pollingIntervalSeconds: 2 },
  handler: (deps) => async () => {
    await runIngestPass(deps);
  },
};

/**
 * THE ingestion pass, scheduled or `npm run ingest` alike: reads what cadence.ts says is due,
 * records the job's success, asks for matching and live updates when the pass recorded what they
 * act on, then runs the card radar over the entry lists the pass wrote (docs/decisions/102, 181).
 */
export async function runIngestPass(
  deps: IngestionDeps & { boss: PgBoss },
): Promise<{ summary: IngestionSummary; radar: CardRadarSummary | null }> {
  const summary = await runIngestion(deps);
  if (!summary.federationDown) await recordJobSuccess(deps.db, INGEST_QUEUE, deps.now());
  await requestFollowUps(deps.boss, summary);
  let radar: CardRadarSummary | null = null;
  try {
    radar = await runCardRadar({ db: deps.db, queue: deps.boss, now: deps.now, logger: deps.logger });
  } catch (error) {
    deps.logger.error({ err: error }, 'card radar failed; the next pass tries again');
  }
  return { summary, radar };
}

/**
 * After a pass (scheduled, or `npm run ingest`): matching when it recorded new competitions,
 * live updates when it recorded documents, orders of play or published draws, at once.
 */
export async function requestFollowUps(boss: PgBoss, summary: IngestionSummary): Promise<void> {
  const { events } = summary;
  if (events.new_competition > 0) await requestMatching(boss, 'ingested');
  if (events.new_document + events.new_order_of_play + events.new_scoreboard > 0)
    await requestLiveUpdates(boss);
}

/** Asks for a pass now; null when one is already waiting. */
export function requestIngestion(boss: PgBoss): Promise<string | null> {
  return boss.send(INGEST_QUEUE, { reason: 'requested' });
}

/**
 * Until a pass has read the whole calendar once (a first start, or one cut short), ask for a
 * pass at once rather than at the next scheduled time: the app shows the calendar within a
 * minute of starting.
 */
export async function ingestSoonIfNeeded(boss: PgBoss, db: Db): Promise<boolean> {
  const status = await readFederationStatus(db);
  if (status?.baselineCompletedAt) return false;
  await boss.send(INGEST_QUEUE, { reason: 'first-start' });
  return true;
}
