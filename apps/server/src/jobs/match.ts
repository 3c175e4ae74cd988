import type { PgBoss } from 'pg-boss';
import { recordJobSuccess } from '../modules/health/job-runs.repository';
import { type MatchingDeps, runMatching } from '../modules/matching/matching.service';
import type { JobDefinition } from './definition';

export const MATCH_QUEUE = 'match';

/** The safety net: every 5 minutes, should a request after a pass be lost (docs/decisions/040). */
export const MATCH_CRON = '*/5 * * * *';

/**
 * Matching (new competitions → `new_tournament` notifications). `stately`: at most one run
 * queued and one running across all workers; the event cursor's lock makes even two
 * overlapping runs safe.
 */
export const matchJob: JobDefinition<Omit<MatchingDeps, 'queue'> & { boss: PgBoss }> = {
  name: MATCH_QUEUE,
  queue: { policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 15 * 60 },
  cron: () => MATCH_CRON,
  work: { pollingIntervalSeconds: 2 },
  handler: (deps) => async () => {
    await runMatching({ db: deps.db, logger: deps.logger, now: deps.now, queue: deps.boss });
    await recordJobSuccess(deps.db, MATCH_QUEUE, deps.now());
  },
};

/** Asks for a matching run now (after an ingestion pass recorded new competitions); null when one is already waiting. */
export function requestMatching(boss: PgBoss, reason = 'requested'): Promise<string | null> {
  return boss.send(MATCH_QUEUE, { reason });
}
