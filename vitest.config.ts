import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/fitp-simulator', 'apps/server', 'apps/web'],
    // Two test files at a time on the 2-core machines; server files each use their own database.
    maxWorkers: 2,
    // scripts/test.ts names the JSON report of each run (--outputFile.json).
    reporters: ['default', 'json'],
    outputFile: { json: '.test-reports/vitest.json' },
  },
});
