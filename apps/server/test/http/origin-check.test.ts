import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, signIn } from '../helpers/factories';
import { call } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('foreign Origin on state-changing requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://radartornei.it' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses POST, PUT and DELETE from another site with 403 FOREIGN_ORIGIN', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    for (const [method, url, body] of [
      ['POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD }],
      ['PUT', '/api/profile', { language: 'en' }],
      ['DELETE', '/api/profile', { confirmation: 'ELIMINA' }],
      ['POST', '/api/logout', undefined],
    ] as const) {
      const response = await call(t.app, method, url, {
        cookie,
        origin: 'https://evil.example',
        language: 'en',
        ...(body ? { body } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        code: 'FOREIGN_ORIGIN',
        message: 'Request refused: origin not allowed.',
        status: 403,
      });
    }
    // Nothing happened: the user is still there, signed in, in Italian.
    expect((await call(t.app, 'GET', '/api/user', { cookie })).json()).toMatchObject({ language: 'it' });
  });

  it("accepts PUBLIC_URL's origin, the request's own host, no Origin at all, and any GET", async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    const put = (origin?: string) =>
      call(t.app, 'PUT', '/api/profile', { cookie, body: { language: 'en' }, ...(origin ? { origin } : {}) });
    expect((await put('https://radartornei.it')).statusCode).toBe(200);
    expect((await put('http://localhost:80')).statusCode).toBe(200); // inject's Host is localhost:80
    expect((await put()).statusCode).toBe(200);
    expect((await put('null')).statusCode).toBe(403);
    expect((await put('https://radartornei.it.evil.example')).statusCode).toBe(403);
    const get = await call(t.app, 'GET', '/api/user', { cookie, origin: 'https://evil.example' });
    expect(get.statusCode).toBe(200);
  });
});
