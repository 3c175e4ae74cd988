import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts';
import { simulatorPlayer, simulatorPublish } from '../support/simulator';

/**
 * Issue 31 point 1 (decision 206), on a phone: the entry badge tells the truth. A connected card
 * holder who has not said their gender is asked for it rather than told "Puoi iscriverti"; once
 * they set gender and birth year in Settings › FITP, a women's draw says "Tabellone femminile",
 * the open men's draw "Puoi iscriverti", and a tournament whose registration closed "Iscrizioni
 * chiuse". (Explore's "only tournaments I can enter" runs the same rule: server tests.)
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Opens a competition's page on the draw whose tab is named `draw`; its entry panel. */
async function entryPanelOf(page: Page, guid: string, draw: RegExp) {
  await page.goto(`/competition/${guid}`);
  const tab = page.getByRole('tab', { name: draw });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel').getByTestId('fitp-entry');
}

test('the entry badge says why not: gender asked, women’s draw, registration closed, open draw', async ({
  page,
  request,
  simulatorURL,
  createUser,
  login,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  // A player of the journey's own (a card no other journey or retry holds).
  const card = `70${Date.now().toString().slice(-8)}`;
  await simulatorPlayer(request, simulatorURL, {
    cardNumber: card,
    name: 'Paolo',
    surname: 'Verdetto',
    gender: 'M',
    ranking: '4.5',
    province: 'RM',
  });
  const draws = [
    {
      type: 'Femminile' as const,
      categoryClass: 4 as const,
      rankingLimit: '4.1',
      ageCategory: 'open' as const,
      description: 'Singolare femminile E2E',
    },
    {
      type: 'Maschile' as const,
      categoryClass: 4 as const,
      rankingLimit: '4.1',
      ageCategory: 'open' as const,
      description: 'Singolare maschile E2E',
    },
  ];
  const open = await simulatorPublish(request, simulatorURL, {
    name: `Open Verdetto ${suffix}`,
    province: 'RM',
    tournaments: draws,
  });
  const closed = await simulatorPublish(request, simulatorURL, {
    name: `Chiuso Verdetto ${suffix}`,
    province: 'RM',
    registrationClosesAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    tournaments: [draws[1] as (typeof draws)[number]],
  });

  await login(await createUser());
  const connected = await page.request.post('/api/fitp/validate', { data: { membershipCard: card } });
  expect(connected.status(), await connected.text()).toBe(200);

  // Gender not given: the men's draw is not claimed, the badge asks for it.
  let panel = await entryPanelOf(page, open.guid, /maschile/i);
  await expect(panel).not.toContainText('Puoi iscriverti');
  await panel.getByRole('link', { name: 'Indica sesso e anno di nascita in Impostazioni › FITP' }).click();

  // Settings › FITP: gender and birth year, with the line saying why.
  const form = page.getByRole('form', { name: 'Sesso e anno di nascita' });
  await expect(form).toContainText('Servono per dirti se puoi iscriverti a un tabellone.');
  await form.getByLabel('Sesso').selectOption({ label: 'Maschile' });
  await form.getByLabel('Anno di nascita').fill('1990');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Sesso e anno di nascita salvati', { exact: true })).toBeVisible();

  panel = await entryPanelOf(page, open.guid, /femminile/i);
  await expect(panel).toContainText('Tabellone femminile');
  await expect(panel).not.toContainText('Puoi iscriverti');
  panel = await entryPanelOf(page, open.guid, /maschile/i);
  await expect(panel).toContainText('Puoi iscriverti');
  // The badge fits the phone's width.
  const badge = panel.getByText('Puoi iscriverti');
  const box = await badge.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);

  await page.goto(`/competition/${closed.guid}`);
  await expect(page.getByTestId('fitp-entry')).toContainText('Iscrizioni chiuse');
  await expect(page.getByTestId('fitp-entry')).not.toContainText('Puoi iscriverti');
});
