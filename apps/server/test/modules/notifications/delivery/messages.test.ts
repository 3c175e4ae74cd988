import type { PushMessagePayload } from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { renderNotificationEmail } from '../../../../src/channels/email/templates/notification-email';
import type { NotificationRow } from '../../../../src/db/schema';
import { buildNotificationEmail, emailGroups } from '../../../../src/modules/notifications/delivery/email';
import { buildPushMessage } from '../../../../src/modules/notifications/delivery/push';

/** The messages are built by pure functions: these run without a database, a clock or a network. */
const row = (overrides: Partial<NotificationRow>): NotificationRow => ({
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  seq: 1,
  userId: '11111111-2222-4333-8444-555555555555',
  type: 'new_tournament',
  params: { tournamentName: 'Open di Lucca', reasons: ['region'], matchingFilters: 1 },
  dedupeKey: 'new_tournament:C1',
  batchId: '66666666-7777-4888-9999-aaaaaaaaaaaa',
  readAt: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  ...overrides,
});

describe('the messages delivery builds', () => {
  it('an email: the template’s input and the headers, from the notifications and the link', () => {
    const reminder = row({
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
      type: 'reminder_1d',
      params: { tournamentName: 'Open di Pisa', registrationDeadline: '2026-03-02T17:00:00Z' },
    });
    const message = buildNotificationEmail({
      user: { email: 'anna@example.it', username: 'anna', language: 'en' },
      notifications: [row({}), reminder],
      publicUrl: 'https://radar.example',
      unsubscribeUrl: 'https://radar.example/unsubscribe?token=t',
      jobId: 'job-1',
    });
    expect(message.to).toBe('anna@example.it');
    expect(message.headers).toEqual({
      'List-Unsubscribe': '<https://radar.example/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': '<job-1@radar.example>',
    });
    expect(message.template).toMatchObject({
      language: 'en',
      username: 'anna',
      inboxUrl: 'https://radar.example/communication',
      unsubscribeUrl: 'https://radar.example/unsubscribe?token=t',
      groupLabels: ['New tournaments', expect.any(String)],
    });
    // Without a tournament to open, the button opens the notification.
    expect(message.template.items.map((item) => item.url)).toEqual([
      'https://radar.example/communication/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      'https://radar.example/communication/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
    ]);
    expect(message.template.items[0]).toMatchObject({
      title: 'New tournament: Open di Lucca',
      matchingFilters: 1,
    });
    expect(message.template.items[1]?.details).toHaveLength(1);
    expect(emailGroups([reminder, row({})])).toEqual(['new_tournaments', 'reminder_1d']);
  });

  it('a new-tournament email says what the tournament is and why it matched, and its button opens the tournament', async () => {
    const tournament = row({
      params: {
        tournamentName: 'Open di Roma',
        competitionGuid: 'ABC-123',
        reasons: ['region', 'dates', 'category'],
        matchingFilters: 2,
        startDate: '2026-12-12',
        endDate: '2026-12-14',
        city: 'Roma',
        provinceSigla: 'RM',
        regionId: 12,
        provinceId: 58,
        drawTypes: ['Maschile', 'Misto'],
        bands: ['4.1', '4.3', '4.NC'],
        ageCodes: ['NOR'],
        prizeMoney: 1500,
        registrationDeadline: '2026-12-09T11:00:00+00:00',
      },
    });
    const message = buildNotificationEmail({
      user: { email: 'anna@example.it', username: 'anna', language: 'it' },
      notifications: [tournament],
      publicUrl: 'https://radar.example',
      unsubscribeUrl: 'https://radar.example/unsubscribe?token=t',
      jobId: 'job-2',
    });
    const [item] = message.template.items;
    expect(item).toMatchObject({
      url: 'https://radar.example/competition/ABC-123',
      action: 'openTournament',
      file: null,
      reasons: ['Regione: Lazio', 'Date: 12–14 dicembre 2026', 'Categoria: 4.1 – 4.NC · NOR'],
      // Dates and category are among the reasons: said once.
      details: [
        'Luogo: Roma (RM)',
        'Tabelloni: Singolare maschile, Doppio misto',
        'Montepremi: 1.500\u00a0€',
        'Chiusura iscrizioni: 9 dic 2026, 12:00',
      ],
    });
    const email = await renderNotificationEmail(message.template);
    expect(email.text).toContain('Corrisponde ai tuoi filtri per:');
    expect(email.text).toContain('· Regione: Lazio');
    expect(email.text).toContain('Chiusura iscrizioni: 9 dic 2026, 12:00');
    expect(email.html).toContain('href="https://radar.example/competition/ABC-123"');
    expect(email.html).toContain('Apri il torneo');
  });

  it('an order-of-play email links the file, on our server, besides the tournament', async () => {
    const orderOfPlay = row({
      type: 'new_order_of_play',
      params: {
        tournamentName: 'Open di Roma',
        competitionGuid: 'ABC-123',
        documentName: 'odg 12-12.pdf',
        fileUrl: '/api/competitions/ABC-123/files/order_of_play/odg%2012-12.pdf',
      },
    });
    const message = buildNotificationEmail({
      user: { email: 'anna@example.it', username: 'anna', language: 'en' },
      notifications: [orderOfPlay],
      publicUrl: 'https://radar.example',
      unsubscribeUrl: 'https://radar.example/unsubscribe?token=t',
      jobId: 'job-3',
    });
    expect(message.template.items[0]).toMatchObject({
      url: 'https://radar.example/competition/ABC-123',
      file: {
        url: 'https://radar.example/api/competitions/ABC-123/files/order_of_play/odg%2012-12.pdf',
        label: 'Open the order of play',
      },
      details: ['Document: odg 12-12.pdf'],
    });
    const email = await renderNotificationEmail(message.template);
    expect(email.html).toContain(
      'href="https://radar.example/api/competitions/ABC-123/files/order_of_play/odg%2012-12.pdf"',
    );
  });

  it('a push: the web push message and the native one, urgent and short-lived for a close reminder', () => {
    const { webPush, native } = buildPushMessage('it', row({ type: 'reminder_5h' }));
    const payload = JSON.parse(webPush.payload) as PushMessagePayload;
    expect(payload.data).toEqual({
      title: payload.notification.title,
      body: payload.notification.body,
      url: '/communication/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      notificationId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      type: 'reminder_5h',
    });
    expect(webPush).toMatchObject({
      ttlSeconds: 5 * 3600,
      urgency: 'high',
      topic: '0190a1b2c3d47e5f8a9b0c1d2e3f4a5b',
    });
    expect(native).toEqual({
      title: payload.notification.title,
      body: payload.notification.body,
      data: payload.data,
      ttlSeconds: 5 * 3600,
      urgency: 'high',
      collapseKey: '0190a1b2c3d47e5f8a9b0c1d2e3f4a5b',
    });
    expect(buildPushMessage('en', row({})).webPush).toMatchObject({
      ttlSeconds: 24 * 3600,
      urgency: 'normal',
    });
  });
});
