import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database cloned from a migrated template; two at a time fit 2 cores.
    maxWorkers: 2,
    // Vitest 4 runs projects with different maxWorkers in separate groups, which need an order.
    sequence: { groupOrder: 1 },
  },
});
