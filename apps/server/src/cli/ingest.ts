/**
 * `npm run ingest`: one ingestion pass now, against the configured database and federation
 * (the bundled simulator when FITP_BASE_URL is unset), then exit. It prints the pass's summary.
 * With the embedded PGlite database, stop the app first: PGlite serves one process at a time
 * (a running app is detected and named). Like a scheduled pass, it asks for matching and live
 * updates at once when the pass recorded what they act on, so the workers (of the app running
 * on PostgreSQL, or of its next start) send the alerts without waiting for the 5-minute net.
 */
import { bootstrap, readConfig, reportStartupError } from '../bootstrap';
import { declareJob } from '../jobs/definition';
import { requestFollowUps } from '../jobs/ingest';
import { matchJob } from '../jobs/match';
import { createQueue } from '../jobs/queue';
import { liveUpdatesJob } from '../jobs/subscriptions';
import { createLogger } from '../logger';
import { runIngestion } from '../modules/ingestion/ingestion.service';

async function main(): Promise<number> {
  const config = readConfig();
  const logger = createLogger(config);
  const runtime = await bootstrap(config, logger);
  try {
    const { database, federation, now } = runtime;
    const summary = await runIngestion({ db: database.db, federation, logger, now });
    // Only to send the follow-up jobs: this process runs no worker and no schedule.
    const queue = createQueue(database, logger, { schedule: false });
    await queue.start();
    try {
      for (const job of [matchJob, liveUpdatesJob]) await declareJob(queue, job, runtime.config);
      await requestFollowUps(queue, summary);
    } finally {
      await queue.stop({ graceful: true, close: database.driver === 'postgres' });
    }
    console.log(JSON.stringify(summary, null, 2));
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
