import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts';

/**
 * Issue 31 point 10 (decision 205): the landing's prerendered markup is the app's own first
 * render, and the app hydrates it. React keeps the nodes the HTML painted (no mismatch, nothing
 * replaced), its buttons come alive, and a link pressed while the app starts is never lost.
 */

/**
 * Before any script of the page runs, records the hero's title node and the stats section's (below
 * the fold) as the inline script puts the prerendered landing in place, and any removal of the hero.
 */
async function markPrerenderedHero(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as {
      __prerenderedHero?: Element;
      __prerenderedStats?: Element;
      __heroRemoved?: boolean;
    };
    const observer = new MutationObserver(() => {
      const hero = document.getElementById('hero-title');
      if (hero && !record.__prerenderedHero) record.__prerenderedHero = hero;
      const stats = document.getElementById('stats-title');
      if (stats && !record.__prerenderedStats) record.__prerenderedStats = stats;
      if (record.__prerenderedHero && !record.__prerenderedHero.isConnected) record.__heroRemoved = true;
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** Console errors and uncaught errors of the page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/**
 * Opens the landing with the app's entry script held back: the prerendered page is there, no app
 * yet. Returns what lets the entry through.
 */
async function openLandingWithEntryHeld(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The load event waits for the entry: only the HTML is waited for.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  return release;
}

test.describe('the prerendered landing', () => {
  test.use({ serviceWorkers: 'block' });

  for (const { language, colorScheme, tagline } of [
    { language: 'it-IT', colorScheme: 'light', tagline: 'Non perdere mai un torneo di tennis in Italia' },
    { language: 'en-GB', colorScheme: 'dark', tagline: 'Never miss an Italian tennis tournament' },
  ] as const) {
    test.describe(`${language}, ${colorScheme}`, () => {
      test.use({ locale: language, colorScheme });

      test('is hydrated: the same nodes, no mismatch, live buttons', async ({ page }) => {
        await markPrerenderedHero(page);
        const errors = collectErrors(page);
        await page.goto('/');
        await expect(page.getByText(tagline)).toBeVisible();
        // The app has started and hydrated the sections below the hero: their figures, asked
        // for by the hydrated stats section, are in place.
        await expect(page.locator('[data-stat="tournaments"]')).toHaveText(/\d/);

        const kept = await page.evaluate(() => {
          const record = window as unknown as {
            __prerenderedHero?: Element;
            __prerenderedStats?: Element;
            __heroRemoved?: boolean;
          };
          return {
            marked: record.__prerenderedHero !== undefined,
            sameHero: record.__prerenderedHero === document.getElementById('hero-title'),
            sameStats: record.__prerenderedStats === document.getElementById('stats-title'),
            removed: record.__heroRemoved === true,
          };
        });
        expect(kept).toEqual({ marked: true, sameHero: true, sameStats: true, removed: false });

        // The prerendered buttons were inert until the app took them over; now they work.
        const header = page.getByRole('banner');
        const theme = header.getByRole('button', { name: language === 'it-IT' ? 'Tema' : 'Theme' });
        await expect(theme).not.toHaveAttribute('inert');
        await theme.click();
        await expect(page.getByRole('menuitemradio').first()).toBeVisible();
        await page.keyboard.press('Escape');

        expect(errors).toEqual([]);
      });
    });
  }

  test('a footer link pressed before the app starts is followed', async ({ page }) => {
    // The app's entry waits until the press is made.
    const release = await openLandingWithEntryHeld(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Offrimi una birra' }).click();
    release();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offrimi una birra' })).toBeVisible();
  });

  test('a visitor who scrolled down while the app starts stays there, and the link under the pointer works', async ({
    page,
  }) => {
    const release = await openLandingWithEntryHeld(page);
    const donate = page.getByRole('contentinfo').getByRole('link', { name: 'Offrimi una birra' });
    await donate.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    // The app has started and hydrated the page: the sections' figures are in.
    await expect(page.locator('[data-stat="tournaments"]')).toHaveText(/\d/);
    // It used to scroll the page back to the top as it started: the press then hit the header.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const box = await donate.boundingBox();
    if (!box) throw new Error('the footer link is not laid out');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/donate$/);
  });
});
