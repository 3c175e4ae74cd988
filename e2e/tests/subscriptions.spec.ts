import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CompetitionDetailResponse, NotificationList } from '@radar/shared';
import { expect, test } from '../support/accounts';
import { romeDay } from '../support/dates';
import { simulatorPublish } from '../support/simulator';

/**
 * Issue 7 "Done when": a user follows a tournament from its detail, turns its notifications off
 * and on in My tournaments, marks it lost and back, and sees a new-document notification after
 * the federation (the simulator) publishes one. Issue 31 point 3: each card has one primary
 * action and a menu, and "Segna come perso" only where a player can have lost (play begun).
 */

type Published = { guid: string; name: string; tournamentUid: string; description: string };

/**
 * A new competition on the federation simulator, with one draw: in Isernia and open for entries
 * unless `data` says otherwise.
 */
async function publishCompetition(
  request: APIRequestContext,
  page: Page,
  simulatorURL: string,
  data: { startDate?: string; endDate?: string; city?: string; province?: string } = {},
): Promise<Published> {
  const name = `Open E2E Seguiti ${Date.now().toString(36)}${data.startDate ? ' in corso' : ''}`;
  const { guid, tournamentUids } = await simulatorPublish(request, simulatorURL, {
    name,
    city: 'Isernia',
    province: 'IS',
    ...data,
  });
  const tournamentUid = tournamentUids[0] ?? '';

  // The app reads it at its next ingestion pass (every minute in the e2e server).
  let description = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/competitions/${guid}`);
        if (!answer.ok()) return '';
        const { competition } = (await answer.json()) as CompetitionDetailResponse;
        description = competition.tournaments[0]?.description ?? '';
        return description;
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .not.toBe('');
  return { guid, name, tournamentUid, description };
}

/** Opens a card's "more actions" menu. */
async function openMenu(card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: /^Altre azioni per / }).click();
  const menu = card.page().getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Follows the competition's tournament from its detail screen, through the confirmation. */
async function followFromDetail(page: Page, target: Published): Promise<void> {
  await page.goto(`/competition/${target.guid}`);
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  await page.getByRole('button', { name: 'Segui il torneo' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Seguire questo torneo?' });
  await expect(dialog).toContainText(target.name);
  await dialog.getByRole('button', { name: 'Segui', exact: true }).click();
  await expect(page.getByRole('switch', { name: /^Notifiche per / })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: 'Smetti di seguire' })).toBeVisible();
}

test.describe('followed tournaments', () => {
  test('follow from the detail, notifications off and on, lost and back, then a new-document notification', async ({
    page,
    request,
    simulatorURL,
    createUser,
    login,
  }) => {
    test.setTimeout(420_000);
    await login(await createUser());
    // Published together, read by the same ingestion pass: one open for entries, one in progress.
    const [target, ongoing] = await Promise.all([
      publishCompetition(request, page, simulatorURL),
      // Away from Isernia, where the dashboard's journey looks for the nearest five.
      publishCompetition(request, page, simulatorURL, {
        startDate: romeDay(),
        endDate: romeDay(3),
        city: 'Sondrio',
        province: 'SO',
      }),
    ]);
    await followFromDetail(page, target);
    // On the detail too, "Segna come perso" waits for play to begin.
    await expect(page.getByRole('button', { name: 'Segna come perso' })).toHaveCount(0);
    await followFromDetail(page, ongoing);
    await expect(page.getByText(/^Sei stato eliminato: il torneo passa tra i persi/)).toBeVisible();

    await page.goto('/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'I miei tornei' })).toBeVisible();
    const open = page.getByRole('region', { name: /^Iscrizioni aperte \d+$/ });
    const card = open.getByRole('article', { name: target.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(target.description);
    await expect(card).toContainText('Isernia (IS)');
    // 'il 9 dic', or 'l’8 dic' with Italian elision (days 1, 8 and 11: the test's date follows today's).
    await expect(card).toContainText(/Iscrizioni entro (?:il |l’)\d+ \w+ \d{4}, \d{2}:\d{2}/);
    // One primary action: the tournament.
    await expect(card.getByRole('link', { name: 'Apri il torneo' })).toHaveAttribute(
      'href',
      `/competition/${target.guid}`,
    );

    // Notifications off from the menu, kept after a reload, then on again.
    let menu = await openMenu(card);
    await expect(menu.getByRole('menuitem')).toHaveText(['Spegni le notifiche', 'Smetti di seguire']);
    await menu.getByRole('menuitem', { name: 'Spegni le notifiche' }).click();
    await expect(card.getByText('Notifiche spente')).toBeVisible();
    await page.reload();
    await expect(card.getByText('Notifiche spente')).toBeVisible();
    menu = await openMenu(card);
    await menu.getByRole('menuitem', { name: 'Accendi le notifiche' }).click();
    await expect(card.getByText('Notifiche spente')).toHaveCount(0);

    // Mark lost (confirmed) the one in progress: to the lost section, notifications off.
    const ongoingCard = page
      .getByRole('region', { name: /^In corso \d+$/ })
      .getByRole('article', { name: ongoing.name });
    menu = await openMenu(ongoingCard);
    await menu.getByRole('menuitem', { name: /^Segna come perso/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Segnare il torneo come perso?' })
      .getByRole('button', { name: 'Segna come perso' })
      .click();
    const lostCard = page
      .getByRole('region', { name: /^Persi \d+$/ })
      .getByRole('article', { name: ongoing.name });
    await expect(lostCard).toBeVisible();
    await expect(lostCard.getByText('Perso', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: /^In corso/ })).toHaveCount(0);

    // Remove the mark (confirmed): back in its section with notifications on, as before.
    menu = await openMenu(lostCard);
    await expect(menu.getByRole('menuitem')).toHaveText(['Togli il segno di perso', 'Smetti di seguire']);
    await menu.getByRole('menuitem', { name: 'Togli il segno di perso' }).click();
    await page
      .getByRole('alertdialog', { name: 'Togliere il segno di perso?' })
      .getByRole('button', { name: 'Togli il segno' })
      .click();
    await expect(ongoingCard).toBeVisible();
    await expect(ongoingCard.getByText('Notifiche spente')).toHaveCount(0);
    await expect(page.getByRole('region', { name: /^Persi/ })).toHaveCount(0);

    // The detail agrees.
    await card.getByRole('link', { name: 'Apri il torneo' }).click();
    await expect(page).toHaveURL(new RegExp(`/competition/${target.guid}$`));
    await expect(page.getByRole('switch', { name: /^Notifiche per / })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // The federation publishes a document for it: the follower is notified in the app.
    const title = `Circolare E2E ${Date.now().toString(36)}`;
    const published = await request.post(`${simulatorURL}/__sim/documents`, {
      data: { tournamentUid: target.tournamentUid, title },
    });
    expect(published.ok(), await published.text()).toBe(true);

    // The follower opens the tournament again: the visit reads the federation anew (once the
    // stored detail is a minute old), files included, and records the new document; live updates
    // notify the follower.
    await expect
      .poll(
        async () => {
          await page.reload();
          const inbox = (await (
            await page.request.get('/api/notifications?limit=100')
          ).json()) as NotificationList;
          return inbox.items.some(
            (item) =>
              item.type === 'new_document' && (item.params.tournamentName ?? '').includes(target.name),
          );
        },
        { timeout: 240_000, intervals: [5000] },
      )
      .toBe(true);

    await page.goto('/communication');
    const list = page.getByRole('region', { name: 'Elenco delle notifiche' });
    const item = list.getByRole('link', { name: new RegExp(`Nuovo documento: ${target.name}`) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Non letta');
  });
});
