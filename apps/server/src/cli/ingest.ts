/**
 * `npm run ingest`: one ingestion pass now, against the configured database and federation
 * (the bundled simulator when FITP_BASE_URL is unset), then exit. It prints the pass's summary.
 * With the embedded PGlite database, stop the app first: PGlite serves one process at a time
 * (a running app is detected and named). It runs THE pass of the schedule (`runIngestPass`): the
 * same reads, then matching and live updates asked for at once when the pass recorded what they
 * act on (the workers of the app running on PostgreSQL, or of its next start, send the alerts),
 * then the card radar.
 */
import { bootstrap, readConfig, reportStartupError } from '../bootstrap';
import { declareDeliveryQueues } from '../jobs';
import { declareJob } from '../jobs/definition';
import { runIngestPass } from '../jobs/ingest';
import { matchJob } from '../jobs/match';
import { createQueue } from '../jobs/queue';
import { liveUpdatesJob } from '../jobs/subscriptions';
import { createLogger } from '../logger';
import type { IngestionSummary } from '../modules/ingestion/ingestion.service';

async function main(): Promise<number> {
  const config = readConfig();
  const logger = createLogger(config);
  const runtime = await bootstrap(config, logger);
  try {
    const { database, federation, now } = runtime;
    // Only to send the follow-up jobs and the radar's deliveries: this process runs no worker and no schedule.
    const queue = createQueue(database, logger, { schedule: false });
    await queue.start();
    let summary: IngestionSummary;
    try {
      for (const job of [matchJob, liveUpdatesJob]) await declareJob(queue, job, runtime.config);
      await declareDeliveryQueues(queue);
      const pass = await runIngestPass({ db: database.db, federation, logger, now, boss: queue });
      summary = pass.summary;
      console.log(JSON.stringify({ ...summary, cardRadar: pass.radar }, null, 2));
    } finally {
      await queue.stop({ graceful: true, close: database.driver === 'postgres' });
    }
    return summary.error ? 2 : 0;
  } finally {
    await runtime.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    reportStartupError(error);
    process.exit(1);
  },
);
