import { expect, latestCode, test, uniqueAccount } from '../support/accounts';

test.describe('an account from registration to deletion', () => {
  test('registers, verifies, signs out and in, resets the password, changes language and deletes the account', async ({
    page,
    request,
  }) => {
    const account = uniqueAccount();
    const newPassword = 'Rovescio2025';

    // Register on the one login/register screen.
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeVisible();
    await page.getByRole('link', { name: 'Registrati' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeVisible();
    await page.getByLabel('Nome utente').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Conferma la password').fill('password');
    await page.getByRole('button', { name: 'Crea l’account' }).click();
    await expect(
      page.getByText('Usa almeno 8 caratteri, con una lettera maiuscola, una minuscola e un numero'),
    ).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Conferma la password').fill(account.password);
    await page.getByRole('button', { name: 'Crea l’account' }).click();

    // Verify with the code from the captured email.
    await expect(page.getByRole('heading', { level: 1, name: 'Verifica la tua email' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Nuovo codice tra \d+ s/ })).toBeDisabled();
    const code = await latestCode(request, account.email, /codice di verifica/);
    await page.getByLabel('Codice a 6 cifre').fill(code);
    await page.getByRole('button', { name: 'Verifica' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // The first sign-in opens the onboarding guide, once (spec §1).
    await page
      .getByRole('dialog', { name: 'Crea i tuoi filtri' })
      .getByRole('button', { name: 'Salta' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${account.username}!` })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Azioni rapide' }).getByRole('link', { name: /Crea un filtro/ }),
    ).toBeVisible();

    // Sign out from the account menu, then back in.
    await page.getByRole('button', { name: `Account di ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    // Signing out lands on the landing page (issue 18).
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Radar Tornei' })).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fhome$/);
    await page.getByLabel('Email o nome utente').fill(account.username);
    await page.getByLabel('Password').fill('Sbagliata99');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toContainText('Credenziali non valide.');
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${account.username}!` })).toBeVisible();

    // Forgot password: sign out, ask for a code, set a new password.
    await page.getByRole('button', { name: `Account di ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeVisible();
    await page.getByLabel('Email o nome utente').fill(account.email);
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reimposta la password' })).toBeVisible();
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Nuovo codice tra \d+ s/ })).toBeDisabled();
    const resetCode = await latestCode(request, account.email, /reimpostare la password/);
    await page.getByLabel('Codice a 6 cifre').fill(resetCode);
    await page.getByLabel('Nuova password').fill(newPassword);
    await page.getByLabel('Conferma la password').fill(newPassword);
    await page.getByRole('button', { name: 'Reimposta la password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reimpostata' })).toBeVisible();
    await page.getByRole('link', { name: 'Vai all’accesso' }).click();
    await expect(page.getByLabel('Email o nome utente')).toHaveValue(account.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${account.username}!` })).toBeVisible();

    // Settings › Profile: English as the preferred language.
    await page.getByRole('link', { name: /Gestisci le impostazioni/ }).click();
    await expect(page.getByRole('tab', { name: 'Profilo' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Nome utente')).toHaveValue(account.username);
    await expect(page.getByLabel('Nome utente')).toHaveAttribute('readonly', '');
    await page.getByLabel('Lingua preferita').selectOption('en');
    await page.getByRole('button', { name: 'Salva le modifiche' }).click();
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByLabel('Preferred language')).toHaveValue('en');

    // Settings › Account: delete, typing the confirmation word.
    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=account$/);
    const deleteButton = page.getByRole('button', { name: 'Delete permanently' });
    await expect(deleteButton).toBeDisabled();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await deleteButton.click();
    await expect(page).toHaveURL(/\/goodbye$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeVisible();

    // The account is gone.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login/);
    const gone = await request.post('/api/login', { data: { email: account.email, password: newPassword } });
    expect(gone.status()).toBe(401);
  });
});

test.describe('the sign-in screen', () => {
  test('paints from the HTML before any script, its form waiting for the app (decision 164)', async ({
    page,
  }) => {
    // Without the app's modules only index.html's inline scripts run.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth/login');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'it');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi a Radar Tornei' })).toBeVisible();
    await expect(page.getByText('Radar Tornei è un progetto indipendente')).toBeVisible();
    // Nothing can be typed or sent before the app's own form takes its place.
    await expect(page.locator('#root form')).toHaveJSProperty('inert', true);

    // With the app, the same screen, its form live.
    await page.unrouteAll();
    await page.goto('/auth/login?redirect=%2Fexplore');
    await expect(page.getByLabel('Email o nome utente')).toBeEditable();
    await expect(page.locator('#root form')).toHaveJSProperty('inert', false);
  });
});
