import type { APIRequestContext, Page } from '@playwright/test';
import type { CompetitionDetailResponse, NotificationList } from '@radar/shared';
import { expect, test } from '../support/accounts';

/**
 * Issue 7 "Done when": a user follows a tournament from its detail, turns its notifications off
 * and on in My tournaments, marks it lost and back, and sees a new-document notification after
 * the federation (the simulator) publishes one.
 */

type Published = { guid: string; name: string; tournamentUid: string; description: string };

/** A new competition in Isernia on the federation simulator, with one draw, open for entries. */
async function publishCompetition(
  request: APIRequestContext,
  page: Page,
  simulatorURL: string,
): Promise<Published> {
  const name = `Open E2E Seguiti ${Date.now().toString(36)}`;
  const response = await request.post(`${simulatorURL}/__sim/competitions`, {
    data: { name, city: 'Isernia', province: 'IS' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { guid, tournamentUids } = (await response.json()) as { guid: string; tournamentUids: string[] };
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
    const target = await publishCompetition(request, page, simulatorURL);
    await followFromDetail(page, target);

    await page.goto('/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'I miei tornei' })).toBeVisible();
    const open = page.getByRole('region', { name: /^Iscrizioni aperte \d+$/ });
    const card = open.getByRole('article', { name: target.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(target.description);
    await expect(card).toContainText('Isernia (IS)');
    // 'il 9 dic', or 'l’8 dic' with Italian elision (days 1, 8 and 11: the test's date follows today's).
    await expect(card).toContainText(/Iscrizioni entro (?:il |l’)\d+ \w+ \d{4}, \d{2}:\d{2}/);

    // Notifications off, kept after a reload, then on again.
    const toggle = card.getByRole('switch', { name: `Notifiche per ${target.name} – ${target.description}` });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    // Mark lost (confirmed): to the lost section, notifications off.
    await card.getByRole('button', { name: 'Segna come perso' }).click();
    await page
      .getByRole('alertdialog', { name: 'Segnare il torneo come perso?' })
      .getByRole('button', { name: 'Segna come perso' })
      .click();
    const lostCard = page
      .getByRole('region', { name: /^Persi \d+$/ })
      .getByRole('article', { name: target.name });
    await expect(lostCard).toBeVisible();
    await expect(lostCard.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    await expect(lostCard.getByRole('switch')).toBeDisabled();
    await expect(open.getByRole('article', { name: target.name })).toHaveCount(0);

    // Remove the mark (confirmed): back in its section with notifications on, as before.
    await lostCard.getByRole('button', { name: 'Togli il segno di perso' }).click();
    await page
      .getByRole('alertdialog', { name: 'Togliere il segno di perso?' })
      .getByRole('button', { name: 'Togli il segno' })
      .click();
    await expect(card).toBeVisible();
    await expect(card.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('region', { name: /^Persi/ })).toHaveCount(0);

    // The detail agrees.
    await page.getByRole('link', { name: target.name }).click();
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
