import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { catalogueParts } from './catalogue-parts.ts';
import { PICK_SHELL } from './landing-shell-script.ts';

const LANGUAGES = ['it', 'en'] as const;

/**
 * Starts the app's scripts (the entry and its modulepreloads, moved here from <head>): at once,
 * or over the prerendered landing just after its first paint, so the paint waits for nothing
 * but the HTML and the stylesheet (decision 164).
 */
function startScript(entry: string, preloads: string[]): string {
  return `(() => {
  const start = () => {
    for (const href of ${JSON.stringify(preloads)}) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  };
  const root = document.getElementById('root');
  if (root && root.dataset.prerendered) requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();`;
}

/**
 * Prerenders the landing's header and hero (src/prerender/landing-shell.tsx), the sign-in screen
 * (login-shell.tsx) and /explore's signed-in frame (app-frame-shell.tsx, decision 178) in Italian
 * and English into index.html at build time, as <template>s and the small script that shows the
 * right one, and moves the app's scripts behind that first paint (decision 164). The components are the app's own, rendered with react-dom/server
 * through a throwaway Vite SSR server.
 */
export function prerenderLanding(): Plugin {
  let root = '';
  return {
    name: 'radar:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          resolve: { alias: { '@': path.join(root, 'src') } },
          plugins: [react(), catalogueParts()],
        });
        try {
          const module = (await server.ssrLoadModule('/src/prerender/landing-shell.tsx')) as {
            renderLandingShell(language: (typeof LANGUAGES)[number]): Promise<string>;
          };
          const login = (await server.ssrLoadModule('/src/prerender/login-shell.tsx')) as {
            renderLoginShell(language: (typeof LANGUAGES)[number]): Promise<string>;
          };
          const frame = (await server.ssrLoadModule('/src/prerender/app-frame-shell.tsx')) as {
            renderExploreFrame(language: (typeof LANGUAGES)[number]): Promise<string>;
          };
          let templates = '';
          for (const language of LANGUAGES) {
            templates += `<template id="landing-${language}">${await module.renderLandingShell(language)}</template>`;
            templates += `<template id="login-${language}">${await login.renderLoginShell(language)}</template>`;
            templates += `<template id="explore-${language}">${await frame.renderExploreFrame(language)}</template>`;
          }
          const marker = '<div id="root"></div>';
          if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
          const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
          const entry = html.match(entryTag)?.[1];
          if (!entry) throw new Error('index.html has no entry module script');
          const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
          const preloads = [...html.matchAll(preloadTag)].map((match) => match[1] as string);
          const withoutScripts = html.replace(entryTag, '').replace(preloadTag, '');
          return withoutScripts.replace(
            marker,
            `${marker}\n    ${templates}\n    <script>${PICK_SHELL}</script>\n    <script>${startScript(entry, preloads)}</script>`,
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}
