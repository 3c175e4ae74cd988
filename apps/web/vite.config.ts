import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './build/catalogue-parts.ts';
import { precompress } from './build/compress.ts';
import { prerenderLanding } from './build/prerender-landing.ts';

/** The API process (apps/server) listens here in development. */
const API_ORIGIN = 'http://localhost:3000';

/** Paths served by the API process, never by the SPA shell. */
const SERVER_PATHS = /^\/(api|dev)(\/|$)/;

export default defineConfig({
  plugins: [
    react(),
    catalogueParts(),
    prerenderLanding(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Radar Tornei',
        short_name: 'Radar Tornei',
        description: 'Non perdere mai un torneo di tennis in Italia.',
        lang: 'it',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#E4E9F1',
        background_color: '#F4F6FA',
        categories: ['sports'],
        // Auth callback links (spec §4) open the installed app, which handles them at /?authLink=.
        protocol_handlers: [{ protocol: 'web+radartornei', url: '/?authLink=%s' }],
        icons: [
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [SERVER_PATHS],
        cleanupOutdatedCaches: true,
        // Shows web push notifications and opens their page on click (public/push-handler.js).
        importScripts: ['/push-handler.js'],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '^/api(/|$)': { target: API_ORIGIN, changeOrigin: false },
      '^/dev(/|$)': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '^/api(/|$)': { target: API_ORIGIN, changeOrigin: false },
      '^/dev(/|$)': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // zod schema builders have no side effects: an unused schema is dropped with its module's
      // other unused exports (decision 160).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // React and the router change far less often than the app: their own long-cached chunk.
          groups: [
            // With them Vite's dynamic-import helper, needed by every page (not a request of its own).
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
});
