import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Bounds for a hung test only (decision 184): on a busy 2-core machine opening a PGlite
    // database alone has taken over a minute.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    isolate: false,
  },
});
