import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts';

const IOS = 'https://apps.apple.com/it/app/radar-tornei/id6400000000';
const ANDROID = 'https://play.google.com/store/apps/details?id=it.radartornei.app';
const COMMUNITY = 'https://t.me/radartornei_beta';
/** The promotion bar's delay (PROMO_DELAY_MS, apps/web/src/features/shell/lib/app-promo.ts). */
const PROMO_DELAY_MS = 2000;

/**
 * Resolves once the page has run every task queued before this call (React renders a state
 * update in a task of its own, posted the same way): after it, what a fired timer would have
 * shown is on screen.
 */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of WIDTHS) {
  test.describe(`app shell at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      // The store links as an operator configures them (IOS_APP_URL, ANDROID_APP_URL, COMMUNITY_URL).
      await page.route('**/api/config/public', (route) =>
        route.fulfill({
          json: {
            donationUrl: null,
            communityUrl: COMMUNITY,
            iosAppUrl: IOS,
            androidAppUrl: ANDROID,
            appUrl: '',
          },
        }),
      );
    });

    test('cookie consent: nothing counted before Accept, then each screen once; Decline holds for the browser session', async ({
      page,
      browser,
    }) => {
      const views: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/analytics/pageview')) views.push(request.postDataJSON().path);
      });
      await page.goto('/privacy');
      const bar = page.getByRole('region', { name: 'Consenso ai cookie' });
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Informativa privacy' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      // Nothing so far; a view sent before Accept, even a late one, would also show as a third
      // entry in the exact list below.
      expect(views).toEqual([]);
      const counted = page.waitForResponse((response) => response.url().endsWith('/api/analytics/pageview'));
      await bar.getByRole('button', { name: 'Accetta' }).click();
      expect((await counted).status()).toBe(204);
      expect((await counted).request().postDataJSON()).toEqual({ path: '/privacy' });
      await expect(bar).toBeHidden();
      await page.getByRole('link', { name: 'Termini', exact: false }).first().click();
      await expect.poll(() => views).toEqual(['/privacy', '/terms']);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(bar).toBeHidden();

      // Another visitor declines: hidden for the browser session (reloads too), nothing stored
      // or sent; a new session (a new browser context) asks again.
      const other = await browser.newContext({ viewport });
      const second = await other.newPage();
      let sent = 0;
      second.on('request', (request) => {
        if (request.url().endsWith('/api/analytics/pageview')) sent += 1;
      });
      await second.goto('/privacy');
      await second.getByRole('button', { name: 'Rifiuta' }).click();
      await expect(second.getByRole('region', { name: 'Consenso ai cookie' })).toBeHidden();
      expect(await second.evaluate("localStorage.getItem('cookieConsent')")).toBeNull();
      await second.reload();
      await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(second.getByRole('region', { name: 'Consenso ai cookie' })).toBeHidden();
      expect(sent).toBe(0);
      await other.close();
      const next = await browser.newContext({ viewport });
      const third = await next.newPage();
      await third.goto('/privacy');
      await expect(third.getByRole('region', { name: 'Consenso ai cookie' })).toBeVisible();
      await next.close();
    });

    test('app promotion bar after 2 s, with the store for this width; Remind me later hides it', async ({
      page,
    }) => {
      // The 2 s on the page's fake clock: moved on by the test, not waited for.
      await page.clock.install();
      await page.goto('/privacy');
      await page.getByRole('button', { name: 'Accetta' }).click();
      const promo = page.getByRole('region', { name: 'App Radar Tornei' });
      await page.clock.runFor(PROMO_DELAY_MS);
      await expect(promo).toBeVisible();
      await expect(
        promo.getByRole('link', { name: 'Unisciti alla community dei beta tester' }),
      ).toHaveAttribute('href', COMMUNITY);
      if (viewport.width < 768) {
        // One button, this device's store (Chromium on Linux: Google Play).
        await expect(promo.getByRole('link', { name: "Scarica l'app" })).toHaveAttribute('href', ANDROID);
        await expect(promo.getByRole('button', { name: /Android/ })).toHaveCount(0);
        // The close button is the phone's 'remind me later'.
        await promo.getByRole('button', { name: "Chiudi la promozione dell'app" }).click();
      } else {
        await expect(promo.getByRole('link', { name: "Scarica l'app" })).toHaveCount(0);
        await expect(promo.getByText('Beta chiusa')).toBeVisible();
        await promo.getByRole('button', { name: /iOS/ }).click();
        const sheet = page.getByRole('dialog', { name: 'Radar Tornei per iPhone e iPad' });
        const qr = sheet.getByRole('img', { name: 'Codice QR del link allo store' });
        await expect(qr).toBeVisible();
        expect(await qr.boundingBox()).toMatchObject({ width: 200, height: 200 });
        await expect(sheet.getByRole('link', { name: "Apri l'App Store" })).toHaveAttribute('href', IOS);
        await sheet.getByRole('button', { name: 'Ricordamelo più tardi' }).click();
        await expect(sheet).toBeHidden();
      }
      await expect(promo).toBeHidden();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Past the 2 s: still hidden (reminded later).
      await page.clock.runFor(PROMO_DELAY_MS);
      await settled(page);
      await expect(promo).toBeHidden();
    });

    test('onboarding after the first sign-in, the help icon, shortcuts and the in-app banner', async ({
      page,
      context,
      createUser,
    }) => {
      test.setTimeout(90_000);
      const account = await createUser();
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Accetta' }).click();
      await page.getByLabel('Email o nome utente').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Accedi' }).click();

      // The guide's three steps, once.
      const guide = page.getByRole('dialog');
      await expect(guide).toContainText('Crea i tuoi filtri');
      await expect(guide).toContainText('Passo 1 di 3');
      await guide.getByRole('button', { name: 'Avanti' }).click();
      await expect(guide).toContainText('Ricevi le notifiche');
      await guide.getByRole('button', { name: 'Avanti' }).click();
      await expect(guide).toContainText('Segui i tornei');
      await guide.getByRole('button', { name: 'Inizia' }).click();
      await expect(guide).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${account.username}!` })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${account.username}!` })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Guida introduttiva' }).click();
      await expect(page.getByRole('dialog')).toContainText('Crea i tuoi filtri');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Keyboard shortcuts.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Scorciatoie da tastiera' });
      await expect(help).toContainText('Vai a Filtri');
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
      await page.keyboard.press('g');
      await page.keyboard.press('f');
      await expect(page).toHaveURL(/\/filters$/);
      await page.keyboard.press('/');
      await expect(page).toHaveURL(/\/explore/);
      const search = page.getByRole('searchbox');
      await expect(search).toBeFocused();
      await search.pressSequentially('g?m');
      await expect(page).toHaveURL(/\/explore/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await search.blur();
      await page.keyboard.press('m');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await page.keyboard.press('Escape');

      // A push while the app is visible: the real service worker posts it to the page.
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const live = registrations.find((registration) => !registration.isDeleted);
          if (live) resolve(live.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const origin = new URL(page.url()).origin;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: await registrationId,
        data: JSON.stringify({
          notification: { title: 'ignored', body: 'ignored' },
          data: {
            title: 'Nuovo torneo: Open di Rieti',
            body: 'Corrisponde al filtro Lazio',
            url: '/subscriptions',
          },
        }),
      });
      const banner = page.getByRole('status', { name: 'Nuova notifica' });
      // Under the pointer it stays (its 5 s would otherwise race a slow machine).
      await banner.hover();
      await expect(banner).toContainText('Nuovo torneo: Open di Rieti');
      await expect(banner).toContainText('Corrisponde al filtro Lazio');
      await banner.getByRole('button', { name: 'Vedi dettagli' }).click();
      await expect(page).toHaveURL(/\/subscriptions$/);
      await expect(banner).toHaveCount(0);
    });
  });
}
