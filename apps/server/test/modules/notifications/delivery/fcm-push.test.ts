import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFcmSender, type FcmSender } from '../../../../src/channels/push/fcm';
import { createWebPushSender } from '../../../../src/channels/push/web-push';
import { deviceTokens, type User } from '../../../../src/db/schema';
import {
  type DeliveryContext,
  RetryableDeliveryError,
} from '../../../../src/modules/notifications/delivery/context';
import { deliverPush } from '../../../../src/modules/notifications/delivery/push';
import { getNotificationKeys } from '../../../../src/modules/notifications/notification-keys';
import { createUser, signIn } from '../../../helpers/factories';
import { type FcmService, startFcmService } from '../../../helpers/fcm-service';
import { silentLogger } from '../../../helpers/logger';
import { deliveryOf, idsOf, newTournament, notify } from '../../../helpers/notifications';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

/** A native app's FCM registration token (the shape FCM hands out). */
const nativeToken = () => `fcm-${randomUUID().replaceAll('-', '')}:APA91b${randomUUID().replaceAll('-', '')}`;

describe('native push through FCM HTTP v1', () => {
  let t: TestApp;
  let fcmService: FcmService;
  let fcm: FcmSender;

  beforeAll(async () => {
    fcmService = await startFcmService();
    fcm = createFcmSender({
      serviceAccount: fcmService.serviceAccount,
      endpoint: fcmService.origin,
      agent: fcmService.agent,
    });
    t = await createTestApp({ withQueue: true });
  });
  afterAll(async () => {
    await t.close();
    await fcmService.close();
  });

  async function contextWith(sender: FcmSender | null, logger = silentLogger): Promise<DeliveryContext> {
    const keys = await getNotificationKeys(t.database.db, t.config);
    return {
      db: t.database.db,
      config: t.config,
      mailer: t.mailer,
      keys,
      logger,
      now: () => new Date(),
      push: createWebPushSender({ vapid: keys.vapid }),
      fcm: sender,
    };
  }

  /** A user whose native app registered its token after login (spec §4 "Native tokens"). */
  async function userWithNativeApp(): Promise<{ user: User; token: string }> {
    const user = await createUser(t.database.db, { language: 'en' });
    const cookie = await signIn(t.database.db, user);
    const token = nativeToken();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/device-token',
      headers: { cookie },
      payload: { token, deviceInfo: { deviceId: 'instance-1', appVersion: '2.1.0', os: 'Android 15' } },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toMatchObject({ kind: 'fcm', active: true });
    return { user, token };
  }

  async function pushDeliveryFor(user: User, tournament: string) {
    const [id = ''] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, tournament)]));
    const delivery = await deliveryOf(t.database.db, id, 'push');
    if (!delivery) throw new Error('push delivery expected');
    return { notificationId: id, delivery };
  }

  const tokenRow = async (token: string) =>
    (await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.token, token)))[0];

  it('sends the notification to the app with a service-account token, texts and the url to open', async () => {
    const { user, token } = await userWithNativeApp();
    const { notificationId, delivery } = await pushDeliveryFor(user, 'Open di Rieti');
    const result = await deliverPush(await contextWith(fcm), {
      jobId: randomUUID(),
      deliveryId: delivery.id,
      retryCount: 0,
      retryLimit: 3,
    });
    expect(result.outcome).toBe('sent');
    expect(fcmService.tokensIssued).toBeGreaterThanOrEqual(1);
    const received = fcmService.received.find((item) => item.message.token === token);
    expect(received?.projectId).toBe('radar-test');
    expect(received?.message).toMatchObject({
      token,
      notification: { title: expect.stringContaining('Open di Rieti') },
      data: { url: `/communication/${notificationId}`, notificationId, type: 'new_tournament' },
      android: { priority: 'normal', ttl: '86400s' },
    });
    expect(await deliveryOf(t.database.db, notificationId, 'push')).toMatchObject({ status: 'sent' });
  });

  it('deactivates a token FCM says is unregistered', async () => {
    const { user, token } = await userWithNativeApp();
    fcmService.answer(token, { status: 404, errorCode: 'UNREGISTERED' });
    const { notificationId, delivery } = await pushDeliveryFor(user, 'Torneo di Latina');
    const result = await deliverPush(await contextWith(fcm), {
      jobId: randomUUID(),
      deliveryId: delivery.id,
      retryCount: 0,
      retryLimit: 3,
    });
    expect(result).toMatchObject({ outcome: 'skipped', reason: 'every device was gone' });
    expect(await tokenRow(token)).toMatchObject({
      active: false,
      deactivationReason: 'push service answered 404',
    });
    expect(await deliveryOf(t.database.db, notificationId, 'push')).toMatchObject({ status: 'skipped' });
  });

  it('retries after a 5xx and delivers on the next attempt', async () => {
    const { user, token } = await userWithNativeApp();
    fcmService.answer(token, { status: 503, errorCode: 'UNAVAILABLE' });
    const { notificationId, delivery } = await pushDeliveryFor(user, 'Coppa di Viterbo');
    const context = await contextWith(fcm);
    const jobId = randomUUID();
    await expect(
      deliverPush(context, { jobId, deliveryId: delivery.id, retryCount: 0, retryLimit: 3 }),
    ).rejects.toBeInstanceOf(RetryableDeliveryError);
    expect(fcmService.received.filter((item) => item.message.token === token)).toHaveLength(0);
    expect(await tokenRow(token)).toMatchObject({ active: true });

    const retried = await deliverPush(context, {
      jobId,
      deliveryId: delivery.id,
      retryCount: 1,
      retryLimit: 3,
    });
    expect(retried.outcome).toBe('sent');
    expect(fcmService.received.filter((item) => item.message.token === token)).toHaveLength(1);
    expect(await deliveryOf(t.database.db, notificationId, 'push')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });

  it('without FCM configuration keeps native tokens, skips them and says so once', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const before = fcmService.received.length;
    for (const tournament of ['Open di Terni', 'Open di Orvieto']) {
      const { user, token } = await userWithNativeApp();
      const { delivery } = await pushDeliveryFor(user, tournament);
      const result = await deliverPush(await contextWith(null, logger), {
        jobId: randomUUID(),
        deliveryId: delivery.id,
        retryCount: 0,
        retryLimit: 3,
      });
      expect(result).toMatchObject({ outcome: 'skipped', reason: 'no active device' });
      expect(await tokenRow(token)).toMatchObject({ active: true });
    }
    expect(fcmService.received.length).toBe(before);
    const said = lines.filter((line) => line.includes('FCM_SERVICE_ACCOUNT_FILE is not set'));
    expect(said).toHaveLength(1);
  });
});
