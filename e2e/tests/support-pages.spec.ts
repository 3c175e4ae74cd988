import { expect, test } from '../support/accounts';

/** Issue 14: the donation and ambassador pages, from the footer and from the signed-in menu. */

test.describe('support pages', () => {
  test('a visitor reaches the donation and ambassador pages from the footer', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Offrimi una birra' }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offrimi una birra' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quanto costa tenerlo acceso' })).toBeVisible();
    // DONATION_URL is set for the e2e server.
    await expect(page.getByRole('main').getByRole('link', { name: 'Offrimi una birra' })).toHaveAttribute(
      'href',
      'https://donate.example/radar-tornei',
    );

    await page.getByRole('contentinfo').getByRole('link', { name: 'Diventa ambassador' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Diventa ambassador' })).toBeVisible();
    await expect(page.getByRole('img', { name: "Codice QR dell'indirizzo di Radar Tornei" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entra nel gruppo' })).toHaveAttribute(
      'href',
      'https://chat.example/radar-beta',
    );
    // No app store link is configured: no broken link.
    await expect(page.getByRole('link', { name: /Scarica per/ })).toHaveCount(0);
  });

  test('the ambassador page copies the link when the browser has no share sheet', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Chromium headless has a share sheet on some platforms: take it away.
    await page.addInitScript({
      content: "Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });",
    });
    await page.goto('/ambassador');
    await page.getByRole('button', { name: 'Condividi' }).click();
    await expect(page.getByText('Link copiato.')).toBeVisible();
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test('a signed-in user finds both pages in the account menu', async ({ page, createUser, login }) => {
    const account = await createUser();
    await login(account);
    await page.goto('/home');
    await page.getByRole('button', { name: `Account di ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Diventa ambassador' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Diventa ambassador' })).toBeVisible();
    await page.goto('/home');
    await page.getByRole('button', { name: `Account di ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Offrimi una birra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Offrimi una birra' })).toBeVisible();
  });
});
