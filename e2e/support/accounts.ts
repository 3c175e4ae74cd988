/**
 * Signing a user in the way a person does: register, read the code from the dev mailbox,
 * verify, log in. The calls run from the page's context, so the session cookie lands in the
 * browser. These endpoints come with the accounts feature (issue 3).
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Whether the server has the accounts endpoints yet (a missing route answers 404). */
export async function accountsReady(request: APIRequestContext): Promise<boolean> {
  const providers = await request.get('/api/auth/providers');
  if (providers.status() !== 404) return true;
  const register = await request.post('/api/register', { data: {} });
  return register.status() !== 404;
}

export const PASSWORD = 'Password1';

export async function registerAndSignIn(
  page: Page,
  baseURL: string,
): Promise<{ email: string; username: string }> {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const username = `e2e_${suffix}`;
  const email = `${username}@example.it`;
  const headers = { origin: baseURL };
  const registered = await page.request.post('/api/register', {
    headers,
    data: { username, email, password: PASSWORD, confirmPassword: PASSWORD, language: 'it' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  let code = '';
  await expect
    .poll(async () => {
      const mailbox = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
      const { messages } = (await mailbox.json()) as { messages: { text: string | null }[] };
      code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  const verified = await page.request.post('/api/verify-email', { headers, data: { email, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const loggedIn = await page.request.post('/api/login', { headers, data: { email, password: PASSWORD } });
  expect(loggedIn.ok(), await loggedIn.text()).toBe(true);
  return { email, username };
}
