import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh data dir and one run id per run, inherited by the workers through the environment:
// each worker starts an app of its own under them (support/app-server.ts, decision 183).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'radar-e2e-'));
process.env.E2E_RUN_ID ??= String(Date.now());

/** `E2E_SCREENS=skip` leaves the every-screen walks out, for a developer's quicker run of the journeys. */
const walkScreens = process.env.E2E_SCREENS !== 'skip';
/**
 * On CI nobody opens a trace or a screenshot (only the log is read): recording them cost the
 * shared two cores a tenth of the run, so CI records neither (decision 183). A developer's run
 * keeps the trace of a failed test and the walks' screenshots.
 */
const onCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two workers, each with its browser and an app of its own (server, database, simulator).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A bound for a hung test: a journey on a loaded 2-core machine takes far longer than alone.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-reports/playwright.json' }]],
  outputDir: '../test-results',
  use: {
    locale: 'it-IT',
    trace: onCi ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // The every-screen walks first, on apps no journey has touched: they only read (each worker
    // signs in an account of its own), so their eight walks share the two workers. The journeys
    // come after them whatever their outcome (a project's teardown always runs).
    ...(walkScreens
      ? [
          {
            name: 'screens',
            testMatch: 'screens.spec.ts',
            fullyParallel: true,
            teardown: 'chromium',
            use: { browserName: 'chromium' as const },
          },
        ]
      : []),
    // The journeys, a file at a time on each worker: a worker's app is its own, so scripting
    // its simulator (faults, new competitions) never reaches the other worker's journeys.
    {
      name: 'chromium',
      testIgnore: 'screens.spec.ts',
      use: { browserName: 'chromium' },
    },
  ],
});
