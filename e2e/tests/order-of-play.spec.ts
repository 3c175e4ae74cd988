import path from 'node:path';
import {
  type CompetitionDetailResponse,
  formatOrderOfPlayMatch,
  type Notification,
  type NotificationList,
} from '@radar/shared';
import { expect, test } from '../support/accounts';
import { waitUntilSearchable } from '../support/app-api';
import { romeDay } from '../support/dates';
import {
  simulatorEnter,
  simulatorOrderOfPlay,
  simulatorPlayer,
  simulatorPublish,
} from '../support/simulator';

/**
 * Issue 29 point 2 on a phone (390 px): a followed tournament publishes an order of play with the
 * user's card in it; the app reads the PDF once, the notification says the day, time, court and
 * opponent and links the file, and the dashboard's next-tournament card says the match.
 *
 * `OOP_SCREENSHOTS=<dir>` also saves My tournaments' card and the notification at 390 and
 * 1280 px, light and dark, in Italian and English, for a reviewer.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A card number of 10 digits no other journey uses. */
const newCard = () => String(5_000_000_000 + Math.floor(Math.random() * 4_000_000_000));

test('phone: an order of play with the user in it tells the match time, on the dashboard and in the inbox', async ({
  page,
  request,
  simulatorURL,
  createUser,
  login,
}) => {
  // The first ingestion pass, the one that reads the competition, then the order of play.
  test.setTimeout(720_000);
  await login(await createUser());

  // The user's card and an opponent's, both entered in a tournament that starts tomorrow.
  const mine = newCard();
  const theirs = newCard();
  await simulatorPlayer(request, simulatorURL, { cardNumber: mine, name: "Nicolo'", surname: "D'Amico" });
  await simulatorPlayer(request, simulatorURL, { cardNumber: theirs, name: 'Mario', surname: 'Rossi' });
  const name = `Open E2E Orari ${Date.now().toString(36)}`;
  const tomorrow = romeDay(1);
  const { guid, tournamentUids } = await simulatorPublish(request, simulatorURL, {
    name,
    city: 'Belluno',
    province: 'BL',
    startDate: tomorrow,
    endDate: romeDay(3),
  });
  for (const cardNumber of [mine, theirs]) {
    await simulatorEnter(request, simulatorURL, tournamentUids[0] ?? '', { cardNumber });
  }
  const card = await page.request.post('/api/fitp/validate', { data: { membershipCard: mine } });
  expect(card.ok(), await card.text()).toBe(true);
  await waitUntilSearchable(page, { guid, name, provinceId: 25 });
  // Followed: by the card radar (the card is entered), or here if it has not run yet.
  const detail = (await (
    await page.request.get(`/api/competitions/${guid}`)
  ).json()) as CompetitionDetailResponse;
  const followed = await page.request.post('/api/subscriptions/tournaments/subscribe', {
    data: { competitionGuid: guid, tournamentUuid: detail.competition.tournaments[0]?.uuid ?? '' },
  });
  expect([201, 409], await followed.text()).toContain(followed.status());

  // The club publishes tomorrow's order of play: a grid of courts by times. A file the app's
  // very first ingestion pass records is not news and is told to nobody (ingestion's baseline): on
  // an app that has just started, the club publishes the next day's until one is told.
  const matchOn = (date: string) => ({
    date,
    time: '10:30',
    timeKind: 'at' as const,
    court: '3',
    opponents: ['ROSSI MARIO'],
  });
  const deadline = Date.now() + 480_000;
  let told: { fileName: string; match: ReturnType<typeof matchOn> } | undefined;
  for (let day = 1; !told; day++) {
    const date = romeDay(day);
    const fileName = await simulatorOrderOfPlay(request, simulatorURL, {
      competitionGuid: guid,
      date,
      layout: 'grid',
      matches: [{ time: '10:30', court: 3, top: [theirs], bottom: [mine] }],
    });
    // A visit of the tournament reads its orders of play, and asks for a live-updates pass.
    let notification: Notification | undefined;
    try {
      await expect
        .poll(
          async () => {
            await page.request.get(`/api/competitions/${guid}`);
            const list = (await (await page.request.get('/api/notifications')).json()) as NotificationList;
            notification = list.items.find(
              (n) =>
                n.type === 'new_order_of_play' && n.params.fileUrl?.endsWith(encodeURIComponent(fileName)),
            );
            return notification !== undefined;
          },
          { timeout: 150_000, intervals: [3000] },
        )
        .toBe(true);
    } catch (error) {
      if (Date.now() > deadline || day >= 3) throw error;
      continue;
    }
    told = { fileName, match: matchOn(date) };
    expect(notification?.params.match).toEqual(told.match);
  }
  const { fileName } = told;
  const body = formatOrderOfPlayMatch('it', told.match, { capitalized: true });
  // The dashboard and the tournament say the first match: tomorrow's (every file is read).
  const match = matchOn(romeDay(1));

  // The dashboard's next tournament says the match.
  await page.goto('/home');
  const next = page.getByRole('region', { name: 'I miei tornei' }).getByText('Prossimo torneo').locator('..');
  await expect(next.getByRole('link', { name })).toBeVisible();
  await expect(next).toContainText(`Il tuo prossimo incontro: ${formatOrderOfPlayMatch('it', match)}`);

  // So does the tournament's order-of-play section.
  await page.goto(`/competition/${guid}`);
  await expect(page.getByRole('region', { name: 'Ordine di gioco' })).toContainText(
    `Il tuo prossimo incontro: ${formatOrderOfPlayMatch('it', match)}`,
  );

  // The inbox says it too, and opens the file through our server.
  await page.goto('/communication');
  await page
    .getByRole('link', { name: new RegExp(`Ordine di gioco: ${name}`) })
    .first()
    .click();
  const article = page.getByRole('article');
  await expect(article.getByText(`${body}.`)).toBeVisible();
  const link = article.getByRole('link', { name: 'Apri l’ordine di gioco' });
  await expect(link).toHaveAttribute(
    'href',
    `/api/competitions/${guid}/files/order_of_play/${encodeURIComponent(fileName)}`,
  );
  const file = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(file.ok()).toBe(true);
  expect(file.headers()['content-type']).toContain('application/pdf');

  const shots = process.env.OOP_SCREENSHOTS;
  if (shots) {
    const detail = page.url();
    for (const language of ['it', 'en'] as const) {
      await page.evaluate((lng) => localStorage.setItem('app-language', lng), language);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto('/home');
          const card = page.getByRole('region', {
            name: language === 'it' ? 'I miei tornei' : 'My tournaments',
          });
          await expect(card).toContainText(
            language === 'it' ? 'Il tuo prossimo incontro' : 'Your next match',
          );
          await card.screenshot({ path: path.join(shots, `home-${language}-${width}-${scheme}.png`) });
          await page.goto(detail);
          await expect(page.getByRole('article')).toBeVisible();
          await page.screenshot({ path: path.join(shots, `inbox-${language}-${width}-${scheme}.png`) });
        }
      }
    }
  }
});
