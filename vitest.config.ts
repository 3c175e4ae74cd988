import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/fitp-simulator', 'apps/server', 'apps/web'],
    reporters: ['default', ['json', { outputFile: '.test-reports/vitest.json' }]],
  },
});
