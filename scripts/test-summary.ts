/**
 * Adds up the JSON reports the test runners wrote (Vitest and Playwright) and prints the
 * closing line CI reads: `N passed, N failed`. Usage: tsx scripts/test-summary.ts <report.json>...
 */
import { existsSync, readFileSync } from 'node:fs';

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests?: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report: ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport | PlaywrightReport;
  if ('stats' in report) {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests ?? 0;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
