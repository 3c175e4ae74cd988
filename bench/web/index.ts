/**
 * The client's first-load weight (issue 17 point 4): builds the web client, starts the app
 * (bench/web/app.ts), opens /, /auth/login and a signed-in /explore in headless
 * /usr/bin/chromium on a phone-sized screen (412×823, as Lighthouse's mobile preset) with an
 * empty cache and no service worker, and records every script and
 * stylesheet the page loads until the network is idle (the entry, its modulepreloads, the
 * route's lazy chunks and anything they import at start). It prints, per page, the brotli and
 * gzip sizes of that JS and CSS (the `.br` / `.gz` copies the build wrote, the bytes the server
 * sends), and exits 1 when the landing's JS is over the budget (150 KB brotli).
 *
 *   npm run bench:web
 *   BENCH_WEB_BUILD=0 npm run bench:web     # use apps/web/dist as it is
 *   BENCH_WEB_VERBOSE=1 npm run bench:web   # every file per page
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildWeb, signedInCookie, startApp, WEB_DIST } from './app';

const LANDING_JS_BUDGET_BR = 150 * 1024;
const VERBOSE = process.env.BENCH_WEB_VERBOSE === '1';

type Sizes = { raw: number; br: number; gz: number };
type PageWeight = { page: string; js: Sizes; css: Sizes; files: { file: string; sizes: Sizes }[] };

const zero = (): Sizes => ({ raw: 0, br: 0, gz: 0 });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A built file's size and its compressed copies' (the file itself when it has none: too small). */
function sizesOf(file: string): Sizes {
  const raw = statSync(file).size;
  const copy = (suffix: string) => (existsSync(file + suffix) ? statSync(file + suffix).size : raw);
  return { raw, br: copy('.br'), gz: copy('.gz') };
}

async function main() {
  await buildWeb();
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const cookie = await signedInCookie(app.url);
    const pages: { page: string; signedIn: boolean }[] = [
      { page: '/', signedIn: false },
      { page: '/auth/login', signedIn: false },
      { page: '/explore', signedIn: true },
    ];
    const weights: PageWeight[] = [];
    for (const { page: pagePath, signedIn } of pages) {
      // A phone, as Lighthouse's mobile preset: what is below its fold loads later, when seen.
      const context = await browser.newContext({
        serviceWorkers: 'block',
        locale: 'it-IT',
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      if (signedIn) {
        const [name = '', value = ''] = cookie.split(/=(.*)/s);
        await context.addCookies([{ name, value, url: app.url }]);
      }
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (response) => {
        const type = response.request().resourceType();
        const url = new URL(response.url());
        if (url.origin === app.url && (type === 'script' || type === 'stylesheet')) loaded.add(url.pathname);
      });
      await page.goto(app.url + pagePath, { waitUntil: 'networkidle' });
      const landedOn = new URL(page.url()).pathname;
      if (landedOn !== pagePath) throw new Error(`${pagePath} ended on ${landedOn}`);
      await context.close();

      const weight: PageWeight = { page: pagePath, js: zero(), css: zero(), files: [] };
      for (const pathname of [...loaded].sort()) {
        const file = path.join(WEB_DIST, pathname);
        if (!existsSync(file)) continue;
        const sizes = sizesOf(file);
        const bucket = pathname.endsWith('.css') ? weight.css : weight.js;
        bucket.raw += sizes.raw;
        bucket.br += sizes.br;
        bucket.gz += sizes.gz;
        weight.files.push({ file: pathname, sizes });
      }
      weights.push(weight);
    }

    console.log('\nFirst load of each page (scripts and stylesheets until the network is idle):\n');
    console.log(
      `${'page'.padEnd(14)}${'files'.padStart(6)}${'JS br'.padStart(11)}${'JS gz'.padStart(11)}${'JS raw'.padStart(11)}${'CSS br'.padStart(11)}${'CSS gz'.padStart(11)}`,
    );
    for (const w of weights) {
      console.log(
        `${w.page.padEnd(14)}${String(w.files.length).padStart(6)}${kb(w.js.br).padStart(11)}${kb(w.js.gz).padStart(11)}${kb(w.js.raw).padStart(11)}${kb(w.css.br).padStart(11)}${kb(w.css.gz).padStart(11)}`,
      );
      if (VERBOSE) {
        for (const { file, sizes } of w.files.sort((a, b) => b.sizes.br - a.sizes.br)) {
          console.log(`    ${file.padEnd(56)}${kb(sizes.br).padStart(11)}${kb(sizes.gz).padStart(11)}`);
        }
      }
    }
    const landing = weights[0];
    if (!landing) throw new Error('the landing was not measured');
    const within = landing.js.br <= LANDING_JS_BUDGET_BR;
    console.log(
      `\nlanding JS ${kb(landing.js.br)} brotli; budget ${kb(LANDING_JS_BUDGET_BR)}: ${within ? 'within' : 'OVER'}`,
    );
    if (!within) process.exitCode = 1;
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
