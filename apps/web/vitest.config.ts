import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogueParts } from './build/catalogue-parts.ts';

export default defineProject({
  plugins: [react(), catalogueParts()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // A bound for a hung test only (decision 184): above the 30 s a query may wait for a lazily
    // loaded part (test/setup.ts), with room for a few of them on a busy machine.
    testTimeout: 90_000,
    unstubGlobals: true,
  },
});
