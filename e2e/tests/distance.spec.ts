import type { SearchCompetitionsResponse } from '@radar/shared';
import { expect, test } from '../support/accounts';
import { search } from '../support/app-api';

/**
 * Issue 29 point 3 and issue 31 point 6 on a phone (390 px): the postal code given on the
 * dashboard is where Explore measures from; sorted by distance and within 30 km of Milano
 * (20121), the results are the simulator's competitions played around Milano, each card with its km.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('phone: within 30 km of the dashboard’s postal code, sorted by distance, each card with its km', async ({
  page,
  createUser,
  login,
}) => {
  // The first ingestion pass of a fresh app reads a national calendar: a bound for a hung one.
  test.setTimeout(600_000);
  await login(await createUser());
  await expect
    .poll(async () => (await search(page, { limit: 1 })).total, { timeout: 300_000 })
    .toBeGreaterThan(500);

  // The dashboard's "near you" takes the postal code and remembers it in this browser.
  await page.goto('/home');
  const nearYou = page.getByRole('region', { name: 'Tornei vicino a te' });
  await nearYou.getByLabel('CAP').fill('20121');
  await nearYou.getByRole('button', { name: 'Cerca' }).click();
  await expect(nearYou).toContainText('CAP 20121');

  // Explore offers the distance sort from that postal code.
  await page.goto('/explore');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByLabel('Ordina per').selectOption({ label: 'Distanza' });
  await expect(page).toHaveURL(/nearPostalCode=20121.*sort=distance/);

  // "Within 30 km" among the filters, measured from the same postal code.
  await page.locator('summary', { hasText: 'Filtri' }).click();
  await expect(page.getByLabel('CAP da cui misurare')).toHaveValue('20121');
  await page.getByLabel('Distanza').selectOption({ label: 'Entro 30 km' });
  await expect(page).toHaveURL(/withinKm=30/);

  const expected: SearchCompetitionsResponse = await search(page, {
    filters: { withinKm: 30, nearPostalCode: '20121' },
    sort: 'distance',
    limit: 20,
  });
  expect(expected.total).toBeGreaterThan(0);
  await expect(page.getByText(`Tornei trovati: ${expected.total}`)).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(Math.min(20, expected.total));
  // The first card is the search's first, with its distance in km, within the 30.
  const first = expected.items[0];
  expect(first?.distanceKm).not.toBeNull();
  const km = first?.distanceKm ?? 0;
  expect(km).toBeLessThanOrEqual(30);
  const firstCard = cards.first();
  await expect(firstCard.getByRole('link', { name: first?.name ?? '', exact: true })).toBeVisible();
  await expect(firstCard).toContainText(/a \d+(,\d)? km/);
  // Every card says how far it is.
  await expect(cards.filter({ hasText: /a \d+(,\d)? km/ })).toHaveCount(Math.min(20, expected.total));
  await firstCard.scrollIntoViewIfNeeded();
  // `DISTANCE_SCREENSHOTS=<dir>`: the panel and the cards at 390 and 1280 px, light and dark, Italian and English.
  const shots = process.env.DISTANCE_SCREENSHOTS;
  if (shots) {
    await page.screenshot({ path: `${shots}/cards-390-it-light.png` });
    await page.getByLabel('Distanza').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/panel-390-it-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${shots}/panel-390-it-dark.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${shots}/explore-1280-it-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Lingua: IT' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByLabel('Sort by')).toBeVisible();
    await page.screenshot({ path: `${shots}/explore-1280-en-light.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Distance', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/panel-390-en-light.png` });
  }
});
