/**
 * Issue 28, point 2: client addresses come only from the proxies we trust. Behind a real proxy
 * that appends the address it sees to X-Forwarded-For (as nginx's
 * `$proxy_add_x_forwarded_for` does), entries a client forges are ignored; the dev mailbox
 * answers a loopback socket and a loopback Host only; and with the proxy set up wrong the
 * other way (every client seen as the proxy), one attacker cannot lock everyone out of
 * signing in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { call } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Answer = { status: number; body: string };

/** A reverse proxy on loopback that appends the connecting address to X-Forwarded-For. */
async function startAppendingProxy(target: { port: number }) {
  const server = http.createServer((request, response) => {
    const seen = request.socket.remoteAddress ?? '';
    const forwarded = request.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': forwarded ? `${forwarded}, ${seen}` : seen,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON POST from a given loopback address (127.0.0.0/8 all reach this machine). */
function post(
  port: number,
  from: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

let forged = 0;
/** A different made-up address each time, as an attacker would write. */
const forgedAddress = () => {
  forged += 1;
  return `198.51.${Math.floor(forged / 250) % 250}.${(forged % 250) + 1}`;
};

describe('TRUST_PROXY (issue 28, point 2)', () => {
  it('takes a hop count or the proxies’ addresses; `true` is refused, naming the variable', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, 2001:db8::/32' }).trustProxy).toEqual(
      ['10.0.0.0/8', '192.168.1.7', 'loopback', '2001:db8::/32'],
    );
    for (const wrong of ['true', 'yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('behind a real appending proxy, forged X-Forwarded-For entries are ignored', () => {
  const IP_MAX = 5;
  const CONTACT_MAX = 3;
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startAppendingProxy>>;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT_IP_MAX: String(IP_MAX),
        // Only the per-IP limit is under test here.
        AUTH_RATE_LIMIT_ACCOUNT_MAX: '10000',
        AUTH_BACKOFF_AFTER_FAILURES: '10000',
        CONTACT_RATE_LIMIT_MAX: String(CONTACT_MAX),
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startAppendingProxy({ port: (t.app.server.address() as AddressInfo).port });
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('counts wrong passwords per real host, whatever it writes in X-Forwarded-For', async () => {
    const victim = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < IP_MAX + 5; attempt += 1) {
      const answer = await post(
        proxy.port,
        '127.0.0.9',
        '/api/login',
        { email: victim.email, password: 'Wrong-password-1' },
        { 'x-forwarded-for': `${forgedAddress()}, ${forgedAddress()}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, IP_MAX)).toEqual(Array(IP_MAX).fill(401));
    expect(statuses.slice(IP_MAX)).toEqual(Array(5).fill(429));
    // Another host behind the same proxy is someone else.
    const owner = await post(proxy.port, '127.0.0.10', '/api/login', {
      email: victim.email,
      password: DEFAULT_PASSWORD,
    });
    expect(owner.status).toBe(200);
  });

  it('counts contact messages per real host', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CONTACT_MAX + 3; attempt += 1) {
      const answer = await post(
        proxy.port,
        '127.0.0.11',
        '/api/contact',
        { name: 'Spam', email: 'spam@example.org', subject: 'Hi', message: 'Buy now' },
        { 'x-forwarded-for': forgedAddress() },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(CONTACT_MAX).fill(200), ...Array(3).fill(429)]);
  });
});

describe('the dev mailbox answers a loopback socket and a loopback Host only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('ignores a forged 127.0.0.1 before the address the proxy saw', async () => {
    const forgedLoopback = await t.app.inject({
      url: '/dev/mailbox/messages',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
    });
    expect(forgedLoopback.statusCode).toBe(404);
  });

  it('refuses a page of another site pointed at this machine (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1.nip.io']) {
      const response = await t.app.inject({
        url: '/dev/mailbox/messages',
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      expect(response.statusCode, host).toBe(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      const response = await t.app.inject({
        url: '/dev/mailbox/messages',
        remoteAddress: '127.0.0.1',
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
    }
  });
});

describe('every client seen as one address (the proxy set up wrong the other way)', () => {
  const IP_MAX = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_IP_MAX: String(IP_MAX) } });
  });
  afterAll(() => t.close());
  const PROXY = '10.1.1.1';

  it('one attacker does not lock the others out: a correct password of another account signs in', async () => {
    const victim = await createUser(t.database.db);
    const others = [await createUser(t.database.db), await createUser(t.database.db)];
    for (let attempt = 0; attempt < 3 * IP_MAX; attempt += 1) {
      const answer = await call(t.app, 'POST', '/api/login', {
        body: { email: victim.email, password: 'Wrong-password-1' },
        ip: PROXY,
      });
      expect([401, 429]).toContain(answer.statusCode);
    }
    // The account under attack is shut from this address for the window…
    const victimAnswer = await call(t.app, 'POST', '/api/login', {
      body: { email: victim.email, password: DEFAULT_PASSWORD },
      ip: PROXY,
    });
    expect(victimAnswer.statusCode).toBe(429);
    // …everyone else signs in.
    for (const other of others) {
      const answer = await call(t.app, 'POST', '/api/login', {
        body: { email: other.username, password: DEFAULT_PASSWORD },
        ip: PROXY,
      });
      expect(answer.statusCode, other.username).toBe(200);
    }
  });

  it('over the limit, a wrong password answers 429 and shuts that account for the address', async () => {
    const target = await createUser(t.database.db);
    const first = await call(t.app, 'POST', '/api/login', {
      body: { email: target.email, password: 'Wrong-password-1' },
      ip: PROXY,
    });
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    const second = await call(t.app, 'POST', '/api/login', {
      body: { email: target.email, password: DEFAULT_PASSWORD },
      ip: PROXY,
    });
    expect(second.statusCode).toBe(429);
  });
});
