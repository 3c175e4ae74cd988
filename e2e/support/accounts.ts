import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test as base } from './app-server';

/**
 * Account fixtures for the journeys: `createUser()` registers and verifies an account through
 * the real API (the code read from the dev mailbox), `login()` signs a page in.
 */
export type TestAccount = { username: string; email: string; password: string };

export const DEFAULT_PASSWORD = 'Tennis2024';

/** A username and email no other journey uses. */
export function uniqueAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const suffix = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    username: `player_${suffix}`,
    email: `player.${suffix}@example.it`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

type MailboxMessage = { subject: string; text: string | null; createdAt: string };

/** The newest email the dev mailbox kept for `to` whose subject matches, polled until it arrives. */
export async function latestEmail(
  request: APIRequestContext,
  to: string,
  subject?: RegExp,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: MailboxMessage[] };
      found = messages.find((message) => !subject || subject.test(message.subject));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no email to ${to}`);
  return found;
}

/** The 6-digit code of the newest email to `to` whose subject matches. */
export async function latestCode(request: APIRequestContext, to: string, subject?: RegExp): Promise<string> {
  const message = await latestEmail(request, to, subject);
  const code = message.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in "${message.subject}"`);
  return code;
}

/** Registers and verifies an account through the API; returns its credentials. */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<TestAccount> & { language?: 'it' | 'en' } = {},
): Promise<TestAccount> {
  const { language = 'it', ...rest } = overrides;
  const account = uniqueAccount(rest);
  const registered = await request.post('/api/register', {
    data: { ...account, confirmPassword: account.password, language },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = await latestCode(request, account.email);
  const verified = await request.post('/api/verify-email', { data: { email: account.email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** Signs the page's browser in as `account` (a session cookie, as the login screen would get). */
export async function login(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The first sign-in on a page opens the onboarding guide (issue 15): skip it, as a user would. */
export async function skipOnboardingGuide(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Crea i tuoi filtri' })
    .getByRole('button', { name: 'Salta' })
    .click();
}

/** `test` with `createUser` and `login` as fixtures. */
export const test = base.extend<{
  createUser: (overrides?: Partial<TestAccount> & { language?: 'it' | 'en' }) => Promise<TestAccount>;
  login: (account: Pick<TestAccount, 'email' | 'password'>) => Promise<void>;
}>({
  createUser: async ({ playwright, baseURL }, use) => {
    // A request context of its own: registering must not sign the page in.
    const request = await playwright.request.newContext({ baseURL });
    await use((overrides) => createUser(request, overrides));
    await request.dispose();
  },
  login: async ({ page }, use) => {
    await use((account) => login(page, account));
  },
});

export { expect };
