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
    // Above the 5 s a query may wait for a lazily loaded part (test/setup.ts).
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
