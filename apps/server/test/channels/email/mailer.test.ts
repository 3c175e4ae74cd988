import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../../src/channels/email/mailer';
import { createTestApp, type TestApp } from '../../helpers/test-app';

type Received = { from: string; to: string[]; raw: string };

describe('SMTP transport', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'radar' && auth.password === 's3cret') return callback(null, { user: 'radar' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message through a real SMTP server with authentication', async () => {
    const mailer = createSmtpMailer(
      `smtp://radar:s3cret@127.0.0.1:${port}`,
      'Radar Tornei <noreply@radartornei.it>',
    );
    try {
      await mailer.send({
        to: 'giulia@example.it',
        subject: 'Il tuo codice di verifica',
        text: 'Codice: 482913',
        html: '<p>Codice: <b>482913</b></p>',
        headers: { 'List-Unsubscribe': '<https://radartornei.it/unsubscribe?token=t>' },
      });
    } finally {
      await mailer.close();
    }
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe('noreply@radartornei.it');
    expect(message?.to).toEqual(['giulia@example.it']);
    expect(message?.raw).toMatch(/^Subject: Il tuo codice di verifica\r?$/m);
    expect(message?.raw).toMatch(/^List-Unsubscribe: <https:\/\/radartornei\.it\/unsubscribe\?token=t>\r?$/m);
    expect(message?.raw).toContain('Codice: 482913');
    expect(message?.raw).toContain('text/html');
  });

  it('fails loudly when the server refuses the credentials', async () => {
    const mailer = createSmtpMailer(`smtp://radar:wrong@127.0.0.1:${port}`, 'noreply@radartornei.it');
    await expect(mailer.send({ to: 'a@b.it', subject: 's', text: 't' })).rejects.toThrow(
      /Invalid username or password/,
    );
    await mailer.close();
  });
});

describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps every message and lists it as JSON and HTML', async () => {
    expect(t.mailer.kind).toBe('dev-mailbox');
    await t.mailer.send({
      to: 'Mario@Example.it',
      subject: 'Benvenuto <Mario>',
      text: 'Ciao Mario',
      html: '<h1>Ciao</h1>',
    });
    await t.mailer.send({ to: 'luca@example.it', subject: 'Altro', text: 'Ciao Luca' });

    const all = await t.app.inject('/dev/mailbox/messages');
    expect(all.json().messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Altro',
      'Benvenuto <Mario>',
    ]);

    const mario = (await t.app.inject('/dev/mailbox/messages?to=mario@example.it')).json().messages;
    expect(mario).toHaveLength(1);
    expect(mario[0]).toMatchObject({ to: ['Mario@Example.it'], text: 'Ciao Mario', from: t.config.mailFrom });

    const list = await t.app.inject('/dev/mailbox');
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Benvenuto &lt;Mario&gt;');

    const detail = await t.app.inject(`/dev/mailbox/${mario[0].id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('Ciao Mario');
    expect((await t.app.inject('/dev/mailbox/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is not mounted in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' },
    });
    try {
      expect((await production.app.inject('/dev/mailbox/messages')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
