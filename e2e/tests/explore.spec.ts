import type { CompetitionDetailResponse, SearchCompetitionsResponse } from '@radar/shared';
import { LAZIO_PROVINCE_OPTIONS } from '../../apps/web/test/fixtures/geo-options';
import { expect, test } from '../support/accounts';

/** Lazio, Roma: ISTAT codes. */
const LAZIO = 12;
const ROMA = 58;

test.describe('explore and tournament detail', () => {
  test('searches, filters by region and province, opens a detail and sees participants and documents', async ({
    page,
    createUser,
    login,
  }) => {
    // The first ingestion pass of a fresh app reads a national calendar: a bound for a hung one.
    test.setTimeout(600_000);
    await login(await createUser());

    // At first start the app ingests the federation's calendar (the journeys' simulator holds
    // 4,000 competitions over 65 weeks, e2e/support/app-server.ts): hundreds still to be played.
    const search = async (body: object) => {
      const response = await page.request.post('/api/competitions/search_competitions', { data: body });
      return (await response.json()) as SearchCompetitionsResponse;
    };
    await expect
      .poll(async () => (await search({ limit: 1 })).total, { timeout: 300_000 })
      .toBeGreaterThan(500);

    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Esplora i tornei' })).toBeVisible();
    const firstTitle = (await page.getByRole('article').first().getByRole('heading').textContent()) ?? '';
    expect(firstTitle.length).toBeGreaterThan(3);

    // Free text: the longest word of the first tournament's name finds it.
    const word = firstTitle.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0] ?? firstTitle;
    await page.getByRole('searchbox').fill(word);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(word);
    await expect(page.getByRole('link', { name: firstTitle, exact: true }).first()).toBeVisible();
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();

    // Region, then the provinces of that region only.
    await page.locator('summary', { hasText: 'Filtri' }).click();
    const province = page.getByLabel('Provincia');
    await expect(province).toBeDisabled();
    await page.getByLabel('Regione').selectOption({ label: 'Lazio' });
    await expect(province).toBeEnabled();
    await expect(province.locator('option')).toHaveText(LAZIO_PROVINCE_OPTIONS);
    await province.selectOption({ label: 'Roma (RM)' });
    await expect(page).toHaveURL(new RegExp(`regionId=${LAZIO}&provinceId=${ROMA}`));
    const expected = await search({ filters: { regionId: LAZIO, provinceId: ROMA }, limit: 100 });
    await expect(page.getByText(`Tornei trovati: ${expected.total}`)).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards).toHaveCount(Math.min(20, expected.total));
    // Every result is in the province of Rome.
    await expect(cards.filter({ hasText: /\(RM\)/ })).toHaveCount(Math.min(20, expected.total));
    // On a desktop the open filters sit beside the results: the first result is on the first screen.
    await expect(cards.first()).toBeInViewport();

    // By registration deadline: the server's order, kept in the address.
    await page.getByLabel('Ordina per').selectOption({ label: 'Scadenza iscrizioni' });
    await expect(page).toHaveURL(/sort=deadline/);
    const byDeadline = await search({
      filters: { regionId: LAZIO, provinceId: ROMA },
      sort: 'deadline',
      limit: 20,
    });
    await expect(cards.first().getByRole('heading')).toHaveText(byDeadline.items[0]?.name ?? '');
    await page.getByLabel('Ordina per').selectOption({ label: 'Data di inizio' });
    await expect(page).not.toHaveURL(/sort=/);

    // A tournament of Rome (one draw) with entries and published documents: the app reads the
    // details (entries, files) of the near calendar through its first ingestion pass.
    const fits = (c: SearchCompetitionsResponse['items'][number]) =>
      c.tournaments.length === 1 && c.participantsCount > 0 && c.itemsCount > 0;
    /** Its detail lists a document or an order of play (its items may be draws only). */
    const withFiles = async (c: SearchCompetitionsResponse['items'][number]) => {
      const answer = await page.request.get(`/api/competitions/${c.guid}`);
      if (!answer.ok()) return false;
      const { competition } = (await answer.json()) as CompetitionDetailResponse;
      return competition.documents.length + competition.ordersOfPlay.length > 0;
    };
    let target: SearchCompetitionsResponse['items'][number] | undefined;
    await expect
      .poll(
        async () => {
          target = undefined;
          const first = await search({ filters: { regionId: LAZIO, provinceId: ROMA }, limit: 100 });
          const pages = Math.ceil(first.total / 100);
          for (let next = 1; !target && next <= pages; next++) {
            const items =
              next === 1
                ? first.items
                : (await search({ filters: { regionId: LAZIO, provinceId: ROMA }, limit: 100, page: next }))
                    .items;
            for (const candidate of items.filter(fits)) {
              if (await withFiles(candidate)) {
                target = candidate;
                break;
              }
            }
          }
          return target !== undefined;
        },
        { timeout: 300_000, intervals: [5000] },
      )
      .toBe(true);
    if (!target) throw new Error('no tournament in Rome with entries and documents');
    await page.goto(`/explore?regionId=${LAZIO}&provinceId=${ROMA}&q=${encodeURIComponent(target.name)}`);
    // Its own link: the calendar holds other competitions of the same name.
    await page.locator(`a[href$="/competition/${target.guid}"]`).first().click();

    await expect(page).toHaveURL(new RegExp(`/competition/${target.guid}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await expect(page.getByText(/\(RM\)$/).first()).toBeVisible();
    // The draw with entries: its participants by position, and its documents.
    const withEntries = page.getByRole('table').first();
    await expect(withEntries.getByRole('row').nth(1)).toBeVisible();
    await expect(withEntries.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
    const published = page
      .getByRole('region')
      .filter({ has: page.getByRole('heading', { name: /^(Documenti|Ordine di gioco)$/ }) });
    await expect(published.getByRole('link').first()).toBeVisible();
    // Served through our server (the federation's own links are refused to browsers by CORS).
    const href = await published.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(
      new RegExp(`^/api/competitions/${target.guid}/files/(document|rules|order_of_play)/`),
    );
    const file = await page.request.get(href ?? '');
    expect(file.ok()).toBe(true);
    expect(file.headers()['content-type']).toContain('application/pdf');
  });
});

test.describe('the explore screen’s first paint', () => {
  // The page's own requests only: a service worker that has activated since the first visit would
  // serve the app's modules from its cache, out of `page.route`'s reach, and the frame would give
  // way before the test looks (a race with the worker's install, seen on a loaded machine).
  test.use({ serviceWorkers: 'block' });

  test('a returning signed-in user sees its frame from the HTML, then the app takes its place whole (decision 178)', async ({
    page,
    createUser,
    login,
  }) => {
    // A first visit keeps the signed-in user in the session store's copy, which index.html's
    // inline script reads on the next.
    await login(await createUser());
    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Esplora i tornei' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('radar-session'))).not.toBeNull();

    // Without the app's modules only index.html's inline scripts run: the signed-in frame.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/explore?tab=schedule');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'it');
    await expect(page.locator('#root [data-app-frame]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Esplora i tornei' })).toBeVisible();
    await expect(page.getByText('Cerca e sfoglia i tornei FITP in tutta Italia')).toBeVisible();

    // With the app: the moment the frame goes, the app's screen is in its place, never the
    // full-screen spinner (the results may still be loading below the screen's title).
    await page.unrouteAll();
    await page.addInitScript(() => {
      const seen: { spinner: boolean; heading: string | null }[] = [];
      Object.assign(window, { frameSwaps: seen });
      new MutationObserver((records) => {
        const removed = records.some((record) =>
          Array.from(record.removedNodes).some(
            (node) => node instanceof Element && node.hasAttribute('data-app-frame'),
          ),
        );
        if (!removed) return;
        seen.push({
          spinner: document.querySelector('#root [role="status"][aria-label="Caricamento…"]') !== null,
          heading: document.querySelector('#root h1')?.textContent ?? null,
        });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/explore?tab=schedule');
    await expect(page.getByRole('tab', { name: 'Calendario', selected: true })).toBeVisible();
    await expect(page.locator('[data-app-frame]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { frameSwaps: unknown[] }).frameSwaps)).toEqual([
      { spinner: false, heading: 'Esplora i tornei' },
    ]);
  });
});
