import type { PgBoss } from 'pg-boss';
import { type MatchingDeps, runMatching } from '../modules/matching/matching.service';

export const MATCH_QUEUE = 'match';

/** The safety net: every 5 minutes, should a request after a pass be lost (docs/decisions/040). */
export const MATCH_CRON = '*/5 * * * *';

/**
 * Declares the queue and its schedule (idempotent; safe from every process). `stately`: at most
 * one run queued and one running across all workers; the event cursor's lock makes even two
 * overlapping runs safe.
 */
export async function scheduleMatching(boss: PgBoss): Promise<void> {
  await boss.createQueue(MATCH_QUEUE, {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 15 * 60,
  });
  await boss.schedule(MATCH_QUEUE, MATCH_CRON, null, { tz: 'Europe/Rome' });
}

export async function workMatching(boss: PgBoss, deps: Omit<MatchingDeps, 'queue'>): Promise<void> {
  await boss.work(MATCH_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    await runMatching({ ...deps, queue: boss });
  });
}

/** Asks for a matching run now (after an ingestion pass recorded new competitions); null when one is already waiting. */
export function requestMatching(boss: PgBoss, reason = 'requested'): Promise<string | null> {
  return boss.send(MATCH_QUEUE, { reason });
}
