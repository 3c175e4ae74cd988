import { expect, test } from '../support/accounts';

test.describe('social sign-in', () => {
  test('signs in with the OpenID provider and comes back to the page asked for', async ({
    page,
    oidcProviderURL,
  }) => {
    const email = `giulia.${Date.now().toString(36)}@example.it`;

    await page.goto('/filters');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Ffilters$/);
    await page.getByRole('link', { name: 'Continua con Google' }).click();

    // The provider's own sign-in page.
    await expect(page).toHaveURL(new RegExp(`^${oidcProviderURL}/interaction/`));
    await expect(page.getByRole('heading', { name: 'Test OpenID provider' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Name', { exact: true }).fill('Giulia Rossi');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/filters$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Filtri' })).toBeVisible();
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Ciao, Giulia_Rossi(_\d{4})?!$/ }),
    ).toBeVisible();

    // A new social account has no password: the Account tab offers to set one.
    await page.goto('/settings?tab=account');
    await expect(page.getByText(/Hai creato l’account con Google o Apple/)).toBeVisible();
    await expect(page.getByLabel('Password attuale')).toHaveCount(0);
  });

  test('comes back to the login with the reason when the user says no', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Continua con Google' }).click();
    await expect(page.getByRole('heading', { name: 'Test OpenID provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?error=access_denied$/);
    await expect(page.getByRole('alert')).toContainText('Accesso annullato: non hai dato il consenso.');
  });
});
