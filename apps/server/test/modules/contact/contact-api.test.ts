import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../../src/channels/email/mailer';
import { contactMessages } from '../../../src/db/schema';
import { createUser, signIn } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { mailTo } from '../../helpers/mailbox';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const TEAM = 'team@radartornei.example';
const MESSAGE = {
  name: 'Giulia Bianchi',
  email: 'giulia@example.it',
  subject: 'Un torneo manca',
  message: 'Ciao, il torneo di Pescara non compare nella ricerca.',
};

describe('POST /api/contact', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.0.0.${++ip}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_TO: TEAM, CONTACT_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  const messages = async () =>
    Number((await t.database.db.select({ n: count() }).from(contactMessages))[0]?.n);

  it('stores the message, emails it to the team address and answers CONTACT_MESSAGE_SENT', async () => {
    const response = await call(t.app, 'POST', '/api/contact', { body: MESSAGE, ip: nextIp() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      code: 'CONTACT_MESSAGE_SENT',
      message: 'Messaggio inviato. Ti risponderemo al più presto.',
    });
    const [mail] = await mailTo(t.database.db, TEAM);
    expect(mail?.subject).toBe('[Radar Tornei] Un torneo manca');
    expect(mail?.text).toContain('From: Giulia Bianchi <giulia@example.it>');
    expect(mail?.text).toContain('Account: (not signed in)');
    expect(mail?.text).toContain('il torneo di Pescara non compare');
    expect(mail?.headers).toMatchObject({ 'Reply-To': 'giulia@example.it' });
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ ...MESSAGE, userId: null, language: 'it' });
    expect(row?.emailedAt).toBeInstanceOf(Date);
  });

  it('records the signed-in sender and answers in English', async () => {
    const user = await createUser(t.database.db, { language: 'en' });
    const response = await call(t.app, 'POST', '/api/contact', {
      body: { ...MESSAGE, subject: 'From a member' },
      cookie: await signIn(t.database.db, user),
      ip: nextIp(),
    });
    expect(response.json().message).toBe('Message sent. We will get back to you soon.');
    const [mail] = await mailTo(t.database.db, TEAM);
    expect(mail?.text).toContain(`Account: ${user.id}`);
  });

  it('refuses a message of more than 5000 characters with the spec text, in it and en', async () => {
    const before = await messages();
    const long = { ...MESSAGE, message: 'a'.repeat(5001) };
    const it = await call(t.app, 'POST', '/api/contact', { body: long, ip: nextIp() });
    expect(it.statusCode).toBe(400);
    expect(it.json().data.fields.message).toEqual([
      'Il messaggio è troppo lungo. Mantienilo sotto i 5000 caratteri.',
    ]);
    const en = await call(t.app, 'POST', '/api/contact', { body: long, ip: nextIp(), language: 'en' });
    expect(en.json().data.fields.message).toEqual([
      'Message is too long. Please keep it under 5000 characters.',
    ]);
    const missing = await call(t.app, 'POST', '/api/contact', {
      body: { ...MESSAGE, email: 'not-an-email', name: '' },
      ip: nextIp(),
    });
    expect(missing.json().data.fields).toMatchObject({
      email: ['Inserisci un indirizzo email valido'],
      name: ['Questo campo è obbligatorio'],
    });
    // Exactly 5000 is accepted.
    const limit = await call(t.app, 'POST', '/api/contact', {
      body: { ...MESSAGE, message: 'b'.repeat(5000) },
      ip: nextIp(),
    });
    expect(limit.statusCode).toBe(200);
    expect(await messages()).toBe(before + 1);
  });

  it('answers a filled honeypot as sent but keeps and sends nothing', async () => {
    const before = await messages();
    const mailsBefore = (await mailTo(t.database.db, TEAM)).length;
    const response = await call(t.app, 'POST', '/api/contact', {
      body: { ...MESSAGE, website: 'http://spam.example' },
      ip: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('CONTACT_MESSAGE_SENT');
    expect(await messages()).toBe(before);
    expect(await mailTo(t.database.db, TEAM)).toHaveLength(mailsBefore);
  });

  it('limits messages per IP (every attempt counts) with 429 TOO_MANY_REQUESTS', async () => {
    const address = nextIp();
    expect((await call(t.app, 'POST', '/api/contact', { body: MESSAGE, ip: address })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/contact', { body: {}, ip: address })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/contact', { body: MESSAGE, ip: address })).statusCode).toBe(200);
    const limited = await call(t.app, 'POST', '/api/contact', { body: MESSAGE, ip: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await call(t.app, 'POST', '/api/contact', { body: MESSAGE, ip: nextIp() })).statusCode).toBe(200);
  });
});

describe('POST /api/contact when the mailer fails', () => {
  let t: TestApp;
  const failing: Mailer = {
    kind: 'smtp',
    send: async () => {
      throw new Error('SMTP down');
    },
    close: async () => {},
  };

  beforeAll(async () => {
    t = await createTestApp({ mailer: failing });
  });
  afterAll(() => t.close());

  it('answers CONTACT_SEND_FAILED with its text and keeps nothing', async () => {
    const response = await call(t.app, 'POST', '/api/contact', { body: MESSAGE, ip: '10.1.0.1' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'CONTACT_SEND_FAILED',
      message: 'Non è stato possibile inviare il messaggio. Riprova più tardi.',
    });
    expect(await t.database.db.select().from(contactMessages)).toEqual([]);
  });
});
