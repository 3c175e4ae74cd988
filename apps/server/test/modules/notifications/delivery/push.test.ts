import { randomUUID } from 'node:crypto';
import { deviceTokenSchema, type PushMessagePayload } from '@radar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createWebPushSender } from '../../../../src/channels/push/web-push';
import { deviceTokens, type User } from '../../../../src/db/schema';
import { deliverPush } from '../../../../src/modules/notifications/delivery/push';
import { getNotificationKeys } from '../../../../src/modules/notifications/notification-keys';
import { createUser, signIn } from '../../../helpers/factories';
import { startDeliveryWorkers } from '../../../helpers/jobs';
import { silentLogger } from '../../../helpers/logger';
import {
  deliveryOf,
  idsOf,
  newTournament,
  notify,
  waitFor,
  waitForSettled,
} from '../../../helpers/notifications';
import { type PushService, startPushService } from '../../../helpers/push-service';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

describe('web push', () => {
  let t: TestApp;
  let push: PushService;
  let vapidPublicKey: string;

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp({ withQueue: true, env: { WEB_PUSH_ENDPOINT_HOSTS: new URL(push.origin).host } });
    const keys = await getNotificationKeys(t.database.db, t.config);
    vapidPublicKey = keys.vapid.publicKey;
    if (!t.queue) throw new Error('queue expected');
    await startDeliveryWorkers(
      t.queue,
      {
        db: t.database.db,
        config: t.config,
        mailer: t.mailer,
        logger: silentLogger,
        push: createWebPushSender({ vapid: keys.vapid, agent: push.agent }),
        now: () => new Date(),
      },
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const as = async (user: User) => {
    const cookie = await signIn(t.database.db, user);
    return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  };

  /** A browser subscribing with our VAPID key and registering the subscription. */
  const registerBrowser = async (call: Awaited<ReturnType<typeof as>>) => {
    const browser = push.subscribe(vapidPublicKey);
    const response = await call('POST', '/api/notifications/device-token', {
      token: JSON.stringify(browser.subscription),
      deviceInfo: { os: 'Android', browser: 'Chrome' },
    });
    expect(response.statusCode).toBe(201);
    return { browser, token: deviceTokenSchema.parse(response.json()) };
  };

  it('pushes a notification to every device, signed with VAPID and encrypted for each', async () => {
    const user = await createUser(t.database.db, { language: 'en' });
    const call = await as(user);
    const phone = await registerBrowser(call);
    const laptop = await registerBrowser(call);
    const result = await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Napoli')]);
    expect(result.created[0]?.channels).toEqual(['email', 'push']);
    const [id = ''] = idsOf(result);
    await waitForSettled(t.database.db, [id]);
    const delivery = await deliveryOf(t.database.db, id, 'push');
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    expect(delivery?.reachedTokens.sort()).toEqual([phone.token.id, laptop.token.id].sort());

    for (const device of [phone, laptop]) {
      const messages = push.received.filter((message) => message.subscriptionId === device.browser.id);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message?.vapidPublicKey).toBe(vapidPublicKey);
      expect(message?.claims.aud).toBe(push.origin);
      expect(message?.claims.sub).toBe('mailto:info@radartornei.it');
      expect(message?.headers).toEqual({ ttl: '86400', urgency: 'normal', topic: id.replaceAll('-', '') });
      expect(message?.payload).toEqual({
        notification: {
          title: 'New tournament: Open di Napoli',
          body: 'A new tournament matches your filters: Open di Napoli.',
        },
        data: {
          title: 'New tournament: Open di Napoli',
          body: 'A new tournament matches your filters: Open di Napoli.',
          url: `/communication/${id}`,
          notificationId: id,
          type: 'new_tournament',
        },
      } satisfies PushMessagePayload);
    }
  });

  it('deactivates a device the push service says is gone (404/410)', async () => {
    const user = await createUser(t.database.db);
    const call = await as(user);
    const gone = await registerBrowser(call);
    const missing = await registerBrowser(call);
    push.answer(gone.browser.id, 410);
    push.answer(missing.browser.id, 404);
    const [id = ''] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Pisa')]));
    await waitForSettled(t.database.db, [id]);
    expect(await deliveryOf(t.database.db, id, 'push')).toMatchObject({
      status: 'skipped',
      lastError: 'skipped: every device was gone',
    });
    const tokens = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(tokens.map((token) => [token.active, token.deactivationReason]).sort()).toEqual([
      [false, 'push service answered 404'],
      [false, 'push service answered 410'],
    ]);
    // With no active device left, the next notification has no push delivery at all.
    const next = await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Lucca')]);
    expect(next.created[0]?.channels).toEqual(['email']);
  });

  it('retries a push service error later, without pushing twice to the devices already reached', async () => {
    const user = await createUser(t.database.db);
    const call = await as(user);
    const healthy = await registerBrowser(call);
    const flaky = await registerBrowser(call);
    push.answer(flaky.browser.id, 503);
    const [id = ''] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Trento')]));
    await waitFor(
      async () => {
        const delivery = await deliveryOf(t.database.db, id, 'push');
        return delivery?.lastError?.startsWith('503') ? delivery : undefined;
      },
      { what: 'a failed first attempt' },
    );
    push.answer(flaky.browser.id, 201);
    await waitForSettled(t.database.db, [id]);
    const delivery = await deliveryOf(t.database.db, id, 'push');
    expect(delivery?.status).toBe('sent');
    expect(delivery?.attempts).toBeGreaterThanOrEqual(2);
    expect(push.received.filter((m) => m.subscriptionId === healthy.browser.id)).toHaveLength(1);
    const flakyMessages = push.received.filter((m) => m.subscriptionId === flaky.browser.id);
    expect(flakyMessages.map((message) => message.status)).toEqual([
      ...flakyMessages.slice(0, -1).map(() => 503),
      201,
    ]);
  });

  it('records a push the service refuses for good (another 4xx) as failed, at once', async () => {
    const user = await createUser(t.database.db);
    const call = await as(user);
    const refused = await registerBrowser(call);
    push.answer(refused.browser.id, 400);
    const [id = ''] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Udine')]));
    await waitForSettled(t.database.db, [id]);
    const delivery = await deliveryOf(t.database.db, id, 'push');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(delivery?.lastError).toMatch(/^400/);
    expect(push.received.filter((m) => m.subscriptionId === refused.browser.id)).toHaveLength(1);
    // Not a gone subscription: the device stays active.
    const tokens = await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(tokens.map((token) => token.active)).toEqual([true]);
  });

  it('is refused by the push service when signed with other keys', async () => {
    const browser = push.subscribe(vapidPublicKey);
    const impostor = webpush.generateVAPIDKeys();
    const sender = createWebPushSender({
      vapid: { subject: 'mailto:someone@example.it', ...impostor },
      agent: push.agent,
    });
    const outcome = await sender.send(browser.subscription, {
      payload: '{}',
      ttlSeconds: 60,
      urgency: 'normal',
    });
    expect(outcome).toMatchObject({ kind: 'rejected', status: 403 });
    expect(push.rejected.at(-1)).toEqual({
      subscriptionId: browser.id,
      reason: 'signed with a key other than the subscription’s applicationServerKey',
    });
  });
});

describe('a push delivery taken by two workers at once', () => {
  let t: TestApp;
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
    // No worker: the test runs the job handler itself, twice at the same time, as two workers would.
    t = await createTestApp({ withQueue: true, env: { WEB_PUSH_ENDPOINT_HOSTS: new URL(push.origin).host } });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('is pushed once: one job claims it, the other finds nothing to do', async () => {
    const keys = await getNotificationKeys(t.database.db, t.config);
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.database.db, user);
    const browser = push.subscribe(keys.vapid.publicKey);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/device-token',
      headers: { cookie },
      payload: { token: JSON.stringify(browser.subscription) },
    });
    expect(registered.statusCode).toBe(201);
    const [id = ''] = idsOf(await notify(t.database.db, t.queue, [newTournament(user.id, 'Open di Rieti')]));
    const delivery = await deliveryOf(t.database.db, id, 'push');
    if (!delivery) throw new Error('push delivery expected');
    const context = {
      db: t.database.db,
      config: t.config,
      mailer: t.mailer,
      keys,
      logger: silentLogger,
      push: createWebPushSender({ vapid: keys.vapid, agent: push.agent }),
      now: () => new Date(),
    };
    // Two jobs (a retry that overlaps an expired attempt, say) on the same delivery.
    const results = await Promise.all(
      [randomUUID(), randomUUID()].map((jobId) =>
        deliverPush(context, { jobId, deliveryId: delivery.id, retryCount: 0, retryLimit: 3 }),
      ),
    );
    expect(results.map((result) => result.outcome).sort()).toEqual(['not-claimed', 'sent']);
    expect(push.received.filter((message) => message.subscriptionId === browser.id)).toHaveLength(1);
    expect(await deliveryOf(t.database.db, id, 'push')).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
