import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/accounts';
import { follow, waitUntilSearchable } from '../support/app-api';
import { romeDay } from '../support/dates';
import { simulatorPublish } from '../support/simulator';

/**
 * Issue 31 points 7 and 4 on a phone (390 px): the bottom tab bar (Home, Esplora, I miei
 * tornei, Notifiche with the unread count) moves between the four sections, and the dashboard's
 * week is an agenda of the days with something on them, a multi-day tournament once with its span.
 *
 * `PHONE_SCREENSHOTS=<dir>` also saves /home and /subscriptions at 390 and 1280 px, light and
 * dark, for a reviewer.
 */

test.use({ viewport: { width: 390, height: 844 } });

/**
 * A competition in Aosta being played from today for three days, published on the simulator
 * after the user's filter on the province: the next ingestion pass reads it and notifies them.
 */
async function publishInAosta(
  request: APIRequestContext,
  page: Page,
  simulatorURL: string,
): Promise<{ guid: string; name: string }> {
  const name = `Open E2E Aosta ${Date.now().toString(36)}`;
  const { guid } = await simulatorPublish(request, simulatorURL, {
    name,
    city: 'Aosta',
    province: 'AO',
    startDate: romeDay(),
    endDate: romeDay(2),
  });
  await waitUntilSearchable(page, { guid, name, provinceId: 7 });
  return { guid, name };
}

/** The element's box ends above `top` (a pixel of rounding allowed). */
async function endsAbove(locator: Locator, top: number): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(top + 1);
}

test('phone: the bottom tab bar with the unread count moves between the four sections; the home week is an agenda', async ({
  page,
  request,
  simulatorURL,
  createUser,
  login,
}) => {
  // The first ingestion pass, then the one that reads the new competition and notifies.
  test.setTimeout(480_000);
  await login(await createUser());
  const filter = await page.request.post('/api/filters', {
    data: {
      name: 'Aosta',
      notificationsEnabled: true,
      codFonte: 0,
      idStatopuc: 0,
      regionId: 2,
      provinceId: 7,
    },
  });
  expect(filter.ok(), await filter.text()).toBe(true);
  const aosta = await publishInAosta(request, page, simulatorURL);
  await follow(page, aosta.guid);
  let unread = 0;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/notifications/unread-count');
        unread = ((await answer.json()) as { unreadCount: number }).unreadCount;
        return unread;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);

  await page.goto('/home');
  const tabs = page.getByRole('navigation', { name: 'Sezioni principali' });
  await expect(tabs).toBeVisible();
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Esplora', 'I miei tornei', /Notifiche/]);
  await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  const notifications = tabs.getByRole('link', { name: /Notifiche/ });
  await expect(notifications).toContainText(`Hai notifiche non lette: ${unread}`);
  await expect(notifications.getByTestId('bottom-nav-unread')).toBeVisible();
  // Touch targets of at least 44 px; the bar sits at the bottom of the screen.
  const bar = await tabs.boundingBox();
  expect(Math.round((bar?.y ?? 0) + (bar?.height ?? 0))).toBe(844);
  for (const link of await tabs.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
  // The sidebar is not there; the menu button still opens every section.
  await expect(page.getByRole('button', { name: /Apri il menu/ })).toBeVisible();

  // The week: an agenda with today's tournament once, with its span; no empty days.
  const week = page.getByRole('region', { name: 'La tua settimana' });
  const agenda = week.getByRole('list', { name: 'La tua settimana' });
  await expect(agenda.getByRole('link', { name: new RegExp(`^${aosta.name}`) })).toHaveCount(1);
  await expect(agenda.getByRole('link', { name: new RegExp(`^${aosta.name}`) })).toContainText(
    /\d+\s?–\s?\d+ \w+/,
  );
  await expect(agenda.locator(`li[data-date="${romeDay()}"]`)).toHaveAttribute('aria-current', 'date');
  for (const day of await agenda.locator(':scope > li').all()) {
    await expect(day.getByRole('link').first()).toBeVisible();
  }
  // The one current tournament, in My tournaments.
  await expect(
    page
      .getByRole('region', { name: 'I miei tornei' })
      .getByText('Torneo in corso')
      .locator('..')
      .getByRole('link', { name: aosta.name }),
  ).toBeVisible();

  // Scrolled to the end, the last quick action and the cookie bar stand above the tab bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const barTop = (await tabs.boundingBox())?.y ?? 0;
  const cookies = page.getByRole('region', { name: /cookie/i });
  if (await cookies.isVisible()) {
    await endsAbove(cookies, barTop);
    await cookies.getByRole('button', { name: 'Accetta' }).click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  }
  await endsAbove(page.getByRole('region', { name: 'Azioni rapide' }).getByRole('link').last(), barTop);

  // Each tab opens its section and becomes the current one.
  for (const [name, url, heading] of [
    ['Esplora', /\/explore/, 'Esplora i tornei'],
    ['I miei tornei', /\/subscriptions$/, 'I miei tornei'],
    [/Notifiche/, /\/communication$/, 'Notifiche'],
    ['Home', /\/home$/, /^Ciao/],
  ] as const) {
    await tabs.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }

  const shots = process.env.PHONE_SCREENSHOTS;
  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const screen of ['/home', '/subscriptions']) {
          await page.goto(screen);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.screenshot({
            path: path.join(shots, `${screen.slice(1)}-${width}-${scheme}.png`),
            fullPage: width === 390,
          });
        }
      }
    }
  }
});
