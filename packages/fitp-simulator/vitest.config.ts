import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'fitp-simulator',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
