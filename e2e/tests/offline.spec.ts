import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts';

/** The persisted query cache (apps/web/src/lib/query-persistence.ts). */
const QUERY_CACHE_KEY = 'radar-query-cache';

/** Waits until the service worker is active and controls the page (a reload offline needs it). */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    // First visit: the worker took over after the page loaded; the next load is controlled.
    await page.reload();
  }
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('offline: the app opens with the last loaded data, says it is offline, and an action says it needs the network', async ({
  page,
  context,
  createUser,
  login,
}) => {
  test.setTimeout(90_000);
  const account = await createUser();
  await login(account);
  const created = await page.request.post('/api/filters', {
    data: { name: 'Circoli di Isernia', notificationsEnabled: true, codFonte: 0, idStatopuc: 0 },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/filters');
  // Signed in through the API: a session in place, not a sign-in, so no onboarding guide.
  await page.getByRole('button', { name: 'Accetta' }).click();
  const filter = page.getByRole('article', { name: 'Circoli di Isernia' });
  await expect(filter).toBeVisible();
  await serviceWorkerInControl(page);
  await expect(filter).toBeVisible();
  // The cache is written at most once a second: wait for the copy holding the filter.
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', QUERY_CACHE_KEY))
    .toContain('Circoli di Isernia');

  await context.setOffline(true);
  await page.reload();

  // The shell from the service worker, the data from the persisted cache, and the notice.
  await expect(
    page.getByRole('status').filter({ hasText: 'Sei offline: vedi gli ultimi dati caricati.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(filter).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();

  // An action that needs the server: the switch goes back and the user is told why.
  const toggle = filter.getByRole('switch', { name: /Circoli di Isernia/ });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(
    page
      .getByRole('region', { name: 'Notifiche (F8)' })
      .getByText('Sei offline: questa azione richiede una connessione. Riprova quando sei di nuovo online.'),
  ).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Back online, the notice goes.
  await context.setOffline(false);
  await expect(page.getByText('Sei offline: vedi gli ultimi dati caricati.')).toBeHidden();
});
