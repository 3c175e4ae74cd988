import type { APIRequestContext, Page } from '@playwright/test';
import type { CompetitionDetailResponse } from '@radar/shared';
import { expect, test } from '../support/accounts';
import { simulatorEnter, simulatorPublish } from '../support/simulator';

/**
 * Issue 13: a user connects one of the simulator's demo cards, sees the player data, accepts the
 * sync, sees the position on a detail (the federation publishes no cut line), then the federation stops and the last data
 * stays with the degraded notice, fresh again once the service returns.
 */

/** Alberto Giordano, 4.5, Trapani: a demo card of the default seed (packages/fitp-simulator). */
const DEMO_CARD = '5445537108';

type Published = { guid: string; name: string };

/**
 * A competition in Trapani with one draw: two better-ranked players and the demo card enter, so
 * the card is third by ranking. Waits until the app has read it.
 */
async function publishWithEntries(
  request: APIRequestContext,
  page: Page,
  simulatorURL: string,
): Promise<Published> {
  const name = `Open E2E Tessera ${Date.now().toString(36)}`;
  const { guid, tournamentUids } = await simulatorPublish(request, simulatorURL, {
    name,
    city: 'Trapani',
    province: 'TP',
    tournaments: [
      {
        type: 'Maschile',
        categoryClass: 4,
        rankingLimit: '4.1',
        maxParticipants: 2,
        admissionType: 'classifica',
      },
    ],
  });
  const tournamentUid = tournamentUids[0] ?? '';
  for (const entry of [
    { name: 'Luca', surname: 'Forte', ranking: '4.1' },
    { name: 'Marco', surname: 'Medio', ranking: '4.2' },
    { cardNumber: DEMO_CARD },
  ]) {
    await simulatorEnter(request, simulatorURL, tournamentUid, entry);
  }
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/competitions/${guid}`);
        if (!answer.ok()) return 0;
        const { competition } = (await answer.json()) as CompetitionDetailResponse;
        return competition.tournaments[0]?.participants.length ?? 0;
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toBe(3);
  return { guid, name };
}

test.describe('the FITP card', () => {
  test.afterEach(async ({ request, simulatorURL }) => {
    await request.delete(`${simulatorURL}/__sim/faults`);
  });

  test('connect a demo card, see the data, accept the sync, the position and cut line, then the degraded data', async ({
    page,
    request,
    simulatorURL,
    createUser,
    login,
  }) => {
    test.setTimeout(420_000);
    await login(await createUser());
    const target = await publishWithEntries(request, page, simulatorURL);

    // Connect the card from Settings › FITP.
    await page.goto('/settings?tab=fitp');
    await expect(page.getByRole('tab', { name: 'FITP' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Collega la tessera' }).click();
    await page.getByLabel('Numero di tessera FITP').fill('1234');
    await page.getByRole('button', { name: 'Verifica e collega' }).click();
    await expect(page.getByText('Il numero di tessera è troppo corto')).toBeVisible();
    await page.getByLabel('Numero di tessera FITP').fill(DEMO_CARD);
    await page.getByRole('button', { name: 'Verifica e collega' }).click();

    // The sync dialog opens by itself with the card's entries; the new competition is among them.
    const dialog = page.getByRole('dialog', { name: 'Allinea i tornei con le tue iscrizioni' });
    await expect(dialog).toBeVisible();
    const toAdd = dialog.getByRole('group', { name: /^Iscritto, non seguito: da seguire \(\d+\)$/ });
    await expect(toAdd.getByText(target.name)).toBeVisible({ timeout: 30_000 });
    await expect(toAdd.getByRole('checkbox', { name: new RegExp(target.name) })).toBeChecked();
    await dialog.getByRole('button', { name: /^Applica \(\d+\)$/ }).click();
    await expect(dialog.getByTestId('fitp-sync-outcome')).toContainText(
      'Fatto: i tuoi tornei sono allineati con le tue iscrizioni.',
      { timeout: 60_000 },
    );
    await dialog.getByRole('button', { name: 'Chiudi' }).first().click();

    // The player data.
    const player = page.getByTestId('fitp-player');
    // The federation's sheet writes names in capitals.
    await expect(player).toContainText(/Alberto Giordano/i);
    await expect(player).toContainText(DEMO_CARD);
    await expect(player).toContainText('4.5');
    await expect(page.getByText('Tessera verificata')).toBeVisible();

    // Followed now, with the position on the detail.
    await page.goto(`/competition/${target.guid}`);
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Smetti di seguire' })).toBeVisible();
    const entry = page.getByTestId('fitp-entry');
    await expect(entry).toContainText('3° su 3 per classifica');
    // The federation's detail states no entry cap: no cut line or reserve place is claimed.
    await expect(entry).toContainText('Posti non ancora pubblicati');
    await expect(entry).not.toContainText('Riserva');
    await expect(entry.getByRole('listitem').filter({ hasText: 'Tu' })).toContainText(/Giordano Alberto/i);

    // The federation stops answering card calls: once the saved data is over a minute old, the
    // settings show it under the degraded notice.
    const fault = await request.post(`${simulatorURL}/__sim/faults`, {
      data: { kind: 'error', endpoint: 'card', status: 503 },
    });
    expect(fault.ok(), await fault.text()).toBe(true);
    await page.goto('/settings?tab=fitp');
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByTestId('fitp-player')).toBeVisible();
          return page
            .getByText('Dati forse non aggiornati')
            .or(page.getByText(/non è al momento raggiungibile/))
            .count();
        },
        { timeout: 150_000, intervals: [5000] },
      )
      .toBeGreaterThan(0);
    await expect(page.getByTestId('fitp-player')).toContainText(/Alberto Giordano/i);

    // The service returns: fresh data replaces the notice without a reload.
    await request.delete(`${simulatorURL}/__sim/faults`);
    await expect(page.getByText(/non è al momento raggiungibile/)).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId('fitp-player')).toContainText(/Alberto Giordano/i);
  });
});
