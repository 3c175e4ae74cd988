import type { APIRequestContext, Page } from '@playwright/test';
import type { CompetitionDetailResponse, NotificationList } from '@radar/shared';
import { expect, test } from '../support/accounts';
import { simulatorEnter, simulatorPlayer, simulatorPublish } from '../support/simulator';

/**
 * Issue 31, point 9 ("Broken things"), on a phone (390 px): "Segna come non letta" holds, the
 * cookie bar's "Rifiuta" holds for the browser session, a duplicate filter name is refused at
 * step 1, the sync dialog offers to unfollow a tournament the card left, the landing hides a
 * small "Utenti attivi", and the wording (docs/decisions/197).
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** 'il 9 nov 2026, 10:15', or 'l’8 …' with Italian elision. */
const ON_INSTANT = String.raw`(?:il |l’)\d{1,2} \w{3} \d{4}, \d{2}:\d{2}`;

/** A new competition on the simulator, in a province no other journey publishes in; waits until the app has read it. */
async function publish(
  request: APIRequestContext,
  page: Page,
  simulatorURL: string,
  input: { name: string; city: string; province: string },
  entries: Record<string, string>[] = [],
): Promise<{ guid: string; tournamentUid: string }> {
  const { guid, tournamentUids } = await simulatorPublish(request, simulatorURL, {
    ...input,
    tournaments: [{ type: 'Maschile', categoryClass: 4 }],
  });
  const tournamentUid = tournamentUids[0] ?? '';
  for (const entry of entries) await simulatorEnter(request, simulatorURL, tournamentUid, entry);
  // The app reads it at its next ingestion pass (every minute in the e2e server).
  await expect
    .poll(async () => (await participantsOf(page, guid)) ?? -1, { timeout: 150_000, intervals: [2000] })
    .toBe(entries.length);
  return { guid, tournamentUid };
}

/** How many entrants the app shows in the competition's first draw (a visit reads it again after a minute). */
async function participantsOf(page: Page, guid: string): Promise<number | null> {
  const answer = await page.request.get(`/api/competitions/${guid}`);
  if (!answer.ok()) return null;
  const { competition } = (await answer.json()) as CompetitionDetailResponse;
  return competition.tournaments[0]?.participants.length ?? null;
}

/**
 * A tournament published in Crotone and the signed-in user's notification of it (their filter is
 * on Crotone, where no other journey publishes). A competition the app's very first ingestion
 * pass reads is not new and is told to nobody (ingestion's baseline): on an app that has just
 * started, the journey publishes another one until one is told.
 */
async function newTournamentNotification(
  page: Page,
  request: APIRequestContext,
  simulatorURL: string,
): Promise<{ id: string; name: string }> {
  const deadline = Date.now() + 480_000;
  for (let attempt = 1; ; attempt++) {
    const name = `Open E2E Non Letta ${Date.now().toString(36)} ${attempt}`;
    await simulatorPublish(request, simulatorURL, { name, city: 'Crotone', province: 'KR' });
    let id = '';
    try {
      await expect
        .poll(
          async () => {
            const inbox = (await (
              await page.request.get('/api/notifications?limit=100')
            ).json()) as NotificationList;
            id = inbox.items.find((item) => item.params.tournamentName === name)?.id ?? '';
            return id;
          },
          // Ingestion passes run a minute apart, each followed by matching.
          { timeout: 150_000, intervals: [2000] },
        )
        .not.toBe('');
      return { id, name };
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

test.describe('broken things at 390 px', () => {
  test('"Rifiuta" on the cookie bar holds across reloads; a new browser session asks again', async ({
    page,
    browser,
  }) => {
    await page.goto('/privacy');
    const bar = page.getByRole('region', { name: 'Consenso ai cookie' });
    await bar.getByRole('button', { name: 'Rifiuta' }).click();
    await expect(bar).toBeHidden();
    for (const path of ['/privacy', '/terms']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(bar).toBeHidden();
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toBeHidden();
    expect(await page.evaluate("localStorage.getItem('cookieConsent')")).toBeNull();

    const next = await browser.newContext({ viewport: PHONE });
    const fresh = await next.newPage();
    await fresh.goto('/privacy');
    await expect(fresh.getByRole('region', { name: 'Consenso ai cookie' })).toBeVisible();
    await next.close();
  });

  test('the landing hides "Utenti attivi" until there are 50, keeps the other figures, and step 3 follows', async ({
    page,
  }) => {
    let activeUsers = 7;
    await page.route('**/api/stats', (route) =>
      route.fulfill({
        json: {
          activeTournaments: 1234,
          activeUsers,
          regions: 18,
          regionsTotal: 20,
          byRegion: [{ regionId: 12, activeTournaments: 40 }],
          countedAt: new Date().toISOString(),
        },
      }),
    );
    await page.goto('/');
    const steps = page.getByRole('region', { name: 'Come funziona' });
    await steps.scrollIntoViewIfNeeded();
    const third = steps.getByRole('listitem').nth(2);
    await expect(third.getByRole('heading', { level: 3 })).toHaveText('Segui i tornei');
    await expect(third).toContainText('Segui i tornei a cui partecipi');
    await expect(third).not.toContainText(/iscriv/i);

    const stats = page.getByRole('region', { name: 'Radar Tornei in numeri' });
    await stats.scrollIntoViewIfNeeded();
    await expect(stats.getByText('1.234')).toBeVisible();
    await expect(stats.getByText('Tornei attivi', { exact: true })).toBeVisible();
    await expect(stats.getByText('18 su 20')).toBeVisible();
    await expect(stats.getByText('Utenti attivi', { exact: true })).toHaveCount(0);

    activeUsers = 50;
    await page.reload();
    await stats.scrollIntoViewIfNeeded();
    await expect(stats.getByText('Utenti attivi', { exact: true })).toBeVisible();
    await expect(stats.getByText('50', { exact: true })).toBeVisible();
  });

  test('onboarding step 3 says follow; a filter name already used is refused at step 1; "Tutti e 2 i filtri"', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const account = await createUser();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Accetta' }).click();
    await page.getByLabel('Email o nome utente').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Accedi' }).click();

    // The guide's third step: follow, not "iscriviti" (entering, in tennis).
    const guide = page.getByRole('dialog');
    await expect(guide).toContainText('Passo 1 di 3');
    await guide.getByRole('button', { name: 'Avanti' }).click();
    await guide.getByRole('button', { name: 'Avanti' }).click();
    await expect(page.getByRole('dialog', { name: 'Segui i tornei' })).toContainText(
      'Segui i tornei che ti interessano',
    );
    await expect(guide).not.toContainText(/iscriviti/i);
    await guide.getByRole('button', { name: 'Inizia' }).click();
    await expect(guide).toBeHidden();

    for (const name of ['Roma', 'Milano']) {
      const created = await page.request.post('/api/filters', { data: { name, notificationsEnabled: true } });
      expect(created.ok(), await created.text()).toBe(true);
    }
    await page.goto('/filters');
    await expect(page.getByRole('article', { name: 'Roma' })).toBeVisible();
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/filters') posted += 1;
    });
    await page.getByRole('button', { name: 'Nuovo filtro' }).click();
    const wizard = page.getByRole('dialog', { name: 'Nuovo filtro' });
    await wizard.getByLabel('Nome del filtro').fill('  rOMA ');
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    await expect(wizard.getByText('Esiste già un filtro con questo nome')).toBeVisible();
    await expect(wizard.getByText('Passo 1 di 3: Nome')).toBeVisible();
    await expect(wizard.getByLabel('Nome del filtro')).toBeFocused();
    expect(posted).toBe(0);
    await wizard.getByLabel('Nome del filtro').fill('Roma estate');
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    await expect(wizard.getByText('Passo 2 di 3: Dettagli del torneo')).toBeVisible();
    await wizard.getByRole('button', { name: 'Indietro' }).click();
    await wizard.getByRole('button', { name: 'Annulla' }).click();
    await expect(wizard).toBeHidden();

    await page.getByRole('button', { name: 'Elimina tutti' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminare tutti i filtri?' });
    await expect(confirm).toContainText('Tutti e 2 i filtri verranno eliminati.');
    await confirm.getByRole('button', { name: 'Annulla' }).click();
  });

  test('"Segna come non letta" keeps the notification unread, counted, until it is opened again', async ({
    page,
    request,
    simulatorURL,
    createUser,
    login,
  }) => {
    test.setTimeout(600_000);
    await login(await createUser());
    // A filter on Crotone (region Calabria), where no other journey publishes.
    const filter = await page.request.post('/api/filters', {
      data: { name: 'Crotone', notificationsEnabled: true, regionId: 18, provinceId: 101 },
    });
    expect(filter.ok(), await filter.text()).toBe(true);
    const { id, name } = await newTournamentNotification(page, request, simulatorURL);

    await page.goto('/communication');
    await page.getByRole('button', { name: 'Accetta' }).click();
    const list = page.getByRole('region', { name: 'Elenco delle notifiche' });
    const row = list.getByRole('link', { name: new RegExp(name) });
    const article = page.getByRole('article', { name: new RegExp(name) });
    const back = page.getByRole('link', { name: 'Tutte le notifiche' });

    // Opened: read. Opened again (now read), then marked unread.
    await row.click();
    await expect(article.getByRole('button', { name: 'Segna come non letta' })).toBeVisible();
    await back.click();
    await expect(list.getByText('Da leggere: 0')).toBeVisible();
    await row.click();
    let readsAfter = 0;
    let unread = false;
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() !== 'POST') return;
      if (path === `/api/notifications/${id}/unread`) unread = true;
      else if (unread && path === `/api/notifications/${id}/read`) readsAfter += 1;
    });
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/notifications/${id}/unread`));
    await article.getByRole('button', { name: 'Segna come non letta' }).click();
    expect((await answered).ok()).toBe(true);
    await expect(article.getByRole('button', { name: 'Segna come letta' })).toBeVisible();

    // Back to the list: still unread, and counted.
    await back.click();
    await expect(list.getByText('Da leggere: 1')).toBeVisible();
    await expect(row).toContainText('Non letta');
    expect(readsAfter).toBe(0);
    const stored = (await (await page.request.get(`/api/notifications/${id}`)).json()) as { read: boolean };
    expect(stored.read).toBe(false);

    // Opening it again marks it read.
    await row.click();
    await expect(article.getByRole('button', { name: 'Segna come non letta' })).toBeVisible();
    await back.click();
    await expect(list.getByText('Da leggere: 0')).toBeVisible();
  });

  test('the sync dialog offers to unfollow a tournament the card has left; the wording around the card', async ({
    page,
    request,
    simulatorURL,
    createUser,
    login,
  }) => {
    test.setTimeout(600_000);
    await login(await createUser());
    const cardNumber = await simulatorPlayer(request, simulatorURL, {
      gender: 'M',
      ranking: '4.3',
      province: 'MT',
    });
    const name = `Open E2E Lasciato ${Date.now().toString(36)}`;
    const target = await publish(request, page, simulatorURL, { name, city: 'Matera', province: 'MT' }, [
      { name: 'Luca', surname: 'Forte', ranking: '4.1' },
      { cardNumber },
    ]);

    // The user follows it on their own, from its page ("aggiornati il", not "al").
    await page.goto(`/competition/${target.guid}`);
    await page.getByRole('button', { name: 'Accetta' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Dati della federazione aggiornati ${ON_INSTANT}$`)),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Segui il torneo' }).click();
    await page
      .getByRole('alertdialog', { name: 'Seguire questo torneo?' })
      .getByRole('button', { name: 'Segui', exact: true })
      .click();
    await expect(page.getByRole('button', { name: 'Smetti di seguire' })).toBeVisible();

    // Then connects the card: entered and followed, nothing to align.
    await page.goto('/settings?tab=fitp');
    await page.getByRole('button', { name: 'Collega la tessera' }).click();
    await page.getByLabel('Numero di tessera FITP').fill(cardNumber);
    await page.getByRole('button', { name: 'Verifica e collega' }).click();
    const dialog = page.getByRole('dialog', { name: 'Allinea i tornei con le tue iscrizioni' });
    await expect(dialog.getByText(/Tutto allineato/)).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Chiudi' }).first().click();
    await expect(dialog).toBeHidden();

    // Explore's "only what I can enter": the ranking inside the hint's sentence, no "(4.3)" after it,
    // and the gender and birth year the rule needs asked for (decision 206).
    await page.goto('/explore');
    const toggle = page.getByRole('switch', { name: 'Solo tornei a cui posso iscrivermi' });
    await expect(toggle).toHaveAccessibleDescription(
      'Con le iscrizioni aperte, per la tua classifica 4.3, il tuo sesso e la tua età. Indica sesso e anno di nascita in Impostazioni › FITP',
    );

    // The card leaves the entry list: once the app has read the list again (a visit reads it when
    // over a minute old) and the radar has run after the next pass, the sync is pending.
    const withdrawn = await request.post(`${simulatorURL}/__sim/entries/withdraw`, {
      data: { tournamentUid: target.tournamentUid, cardNumber },
    });
    expect(withdrawn.ok(), await withdrawn.text()).toBe(true);
    await expect
      .poll(() => participantsOf(page, target.guid), { timeout: 180_000, intervals: [5000] })
      .toBe(1);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/fitp/status')).json()) as { syncPending: boolean })
            .syncPending,
        { timeout: 240_000, intervals: [3000] },
      )
      .toBe(true);

    await page.goto('/settings?tab=fitp');
    await page.getByRole('button', { name: 'Allinea i tornei' }).click();
    const toRemove = dialog.getByRole('group', { name: 'Non più in lista: da non seguire più (1)' });
    await expect(toRemove.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
    await expect(dialog.getByRole('group', { name: /da seguire \(/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Applica (1)' }).click();
    await expect(dialog.getByTestId('fitp-sync-outcome')).toContainText(
      'Fatto: i tuoi tornei sono allineati con le tue iscrizioni.',
    );
    await dialog.getByRole('button', { name: 'Chiudi' }).first().click();

    await page.goto(`/competition/${target.guid}`);
    await expect(page.getByRole('button', { name: 'Segui il torneo' })).toBeVisible();
  });
});
