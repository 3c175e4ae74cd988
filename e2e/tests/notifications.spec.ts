import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/accounts';
import { simulatorPublish } from '../support/simulator';

type MailboxMessage = { id: string; subject: string; text: string | null; headers: Record<string, string> };

async function mailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

test.describe('notifications, public side', () => {
  test('the unsubscribe page tells a tampered link apart, and one-click refuses it', async ({
    page,
    request,
  }) => {
    await page.goto(
      '/unsubscribe?token=v1.00000000-0000-4000-8000-000000000000.9999999999.forged&groups=new_tournaments',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Preferenze email' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Questo link non è valido o è stato modificato');
    await page.goto('/unsubscribe');
    await expect(page.getByRole('alert')).toContainText('Questo link non è valido');

    const oneClick = await request.post('/unsubscribe?token=v1.forged', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status()).toBe(400);
    expect((await oneClick.json()).code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
  });

  test('the service worker carries the push handler and the server its VAPID key', async ({ request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.ok()).toBe(true);
    expect(await worker.text()).toContain('importScripts("/push-handler.js")');
    const handler = await request.get('/push-handler.js');
    expect(handler.ok()).toBe(true);
    expect(await handler.text()).toContain("addEventListener('push'");

    const key = await request.get('/api/notifications/vapid-public-key');
    const { publicKey } = (await key.json()) as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(await (await request.get('/api/notifications/vapid-public-key')).json()).toEqual({ publicKey });
  });
});

// ---------------------------------------------------------------------------------------------
// The journey of issue 6: a filter, a tournament the federation publishes, the notification in
// the app and by email, and email turned off from the email's own link, without logging in.

type Person = { username: string; email: string; password: string };

const newPerson = (label: string): Person => {
  const suffix = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: `e2e_${suffix}`, email: `e2e_${suffix}@example.it`, password: 'Password1' };
};

/** Registers, verifies with the code from the dev mailbox and logs in, sharing the page's cookies. */
async function signUpAndSignIn(page: Page, person: Person): Promise<void> {
  const request = page.request;
  const registered = await request.post('/api/register', {
    data: {
      username: person.username,
      email: person.email,
      password: person.password,
      confirmPassword: person.password,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec((await mailbox(request, person.email))[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const verified = await request.post('/api/verify-email', { data: { email: person.email, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const login = await request.post('/api/login', {
    data: { email: person.email, password: person.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/**
 * A filter on the province of Vibo Valentia (region Calabria), where the journey's tournaments
 * are. No other journey publishes there: a tournament another journey published a moment before
 * would match too, and Giulia's first email would be a digest of two.
 */
async function createFilter(page: Page): Promise<void> {
  const response = await page.request.post('/api/filters', {
    data: {
      name: 'Vibo Valentia',
      notificationsEnabled: true,
      codFonte: 0,
      idStatopuc: 0,
      regionId: 18,
      provinceId: 102,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A new competition published by the federation simulator, now. */
async function publishCompetition(
  request: APIRequestContext,
  simulatorURL: string,
  name: string,
): Promise<string> {
  return (await simulatorPublish(request, simulatorURL, { name, city: 'Vibo Valentia', province: 'VV' }))
    .guid;
}

type Inbox = { items: { id: string; read: boolean; params: { tournamentName?: string } }[] };

/** Waits for the ingest + match run to notify the signed-in user of `name`. */
async function waitForNotification(page: Page, name: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const inbox = (await (await page.request.get('/api/notifications?limit=100')).json()) as Inbox;
        id = inbox.items.find((item) => item.params.tournamentName === name)?.id ?? '';
        return id;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .not.toBe('');
  return id;
}

test('a new tournament: unread in the app, read, emailed, unsubscribed without logging in, then in-app only', async ({
  page,
  browser,
  request,
  simulatorURL,
}) => {
  // Two ingestion passes (one a minute) and their matching and delivery runs.
  test.setTimeout(300_000);
  const giulia = newPerson('giulia');
  await signUpAndSignIn(page, giulia);
  await createFilter(page);

  // The federation publishes a tournament in Vibo Valentia; ingest and matching notify Giulia.
  const first = `Open E2E di Vibo Valentia ${Date.now()}`;
  const guid = await publishCompetition(request, simulatorURL, first);
  const notificationId = await waitForNotification(page, first);

  // Unread in the notifications screen, with the badge; opening it reads it.
  await page.goto('/communication');
  const list = page.getByRole('region', { name: 'Elenco delle notifiche' });
  const item = list.getByRole('link', { name: new RegExp(`Nuovo torneo: ${first}`) });
  await expect(item).toContainText('Non letta');
  await expect(page.getByRole('navigation', { name: 'Navigazione principale' }).first()).toContainText(
    /notifiche non lette/,
  );
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/communication/${notificationId}$`));
  await expect(page.getByRole('article', { name: `Nuovo torneo: ${first}` })).toBeVisible();
  await expect(item).not.toContainText('Non letta');

  // The email, in the dev mailbox, says what the tournament is and why it matched (with the
  // values), its button opens the tournament, and it carries the unsubscribe link.
  let email: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      email = (await mailbox(request, giulia.email)).find(
        (message) => message.subject === `Nuovo torneo: ${first}`,
      );
      return email?.id;
    })
    .toBeTruthy();
  expect(email?.text).toContain(`/competition/${guid}`);
  expect(email?.text).toContain('· Provincia: Vibo Valentia');
  expect(email?.text).toContain('Luogo: Vibo Valentia (VV)');
  expect(email?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribeUrl = /^<(.+)>$/.exec(email?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
  expect(email?.text).toContain(unsubscribeUrl);

  // Following it in a browser that is not logged in: email off for new tournaments.
  const visitor = await browser.newContext({ locale: 'it-IT' });
  try {
    const link = await visitor.newPage();
    await link.goto(unsubscribeUrl);
    const toggle = link.getByRole('switch', { name: 'Email: Nuovi tornei' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await link.reload();
    await expect(link.getByRole('switch', { name: 'Email: Nuovi tornei' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  } finally {
    await visitor.close();
  }

  // Someone else with the same filter keeps email on: their email proves the run was delivered.
  const witnessContext = await browser.newContext({ locale: 'it-IT' });
  const witnessPage = await witnessContext.newPage();
  const witness = newPerson('luca');
  await signUpAndSignIn(witnessPage, witness);
  await createFilter(witnessPage);

  const second = `Open E2E di Tropea ${Date.now()}`;
  await publishCompetition(request, simulatorURL, second);
  await waitForNotification(page, second);
  await waitForNotification(witnessPage, second);
  await expect
    .poll(async () =>
      (await mailbox(request, witness.email)).some((m) => m.subject === `Nuovo torneo: ${second}`),
    )
    .toBe(true);
  // Giulia has the notification in the app, and no email for it.
  const giuliaMail = await mailbox(request, giulia.email);
  expect(giuliaMail.filter((m) => m.subject.startsWith('Nuovo torneo:')).map((m) => m.subject)).toEqual([
    `Nuovo torneo: ${first}`,
  ]);
  await witnessContext.close();
});
