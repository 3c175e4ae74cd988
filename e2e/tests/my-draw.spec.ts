import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { CompetitionDetailResponse, NotificationList } from '@radar/shared';
import { expect, test } from '../support/accounts';
import { follow } from '../support/app-api';
import { romeDay } from '../support/dates';
import {
  simulatorEnter,
  simulatorPlayer,
  simulatorPublish,
  simulatorPublishDraw,
  simulatorScore,
} from '../support/simulator';

/**
 * Issue 29 point 1 on a phone (390 px): a player whose card is in a followed tournament's draw
 * sees "Il mio tabellone" — before the first round is played, the potential opponents; once it
 * is, the opponent with ranking and seed — and the bracket with their path highlighted, and the
 * inbox says "giochi contro" once.
 *
 * `MY_DRAW_SCREENSHOTS=<dir>` also saves the tournament page at 390 and 1280 px, light and dark.
 */

test.use({ viewport: { width: 390, height: 844 } });

const MINUTE = 60_000;

/** The draw as the app's detail answers it: the user's next opponent's name, or null. */
async function myNext(page: Page, guid: string) {
  const answer = await page.request.get(`/api/competitions/${guid}`);
  if (!answer.ok()) return null;
  const { competition } = (await answer.json()) as CompetitionDetailResponse;
  return competition.tournaments[0]?.draws[0]?.myDraw?.next ?? null;
}

/** The user's "next opponent" notifications. */
async function nextOpponentNotices(page: Page) {
  const inbox = (await (await page.request.get('/api/notifications?limit=100')).json()) as NotificationList;
  return inbox.items.filter((n) => n.type === 'new_scoreboard' && n.params.personal === 'next_opponent');
}

test('my draw: potential opponents, then the opponent, the path highlighted, and "giochi contro" once', async ({
  page,
  request,
  simulatorURL,
  createUser,
  login,
}) => {
  test.setTimeout(480_000);
  await login(await createUser());

  // The user's card: a player of the simulator, connected as Settings › FITP does.
  const card = String(Date.now()).slice(-10);
  await simulatorPlayer(request, simulatorURL, {
    cardNumber: card,
    name: 'Mario',
    surname: 'Tabellone',
    ranking: '4.1',
    gender: 'M',
  });
  const connected = await page.request.post('/api/fitp/validate', { data: { membershipCard: card } });
  expect(connected.ok(), await connected.text()).toBe(true);

  // A tournament starting tomorrow, registration just closed: the user (seed 1, a bye) and two others.
  const name = `Open E2E Tabellone ${Date.now().toString(36)}`;
  const now = Date.now();
  const { guid, tournamentUids } = await simulatorPublish(request, simulatorURL, {
    name,
    city: 'Lecco',
    province: 'LC',
    startDate: romeDay(1),
    endDate: romeDay(3),
    registrationOpensAt: new Date(now - 2 * 24 * 60 * MINUTE).toISOString(),
    registrationClosesAt: new Date(now - MINUTE).toISOString(),
    tournaments: [{ type: 'Maschile', categoryClass: 4 }],
  });
  const uid = tournamentUids[0] ?? '';
  await simulatorEnter(request, simulatorURL, uid, { cardNumber: card });
  await simulatorEnter(request, simulatorURL, uid, { name: 'Paolo', surname: 'Secondo', ranking: '4.3' });
  await simulatorEnter(request, simulatorURL, uid, { name: 'Ugo', surname: 'Terzo', ranking: '4.4' });
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/competitions/${guid}`);
        if (!answer.ok()) return 0;
        return ((await answer.json()) as CompetitionDetailResponse).competition.tournaments[0]?.participants
          .length;
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toBe(3);
  await follow(page, guid);

  // The draw is published: 4 slots, the user's bye, the other semifinal to be played.
  await simulatorPublishDraw(request, simulatorURL, uid);
  // Each visit reads the federation anew once the stored detail is a minute old, draws included.
  await expect
    .poll(async () => (await myNext(page, guid))?.potential.length ?? 0, {
      timeout: 180_000,
      intervals: [5000],
    })
    .toBe(2);

  await page.goto(`/competition/${guid}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Il mio tabellone' });
  await expect(mine).toContainText('Prossimo incontro · Finale');
  await expect(mine).toContainText('Avversario da definire, uno tra:');
  // The seed before the name, the ranking after.
  await expect(mine.getByRole('listitem').filter({ hasText: 'SECONDO PAOLO' })).toHaveText(
    '[2] SECONDO PAOLOClassifica 4.3',
  );
  await expect(mine.getByRole('listitem').filter({ hasText: 'TERZO UGO' })).toContainText('Classifica 4.4');

  // The other semifinal is played: the seed 2 wins. The next visit tells the opponent.
  await simulatorScore(request, simulatorURL, {
    tournamentUid: uid,
    round: 1,
    position: 2,
    winner: 1,
    score: '63 64',
  });
  await expect
    .poll(async () => (await myNext(page, guid))?.opponent?.players[0]?.name ?? '', {
      timeout: 180_000,
      intervals: [5000],
    })
    .toBe('SECONDO PAOLO');
  await page.reload();
  await expect(mine).toContainText('Prossimo incontro · Finale');
  await expect(mine).toContainText('[2] SECONDO PAOLO');
  await expect(mine).toContainText('Classifica 4.3 · Testa di serie n. 2');
  await expect(mine).toContainText('Semifinali');
  await expect(mine).toContainText('Bye');

  // The bracket: the round buttons, the user's matches highlighted, the final derived.
  const bracket = page.getByRole('region', { name: /Tabellone finale$/ });
  await expect(
    bracket.getByRole('navigation', { name: 'Turni del tabellone' }).getByRole('button'),
  ).toHaveText(['Semifinali', 'Finale']);
  await bracket.getByRole('button', { name: 'Finale' }).click();
  const final = bracket.getByRole('region', { name: 'Finale' }).getByRole('listitem');
  await expect(final).toContainText('TABELLONE MARIO');
  await expect(final).toContainText('SECONDO PAOLO');
  await expect(final).toHaveClass(/ring-primary/);
  await expect(final).toBeInViewport();
  const semis = bracket.getByRole('region', { name: 'Semifinali' }).getByRole('listitem');
  await expect(semis.filter({ hasText: 'TERZO UGO' })).not.toHaveClass(/ring-primary/);
  await expect(semis.filter({ hasText: 'TABELLONE MARIO' })).toHaveClass(/ring-primary/);
  // Nothing wider than the phone; no serious accessibility violation in either theme.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .include('[data-testid="my-draw"]')
      .include('section[aria-label$="Tabellone finale"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The inbox: "giochi contro", once.
  await expect.poll(async () => (await nextOpponentNotices(page)).length, { timeout: 120_000 }).toBe(1);
  await page.goto('/communication');
  const list = page.getByRole('region', { name: 'Elenco delle notifiche' });
  await expect(
    list.getByRole('link', { name: /In finale giochi contro SECONDO PAOLO \(4\.3\)/ }),
  ).toHaveCount(1);
  // A later visit reads the same draw again (the detail's read instant moves): nothing new is told.
  const readAt = async () =>
    ((await (await page.request.get(`/api/competitions/${guid}`)).json()) as CompetitionDetailResponse)
      .competition.detailUpdatedAt;
  const told = await readAt();
  await expect.poll(readAt, { timeout: 150_000, intervals: [5000] }).not.toBe(told);
  expect(await nextOpponentNotices(page)).toHaveLength(1);

  const dir = process.env.MY_DRAW_SCREENSHOTS;
  if (dir) {
    // The cookie bar out of the way of the screenshots.
    await page.getByRole('button', { name: 'Rifiuta' }).click();
    for (const width of [390, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/competition/${guid}`);
        await expect(mine).toBeVisible();
        await page.screenshot({ path: `${dir}/my-draw-${width}-${scheme}.png`, fullPage: true });
        await mine.screenshot({ path: `${dir}/my-draw-card-${width}-${scheme}.png` });
        await bracket.screenshot({ path: `${dir}/my-draw-bracket-${width}-${scheme}.png` });
      }
    }
  }
});
