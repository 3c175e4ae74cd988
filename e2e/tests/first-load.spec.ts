import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts';

/**
 * Issue 17 point 4 (decision 160): the landing and the sign-in screens load only what they need —
 * no data layer (TanStack Query and its persister), no API schemas, no signed-in code. Each page
 * is opened fresh (no service worker, empty cache), every script it requests until the network
 * is idle is recorded, and the scripts' text is searched for markers of what must not be there.
 */

/** Strings that survive minification: react-query's and query-core's own error messages. */
const TANSTACK_QUERY_MARKERS = ['No QueryClient set', 'Missing queryFn'];
/** zod's error class, in any chunk carrying zod (the API schemas of @radar/shared). */
const ZOD_MARKER = 'ZodError';
/** The signed-in layout's chunk (app/app-layout.tsx); every signed-in screen sits below it. */
const SIGNED_IN_CHUNK = /\/assets\/app-layout-[^/]*\.js$/;
/** The app promotion bar's delay (apps/web/src/features/shell/lib/app-promo.ts). */
const PROMO_DELAY_MS = 2000;

/** Opens `path` as a first visit and answers the scripts it loaded: URL → text. */
async function scriptsOfFirstLoad(page: Page, path: string): Promise<Map<string, string>> {
  const pending: Promise<void>[] = [];
  const scripts = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.text().then(
        (text) => {
          scripts.set(response.url(), text);
        },
        () => undefined,
      ),
    );
  });
  // The page's timers on a fake clock, moved on below instead of waited for.
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What loads later on its own: the shell's bars (after PROMO_DELAY_MS, 2 s), what loads near
  // the viewport.
  await page.clock.runFor(PROMO_DELAY_MS);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return scripts;
}

const pages: { path: string; zodAllowed: boolean }[] = [
  { path: '/', zodAllowed: false },
  // The login and register forms validate with the shared schemas: zod comes with them.
  { path: '/auth/login', zodAllowed: true },
  { path: '/auth/register', zodAllowed: true },
  { path: '/auth/reset-password', zodAllowed: true },
  { path: '/auth/verify?email=someone%40example.com', zodAllowed: true },
];

test.describe('the first load of the signed-out screens', () => {
  test.use({ serviceWorkers: 'block' });

  for (const { path, zodAllowed } of pages) {
    test(`${path} loads no data layer, no signed-in code${zodAllowed ? '' : ', no zod'}`, async ({
      page,
    }) => {
      const scripts = await scriptsOfFirstLoad(page, path);
      expect(scripts.size).toBeGreaterThan(0);
      const carrying = (marker: string) =>
        [...scripts].filter(([, text]) => text.includes(marker)).map(([url]) => url);

      for (const marker of TANSTACK_QUERY_MARKERS) expect(carrying(marker), marker).toEqual([]);
      if (!zodAllowed) expect(carrying(ZOD_MARKER), ZOD_MARKER).toEqual([]);
      expect([...scripts.keys()].filter((url) => SIGNED_IN_CHUNK.test(new URL(url).pathname))).toEqual([]);
    });
  }
});
