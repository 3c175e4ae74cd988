import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A bound for a hung test only: a loaded 2-core machine takes seconds where an idle one takes less.
    testTimeout: 120_000,
  },
});
