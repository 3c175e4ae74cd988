import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh data dir per run, inherited by the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'radar-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The bundled federation simulator, on a known port so journeys can script it (/__sim). */
export const simulatorURL = `http://127.0.0.1:${port + 99}`;
/**
 * A local OpenID provider (oidc-provider) standing in for Google, started by the e2e server
 * (support/start-server.ts) on a known port; the server is configured to sign in with it.
 */
export const oidcProviderURL = `http://127.0.0.1:${port + 98}`;

/**
 * `E2E_SCREENS=skip` leaves the every-screen walks out (the journeys alone, one at a time).
 * `.ci/run` sets it for its second pass, on PostgreSQL: the walks check the client, which the
 * database behind it does not change, and the first pass has walked it (decision 138).
 */
const walkScreens = process.env.E2E_SCREENS !== 'skip';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two browsers at a time, for the every-screen walks only (the journeys: one at a time, below).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-reports/playwright.json' }]],
  outputDir: '../test-results',
  use: {
    baseURL,
    locale: 'it-IT',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // The every-screen walks first, on a calendar no journey has touched yet: they only read
    // (each worker signs in an account of its own), so their eight walks share the two workers.
    // The journeys come after them whatever their outcome (a project's teardown always runs).
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
    // The journeys, one at a time: they script the one simulator and its clock.
    {
      name: 'chromium',
      testIgnore: 'screens.spec.ts',
      workers: 1,
      use: { browserName: 'chromium' },
    },
  ],
  webServer: {
    command: 'npx tsx e2e/support/start-server.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      FITP_SIMULATOR_PORT: String(port + 99),
      // Journeys publish on the simulator and wait for the app to notice: read it every minute.
      INGEST_INTERVAL_MINUTES: '1',
      // Every journey signs in from 127.0.0.1: the per-IP attempt limits would get in the way.
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      E2E_OIDC_PORT: String(port + 98),
      GOOGLE_CLIENT_ID: 'radar-tornei-e2e',
      GOOGLE_CLIENT_SECRET: 'radar-tornei-e2e-secret',
      GOOGLE_ISSUER: oidcProviderURL,
      // The support pages show these links (the app store links stay unset: hidden).
      DONATION_URL: 'https://donate.example/radar-tornei',
      COMMUNITY_URL: 'https://chat.example/radar-beta',
    },
  },
});
