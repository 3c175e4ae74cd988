import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { readFederationStatus } from '../modules/competitions/ingestion.repository';
import { type IngestionDeps, runIngestion } from '../modules/competitions/ingestion.service';
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
 * Declares the queue and its schedule (idempotent; safe from every process). The `stately`
 * policy keeps at most one pass queued and one running across all workers: two passes never
 * overlap, and a slow pass does not pile up more behind it.
 */
export async function scheduleIngestion(boss: PgBoss, intervalMinutes: number): Promise<void> {
  await boss.createQueue(INGEST_QUEUE, { policy: 'stately', retryLimit: 0, expireInSeconds: 60 * 60 });
  await boss.schedule(INGEST_QUEUE, ingestCron(intervalMinutes), null, { tz: 'Europe/Rome' });
}

/**
 * Runs the passes. A pass that recorded new competitions asks for a matching run at once
 * (docs/decisions/040), one that recorded new documents, orders of play or draws a live-updates
 * run (decision 060), so both reach their users right after the pass. The queues are declared
 * before any worker starts (server.ts).
 */
export async function workIngestion(boss: PgBoss, deps: IngestionDeps): Promise<void> {
  await boss.work(INGEST_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    const summary = await runIngestion(deps);
    const { events } = summary;
    if (events.new_competition > 0) await requestMatching(boss, 'ingested');
    if (events.new_document + events.new_order_of_play + events.new_draw > 0) await requestLiveUpdates(boss);
  });
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
