/**
 * Issue 28, point 5: the smaller defects of the production pass. The reset email is built and
 * sent after the answer, and retried from a queue when the mail server is down; web push
 * endpoints are HTTPS on port 443; pages carry a Permissions-Policy; a contact form's name
 * cannot add lines to the team's email; /api/docs is off in production unless API_DOCS=true.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingEmail } from '../../src/channels/email/mailer';
import { devMailboxMessages } from '../../src/db/schema';
import { PERMISSIONS_POLICY } from '../../src/http/security-headers';
import { accountEmailJob } from '../../src/jobs/account-email';
import { declareJob, startJob } from '../../src/jobs/definition';
import { createUser, signIn } from '../helpers/factories';
import { call } from '../helpers/http';
import { waitFor } from '../helpers/notifications';
import { createTestApp, UNLIMITED_AUTH_ATTEMPTS } from '../helpers/test-app';

/** A mailer the test drives: it records every message, fails while `failing` is above 0. */
function scriptedMailer(
  options: { failing?: number; onSend?: (email: OutgoingEmail) => Promise<void> } = {},
) {
  const sent: OutgoingEmail[] = [];
  let failing = options.failing ?? 0;
  let attempts = 0;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(email) {
      attempts += 1;
      await options.onSend?.(email);
      if (failing > 0) {
        failing -= 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
      }
      sent.push(email);
      return { messageId: `<${attempts}@test>` };
    },
    close: async () => {},
  };
  return { mailer, sent, attempts: () => attempts };
}

const codeIn = (email: OutgoingEmail | undefined) => /\b(\d{6})\b/.exec(email?.text ?? '')?.[1];

describe('the password-reset email (issue 28, point 5)', () => {
  it('is built and sent only once the answer has gone out', async () => {
    let releaseMail = () => {};
    const mailBlocked = new Promise<void>((resolve) => {
      releaseMail = resolve;
    });
    /** Whether the reset answer had been written when the mailer was first called. */
    let answeredBeforeMail: boolean | null = null;
    let answered = false;
    const script = scriptedMailer({
      onSend: async () => {
        answeredBeforeMail ??= answered;
        await mailBlocked;
      },
    });
    const t = await createTestApp({ env: UNLIMITED_AUTH_ATTEMPTS, mailer: script.mailer });
    try {
      const user = await createUser(t.database.db);
      t.app.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
        if (request.url === '/api/request-reset') response.on('finish', () => (answered = true));
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email: user.email });
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/request-reset',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      expect(status).toBe(200);
      // The answer is in while the mail is still pending (the mailer is blocked)…
      expect(script.sent).toHaveLength(0);
      // …and the mail was not even handed to the mailer before the answer went out.
      await waitFor(async () => script.attempts() > 0, { what: 'the reset email handed to the mailer' });
      expect(answeredBeforeMail).toBe(true);
      releaseMail();
      await t.app.background.idle();
      expect(codeIn(script.sent[0])).toMatch(/^\d{6}$/);
    } finally {
      releaseMail();
      await t.close();
    }
  });

  it('is retried while the mail server is down, and the code it finally brings works', async () => {
    const script = scriptedMailer({ failing: 3 });
    const t = await createTestApp({ env: UNLIMITED_AUTH_ATTEMPTS, mailer: script.mailer, withQueue: true });
    try {
      if (!t.queue) throw new Error('queue expected');
      // Quick retries, as the delivery tests have them.
      await declareJob(t.queue, accountEmailJob, null, { retryDelay: 1, retryDelayMax: 1 });
      await startJob(
        t.queue,
        accountEmailJob,
        { db: t.database.db, mailer: script.mailer, now: () => new Date() },
        {
          pollingIntervalSeconds: 0.5,
        },
      );
      const user = await createUser(t.database.db);
      const answer = await call(t.app, 'POST', '/api/request-reset', { body: { email: user.email } });
      expect(answer.statusCode).toBe(200);
      const email = await waitFor(async () => script.sent.find((message) => message.to === user.email), {
        timeoutMs: 60_000,
        what: 'the reset email, once the mail server is back',
      });
      expect(script.attempts()).toBe(4);
      const code = codeIn(email);
      expect(code).toMatch(/^\d{6}$/);
      const reset = await call(t.app, 'POST', '/api/reset-password', {
        body: { email: user.email, code, password: 'New-password-2', confirmPassword: 'New-password-2' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('web push endpoints (issue 28, point 5)', () => {
  it('are HTTPS on port 443 of an allowed push service only', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t.database.db, user);
      const keys = {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      };
      const register = (endpoint: string) =>
        call(t.app, 'POST', '/api/notifications/device-token', {
          cookie,
          body: { token: JSON.stringify({ endpoint, keys }) },
        });
      for (const endpoint of [
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'https://fcm.googleapis.com:80/fcm/send/abc',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      ]) {
        expect((await register(endpoint)).statusCode, endpoint).toBe(400);
      }
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com:443/fcm/send/def',
      ]) {
        expect((await register(endpoint)).statusCode, endpoint).toBe(201);
      }
    } finally {
      await t.close();
    }
  });
});

describe('Permissions-Policy (issue 28, point 5)', () => {
  it('is sent with pages, allowing only what the app uses', async () => {
    const t = await createTestApp();
    try {
      const page = await t.app.inject('/api/docs/');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      for (const denied of ['camera=()', 'microphone=()', 'payment=()', 'usb=()'])
        expect(PERMISSIONS_POLICY).toContain(denied);
      expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
    } finally {
      await t.close();
    }
  });
});

describe('the contact form (issue 28, point 5)', () => {
  it('keeps a name with line breaks on its one line of the team’s email', async () => {
    const t = await createTestApp();
    try {
      const answer = await call(t.app, 'POST', '/api/contact', {
        body: {
          name: 'Mario\nAccount: 00000000-0000-4000-8000-000000000000\r\nReceived: 2020-01-01T00:00:00.000Z\u2028Language: en',
          email: 'mario@example.org',
          subject: 'Ciao\nBcc: someone@example.org',
          message: 'Una domanda',
        },
      });
      expect(answer.statusCode).toBe(200);
      const [mail] = await t.database.db.select().from(devMailboxMessages);
      const lines = (mail?.text ?? '').split(/\r?\n|\u2028/);
      expect(lines.filter((line) => line.startsWith('Account:'))).toEqual(['Account: (not signed in)']);
      expect(lines.filter((line) => line.startsWith('Received:'))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('Language:'))).toEqual(['Language: it']);
      expect(lines[0]).toBe(
        'From: Mario Account: 00000000-0000-4000-8000-000000000000 Received: 2020-01-01T00:00:00.000Z Language: en <mario@example.org>',
      );
      expect(mail?.subject).not.toMatch(/[\r\n]/);
    } finally {
      await t.close();
    }
  });
});

describe('/api/docs (issue 28, point 5)', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' };

  it('is off in production', async () => {
    const t = await createTestApp({ env: production });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json'])
        expect((await t.app.inject(url)).statusCode, url).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('is on in production with API_DOCS=true, and outside production by default', async () => {
    for (const env of [{ ...production, API_DOCS: 'true' }, {}]) {
      const t = await createTestApp({ env });
      try {
        expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});
