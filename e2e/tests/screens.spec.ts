/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { type SearchCompetitionsResponse, sharedCatalogues } from '@radar/shared';
import { createUser, login } from '../support/accounts';
import { test as base } from '../support/app-server';
import { type RouteContext, SCREEN_ROUTES, SCREENSHOTS_DIR, VIEWPORTS } from '../support/routes';

/**
 * Every screen right on a phone and on a desktop (issue 18): each route of support/routes.ts,
 * signed out and signed in, at 390×844 and 1280×800, in Italian and English, light and dark.
 * A page fails on horizontal overflow, on a console error, on a text left as its catalogue key,
 * and (axe) on any serious or critical accessibility violation, contrast included. Each page
 * is saved as a screenshot under `.e2e-screens/` for a reviewer to look at (not on CI, where
 * nobody can: decision 183).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const screenshots = process.env.CI ? null : path.join(root, SCREENSHOTS_DIR);

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', into = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.add(full.replace(/_(one|other|zero|two|few|many)$/, ''));
    else flatten(value, full, into);
  }
  return into;
}
const webCatalogue = JSON.parse(
  readFileSync(path.join(root, 'apps/web/src/locales/it.json'), 'utf8'),
) as Tree;
const sharedCatalogue = sharedCatalogues.it as unknown as Tree;
/** Every key of the catalogues, and their first segments (`explore`, `auth`, `errors`, …). */
const KEYS = flatten(sharedCatalogue, '', flatten(webCatalogue));
const NAMESPACES = new Set([...Object.keys(webCatalogue), ...Object.keys(sharedCatalogue)]);

/**
 * Texts shown as their key: a dotted identifier (`explore.card.title`) that is a catalogue key,
 * or starts with one of the catalogues' namespaces (a key that does not exist). Domains and
 * addresses (`fitp.it`, `info@radartornei.it`) are neither.
 */
function untranslatedKeys(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![\w@/.-])([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+)(?![\w@/-])/g)) {
    const candidate = match[1] ?? '';
    if (KEYS.has(candidate) || NAMESPACES.has(candidate.split('.')[0] ?? '')) found.add(candidate);
  }
  return [...found];
}

/** The screen has drawn its content: a heading, no loading spinner, the network quiet. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
  // Web fonts and late layout (images, lazy panels) before measuring.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function theme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  // The app switches with transitions off (applyTheme); one still running, on a control hovered
  // or focused, would be measured half-way between the themes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/**
 * The serious and critical violations axe finds on the page as it is, one line each: every
 * WCAG 2.1 A/AA rule, or (`contrastOnly`, for the second theme of a page already checked) the
 * contrast rules, the only ones a theme changes. In axe's legacy mode (`axe.run` in the page):
 * the default mode finishes each run in a new blank page with axe injected again, which doubled
 * the walks' axe time for no gain here — the app has no frames, let alone cross-origin ones.
 */
async function accessibilityViolations(page: Page, contrastOnly = false): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (contrastOnly) builder.withRules(['color-contrast', 'link-in-text-block']);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

type Signed = 'signed-out' | 'signed-in';

interface Walk {
  browser: Browser;
  language: 'it' | 'en';
  baseURL: string;
  signed: Signed;
  viewport: (typeof VIEWPORTS)[number];
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  context: RouteContext;
}

/** Visits every route of `signed` at one viewport in one language; returns the problems found. */
async function walk({
  browser,
  baseURL,
  language,
  signed,
  viewport,
  storageState,
  context: routeContext,
}: Walk): Promise<string[]> {
  const problems: string[] = [];
  // Said as found too: a long walk that times out still tells what it saw.
  const report = (problem: string) => {
    console.log(`  ✘ ${problem}`);
    problems.push(problem);
  };
  const routes = SCREEN_ROUTES.filter((route) => (signed === 'signed-in' ? route.signedIn : route.signedOut));
  {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: viewport.width, height: viewport.height },
      locale: language === 'it' ? 'it-IT' : 'en-GB',
      ...(storageState ? { storageState } : {}),
    });
    await context.addInitScript((lang) => window.localStorage.setItem('app-language', lang), language);
    const page = await context.newPage();
    let current = '';
    page.on('console', (message) => {
      if (message.type() === 'error') report(`${current}: console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => report(`${current}: page error: ${error.message}`));

    for (const route of routes) {
      const address = typeof route.path === 'function' ? route.path(routeContext) : route.path;
      if (address === null) continue;
      current = `${signed} ${viewport.name} ${language} ${route.name} (${address})`;
      await theme(page, 'light');
      await page.goto(address);
      await settle(page);

      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (width.scroll > width.inner) {
        report(`${current}: ${width.scroll} px wide in a ${width.inner} px window`);
      }
      const keys = untranslatedKeys(await page.locator('body').innerText());
      if (keys.length) report(`${current}: untranslated ${keys.join(', ')}`);

      // Italian: both themes, each checked by axe. English: the light theme's screenshot (the
      // layout and keys checks above are what a language changes).
      for (const scheme of language === 'it' ? (['light', 'dark'] as const) : (['light'] as const)) {
        await theme(page, scheme);
        if (screenshots) {
          const folder = path.join(screenshots, signed, `${viewport.name}-${language}-${scheme}`);
          mkdirSync(folder, { recursive: true });
          await page.screenshot({ path: path.join(folder, `${route.name}.png`), fullPage: true });
        }
        if (language === 'it') {
          for (const violation of await accessibilityViolations(page, scheme === 'dark')) {
            report(`${current} ${scheme}: ${violation}`);
          }
        }
      }
    }
    await context.close();
  }
  return problems;
}

const test = base.extend<object, { routeContext: RouteContext; signedInState: Walk['storageState'] }>({
  // One account per worker, signed in once: its session is reused by every signed-in page it walks.
  signedInState: [
    async ({ playwright, browser, app }, use) => {
      const request = await playwright.request.newContext({ baseURL: app.baseURL });
      const account = await createUser(request);
      const context = await browser.newContext({ baseURL: app.baseURL });
      const page = await context.newPage();
      await login(page, account);
      const state = await context.storageState();
      await context.close();
      await request.dispose();
      await use(state);
    },
    { scope: 'worker' },
  ],
  // A real competition (the simulator's calendar, ingested at start) and a notification if any.
  routeContext: [
    async ({ playwright, signedInState, app }, use) => {
      const request = await playwright.request.newContext({
        baseURL: app.baseURL,
        storageState: signedInState,
      });
      let competitionGuid: string | null = null;
      await expect
        .poll(
          async () => {
            const response = await request.post('/api/competitions/search_competitions', {
              data: { limit: 100 },
            });
            const { items } = (await response.json()) as SearchCompetitionsResponse;
            // A rich detail: entries, and the longest place name of the page.
            const withEntries = items.filter((item) => item.participantsCount > 0);
            withEntries.sort((a, b) => `${b.club}${b.city}`.length - `${a.club}${a.city}`.length);
            competitionGuid = withEntries[0]?.guid ?? null;
            return competitionGuid;
          },
          { timeout: 90_000 },
        )
        .not.toBeNull();
      const inbox = await request.get('/api/notifications?limit=1');
      const { items = [] } = (await inbox.json()) as { items?: { id: string }[] };
      await use({ competitionGuid, notificationId: items[0]?.id ?? null });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

test.describe('every screen', () => {
  for (const signed of ['signed-out', 'signed-in'] as const) {
    for (const viewport of VIEWPORTS) {
      for (const language of ['it', 'en'] as const) {
        test(`${signed}, ${viewport.width}×${viewport.height}, ${language}: no overflow, console error, untranslated key${language === 'it' ? ' or serious axe violation (light and dark)' : ''}`, async ({
          browser,
          baseURL,
          routeContext,
          signedInState,
        }) => {
          // A walk in Italian takes 1.5–2.5 min alone on a 2-core machine, up to twice that
          // beside another: a generous bound, so that only a hung walk fails on time.
          test.setTimeout(600_000);
          const problems = await walk({
            browser,
            baseURL: baseURL ?? '',
            language,
            signed,
            viewport,
            context: routeContext,
            ...(signed === 'signed-in' ? { storageState: signedInState } : {}),
          });
          expect(problems, problems.join('\n')).toEqual([]);
        });
      }
    }
  }
});
