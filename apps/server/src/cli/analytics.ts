/**
 * `npm run analytics`: the last 30 days' top pages of the first-party page analytics
 * (views per route, most viewed first). With the embedded database (no DATABASE_URL) the
 * server must be stopped first: PGlite's data dir is for one process at a time.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig, systemClock } from '../bootstrap';
import { databaseOptionsFromConfig, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import {
  ANALYTICS_REPORT_DAYS,
  type AnalyticsDeps,
  topPagesReport,
} from '../modules/analytics/analytics.service';

/** The report as printed: a header line, then one line per route with its views. */
export async function analyticsReport(deps: AnalyticsDeps): Promise<string> {
  const { from, pages } = await topPagesReport(deps, ANALYTICS_REPORT_DAYS);
  const lines = [`Top pages, last ${ANALYTICS_REPORT_DAYS} days (since ${from}):`];
  if (pages.length === 0) lines.push('  no page views yet');
  const width = Math.max(0, ...pages.map((page) => String(page.views).length));
  for (const page of pages) lines.push(`  ${String(page.views).padStart(width)}  ${page.route}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateDatabase(database);
    console.log(await analyticsReport({ db: database.db, now: systemClock }));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
