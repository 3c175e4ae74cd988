import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, signIn } from '../../helpers/factories';
import { call, sessionCookieOf } from '../../helpers/http';
import { mailTo } from '../../helpers/mailbox';
import { startTestOidcProvider, subjectForEmail, type TestOidcProvider } from '../../helpers/oidc-provider';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const PUBLIC_URL = 'http://localhost:3000';
const clients = {
  google: { clientId: 'radar-google', clientSecret: 'google-secret' },
  apple: { clientId: 'radar-apple', clientSecret: 'apple-secret' },
} as const;
type ProviderName = keyof typeof clients;

/** A browser's cookie jar for the provider's own cookies (one host, so paths are ignored). */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const cookieValue = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie?.value ? `${name}=${cookie.value}` : '';
};

describe('social sign-in with OpenID Connect (a real provider on loopback)', () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestOidcProvider({
      clients: (Object.keys(clients) as ProviderName[]).map((name) => ({
        ...clients[name],
        redirectUris: [`${PUBLIC_URL}/api/auth/${name}/callback`],
      })),
    });
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: clients.google.clientId,
        GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
        APPLE_CLIENT_ID: clients.apple.clientId,
        APPLE_CLIENT_SECRET: clients.apple.clientSecret,
        APPLE_ISSUER: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /**
   * Goes through a whole sign-in as a browser would: our start, the provider's sign-in page,
   * its redirect (or, for Apple, its auto-submitted form) back to our callback.
   */
  async function signInWith(
    name: ProviderName,
    account: { email: string; name?: string; emailVerified?: boolean; subject?: string },
    options: { redirect?: string; deny?: boolean; tamper?: (url: URL) => void; dropCookie?: boolean } = {},
  ) {
    const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : '';
    const start = await t.app.inject({ url: `/api/auth/${name}/start${query}` });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    const transactionCookie = options.dropCookie ? '' : cookieValue(start, 'rt_oidc');

    const jar = new CookieJar();
    const get = async (url: string) => {
      const response = await fetch(new URL(url, provider.issuer), {
        redirect: 'manual',
        headers: { cookie: jar.header() },
      });
      jar.store(response);
      return response;
    };
    const toInteraction = await get(authorizeUrl.href);
    expect(toInteraction.status).toBe(303);
    const interactionUrl = new URL(String(toInteraction.headers.get('location')), provider.issuer);
    const page = await get(interactionUrl.href);
    expect(await page.text()).toContain('Test OpenID provider');

    const form = new URLSearchParams({
      email: account.email,
      name: account.name ?? '',
      action: options.deny ? 'deny' : 'login',
      ...(account.emailVerified === false ? {} : { email_verified: 'true' }),
      ...(account.subject ? { subject: account.subject } : {}),
    });
    const submitted = await fetch(interactionUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.store(submitted);
    const resumed = await get(String(submitted.headers.get('location')));

    let callbackUrl: URL;
    if (resumed.status === 303) {
      callbackUrl = new URL(String(resumed.headers.get('location')));
    } else {
      // form_post: an HTML page that posts the answer to our callback.
      const html = await resumed.text();
      const action = html.match(/action="([^"]+)"/)?.[1] ?? '';
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      expect(action).toBe(`${PUBLIC_URL}/api/auth/${name}/callback`);
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/auth/${name}/callback`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: provider.issuer },
        payload: new URLSearchParams(fields as Record<string, string>).toString(),
      });
      expect(posted.statusCode).toBe(303);
      callbackUrl = new URL(String(posted.headers.location));
    }
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(`${PUBLIC_URL}/api/auth/${name}/callback`);
    options.tamper?.(callbackUrl);
    const callback = await t.app.inject({
      url: callbackUrl.pathname + callbackUrl.search,
      headers: { cookie: transactionCookie, 'accept-language': 'en' },
    });
    expect(callback.statusCode).toBe(302);
    return {
      location: String(callback.headers.location),
      session: sessionCookieOf(callback),
      clearsTransaction: cookieValue(callback, 'rt_oidc') === '',
    };
  }

  it('lists the configured providers', async () => {
    const response = await t.app.inject({ url: '/api/auth/providers' });
    expect(response.json()).toEqual({ providers: ['google', 'apple'] });

    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
      expect((await bare.app.inject({ url: '/api/auth/google/start' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
    expect((await t.app.inject({ url: '/api/auth/facebook/start' })).statusCode).toBe(400);
  });

  it('creates a verified account with a generated username on the first Google sign-in', async () => {
    const result = await signInWith(
      'google',
      { email: 'Giulia.Bianchi@Example.it', name: 'Giulia Bianchi' },
      {
        redirect: '/filters?new=1',
      },
    );
    expect(result.location).toBe('/filters?new=1');
    expect(result.session).not.toBeNull();
    expect(result.clearsTransaction).toBe(true);

    const me = await call(t.app, 'GET', '/api/user', { cookie: result.session });
    expect(me.json()).toMatchObject({
      username: 'Giulia_Bianchi',
      email: 'giulia.bianchi@example.it',
      language: 'en',
      hasPassword: false,
    });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'giulia.bianchi@example.it'));
    expect(user?.emailVerifiedAt).not.toBeNull();
    const identities = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? ''));
    expect(identities).toMatchObject([
      { provider: 'google', subject: subjectForEmail('giulia.bianchi@example.it') },
    ]);
    const [welcome] = await mailTo(t.database.db, 'giulia.bianchi@example.it');
    expect(welcome?.subject).toBe('Welcome to Radar Tornei!');

    // Signing in again finds the same account; a taken username gets a suffix for someone else.
    const again = await signInWith('google', { email: 'giulia.bianchi@example.it', name: 'Giulia Bianchi' });
    expect(again.location).toBe('/home');
    expect((await call(t.app, 'GET', '/api/user', { cookie: again.session })).json().id).toBe(user?.id);
    const namesake = await signInWith('google', { email: 'giulia.b@example.it', name: 'Giulia Bianchi' });
    const other = (await call(t.app, 'GET', '/api/user', { cookie: namesake.session })).json();
    expect(other.username).toMatch(/^Giulia_Bianchi_\d{4}$/);
  });

  it('signs in with Apple through form_post, across the foreign-origin check', async () => {
    const result = await signInWith('apple', { email: 'luca@privaterelay.example' });
    expect(result.location).toBe('/home');
    const me = (await call(t.app, 'GET', '/api/user', { cookie: result.session })).json();
    expect(me).toMatchObject({ username: 'luca', email: 'luca@privaterelay.example' });
  });

  it('links an existing account with the same verified email', async () => {
    const existing = await createUser(t.database.db, { email: 'anna@example.it' });
    const result = await signInWith('google', { email: 'anna@example.it', name: 'Anna' });
    expect((await call(t.app, 'GET', '/api/user', { cookie: result.session })).json()).toMatchObject({
      id: existing.id,
      hasPassword: true,
    });
    // The password still works alongside.
    const login = await call(t.app, 'POST', '/api/login', {
      body: { email: 'anna@example.it', password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes over an unverified registration of the address: its password and sessions end', async () => {
    const squatter = await createUser(t.database.db, { email: 'owner@example.it', emailVerifiedAt: null });
    const squatterSession = await signIn(t.database.db, squatter);
    const result = await signInWith('google', { email: 'owner@example.it' });
    const me = (await call(t.app, 'GET', '/api/user', { cookie: result.session })).json();
    expect(me).toMatchObject({ id: squatter.id, hasPassword: false });
    expect((await call(t.app, 'GET', '/api/user', { cookie: squatterSession })).statusCode).toBe(401);
    const login = await call(t.app, 'POST', '/api/login', {
      body: { email: 'owner@example.it', password: DEFAULT_PASSWORD },
    });
    expect(login.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an email the provider has not verified', async () => {
    const result = await signInWith('google', { email: 'unverified@example.it', emailVerified: false });
    expect(result).toMatchObject({ location: '/auth/login?error=email_missing', session: null });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'unverified@example.it'))).toEqual(
      [],
    );
  });

  it('sends the user back to the login with an error when the sign-in is refused or tampered with', async () => {
    const denied = await signInWith('google', { email: 'no@example.it' }, { deny: true });
    expect(denied).toMatchObject({ location: '/auth/login?error=access_denied', session: null });

    const forgedState = await signInWith(
      'google',
      { email: 'state@example.it' },
      {
        tamper: (url) => url.searchParams.set('state', 'forged-state-value-123456'),
      },
    );
    expect(forgedState).toMatchObject({ location: '/auth/login?error=sign_in_failed', session: null });

    const otherBrowser = await signInWith('google', { email: 'csrf@example.it' }, { dropCookie: true });
    expect(otherBrowser).toMatchObject({ location: '/auth/login?error=sign_in_failed', session: null });
  });

  it('only follows a redirect to a path of this site', async () => {
    for (const redirect of [
      'https://evil.example/home',
      '//evil.example',
      '/\\evil.example',
      // Browsers drop the tab and follow "//evil.test"; a CR/LF would break the Location header.
      '/%09/evil.test',
      '/\t/evil.test',
      '/\r\nSet-Cookie: x=1',
    ]) {
      const result = await signInWith('google', { email: 'redirect@example.it' }, { redirect });
      expect(result.location, redirect).toBe('/home');
    }
  });

  it('reports an unreachable provider as provider_unavailable', async () => {
    const offline = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'x',
        GOOGLE_CLIENT_SECRET: 'y',
        GOOGLE_ISSUER: 'http://127.0.0.1:9/unreachable',
      },
    });
    try {
      const start = await offline.app.inject({ url: '/api/auth/google/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/auth/login?error=provider_unavailable');
    } finally {
      await offline.close();
    }
  });
});
