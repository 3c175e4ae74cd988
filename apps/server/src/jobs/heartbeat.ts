import type { Db } from '../db/client';
import { HEARTBEAT_NAME, recordHeartbeat } from '../modules/health/heartbeat.repository';
import type { JobDefinition } from './definition';

export const HEARTBEAT_QUEUE = HEARTBEAT_NAME;

/** Records its runs in `job_heartbeats`, which `/api/health` reports (cron `HEARTBEAT_CRON`). */
export const heartbeatJob: JobDefinition<{ db: Db; now: () => Date }> = {
  name: HEARTBEAT_QUEUE,
  queue: { policy: 'singleton', retryLimit: 0, expireInSeconds: 60 },
  cron: (settings) => settings.heartbeatCron,
  work: { pollingIntervalSeconds: 2 },
  handler: (deps) => async () => {
    await recordHeartbeat(deps.db, deps.now());
  },
};
