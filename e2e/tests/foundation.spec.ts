import { expect, test } from '../support/accounts';

test.describe('the app frame', () => {
  test('opens in Italian, switches language and theme, and finds its way home from a missing page', async ({
    page,
    request,
  }) => {
    const health = await request.get('/api/health');
    expect(health.ok()).toBe(true);
    expect(await health.json()).toMatchObject({ database: { status: 'up' }, queue: { status: 'up' } });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('link', { name: 'Privacy' }).first()).toBeVisible();

    // Language: Italian → English, kept across a reload.
    await page.getByRole('button', { name: 'Lingua: IT', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Language: EN', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Theme: dark, with the browser theme colour of spec §4, kept across a reload.
    await page.getByRole('button', { name: 'Theme', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /#111418/i);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Theme', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /#E4E9F1/i);

    // A missing page, then back home.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('reaches every signed-in section from the navigation', async ({ page, createUser, login }) => {
    await login(await createUser());
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    for (const [name, path] of [
      ['Esplora', '/explore'],
      ['I miei tornei', '/subscriptions'],
      ['Filtri', '/filters'],
      ['Notifiche', '/communication'],
      ['Impostazioni', '/settings'],
      ['Novità', '/whatsnew'],
      ['Home', '/home'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});
