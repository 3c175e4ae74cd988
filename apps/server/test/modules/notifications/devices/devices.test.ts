import { deviceTokenListSchema, deviceTokenSchema, notificationPreferencesSchema } from '@radar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../../src/db/schema';
import { getNotificationKeys } from '../../../../src/modules/notifications/notification-keys';
import { createUser, signIn } from '../../../helpers/factories';
import { type PushService, startPushService } from '../../../helpers/push-service';
import { createTestApp, type TestApp } from '../../../helpers/test-app';

describe('push devices', () => {
  let t: TestApp;
  let push: PushService;
  let vapidPublicKey: string;

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp({ env: { WEB_PUSH_ENDPOINT_HOSTS: new URL(push.origin).host } });
    vapidPublicKey = (await getNotificationKeys(t.database.db, t.config)).vapid.publicKey;
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

  it('gives the VAPID public key browsers subscribe with, the same on every call', async () => {
    const first = await t.app.inject('/api/notifications/vapid-public-key');
    expect(first.json()).toEqual({ publicKey: vapidPublicKey });
    expect(Buffer.from(vapidPublicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject('/api/notifications/vapid-public-key')).json()).toEqual(first.json());
  });

  it('registers, lists, refreshes, moves and forgets devices', async () => {
    const user = await createUser(t.database.db);
    const call = await as(user);
    const browser = push.subscribe(vapidPublicKey);
    const registered = await call('POST', '/api/notifications/device-token', {
      token: JSON.stringify(browser.subscription),
      deviceInfo: {
        os: 'Android',
        browser: 'Chrome',
        platform: '',
        deviceId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
        screenWidth: 412,
        screenHeight: 915,
        touchscreen: true,
        language: 'it-IT',
        networkConnection: '  ',
        deviceMemory: null,
        hardwareConcurrency: 'eight',
        somethingElse: 'dropped',
      },
    });
    expect(registered.statusCode).toBe(201);
    const token = deviceTokenSchema.parse(registered.json());
    // Empty fields (and ill-formed or unknown ones) are dropped.
    expect(token).toMatchObject({
      kind: 'webpush',
      active: true,
      deviceInfo: {
        os: 'Android',
        browser: 'Chrome',
        deviceId: '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
        screenWidth: 412,
        screenHeight: 915,
        touchscreen: true,
        language: 'it-IT',
      },
    });
    expect(Object.keys(token.deviceInfo).sort()).toEqual(
      ['browser', 'deviceId', 'language', 'os', 'screenHeight', 'screenWidth', 'touchscreen'].sort(),
    );
    // Registering a device turns push on.
    const preferences = notificationPreferencesSchema.parse(
      (await call('GET', '/api/notifications/preferences')).json(),
    );
    expect(preferences.pushNotifications).toBe(true);

    // The same subscription again (every app start) refreshes the same device.
    const again = await call('POST', '/api/notifications/device-token', {
      token: JSON.stringify(browser.subscription),
    });
    expect(again.statusCode).toBe(200);
    expect(deviceTokenSchema.parse(again.json()).id).toBe(token.id);

    // A native app's FCM token.
    const native = await call('POST', '/api/notifications/device-token', {
      token: 'fcm-token_ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789',
      deviceInfo: {
        deviceId: 'app-instance-1',
        appVersion: '2.1.0',
        deviceModel: 'Pixel 8',
        pushStatus: 'granted',
      },
    });
    expect(native.statusCode).toBe(201);
    expect(deviceTokenSchema.parse(native.json())).toMatchObject({
      kind: 'fcm',
      deviceInfo: {
        deviceId: 'app-instance-1',
        appVersion: '2.1.0',
        deviceModel: 'Pixel 8',
        pushStatus: 'granted',
      },
    });
    const list = deviceTokenListSchema.parse((await call('GET', '/api/notifications/device-tokens')).json());
    expect(list.tokens.map((item) => item.kind).sort()).toEqual(['fcm', 'webpush']);

    // Someone else signs in on that browser: the subscription moves to them.
    const other = await createUser(t.database.db);
    const otherCall = await as(other);
    expect(
      (
        await otherCall('POST', '/api/notifications/device-token', {
          token: JSON.stringify(browser.subscription),
        })
      ).statusCode,
    ).toBe(200);
    const mine = deviceTokenListSchema.parse((await call('GET', '/api/notifications/device-tokens')).json());
    expect(mine.tokens.map((item) => item.kind)).toEqual(['fcm']);

    // Nobody deletes another user's device; one's own goes.
    const nativeId = deviceTokenSchema.parse(native.json()).id;
    expect((await otherCall('DELETE', `/api/notifications/device-token/${nativeId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/device-token/${nativeId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/notifications/device-token/${nativeId}`)).statusCode).toBe(404);
    expect(
      deviceTokenListSchema.parse((await call('GET', '/api/notifications/device-tokens')).json()).tokens,
    ).toEqual([]);

    // Deactivate all: every device stops, and push is off.
    const deactivated = await otherCall('POST', '/api/notifications/device-tokens/deactivate-all');
    expect(deactivated.json()).toEqual({ deactivated: 1 });
    const afterwards = deviceTokenListSchema.parse(
      (await otherCall('GET', '/api/notifications/device-tokens')).json(),
    );
    expect(afterwards.tokens.map((item) => item.active)).toEqual([false]);
    expect(afterwards.tokens[0]?.deactivatedAt).not.toBeNull();
    const off = notificationPreferencesSchema.parse(
      (await otherCall('GET', '/api/notifications/preferences')).json(),
    );
    expect(off.pushNotifications).toBe(false);
  });

  it('refuses tokens that are not a push subscription or an FCM token', async () => {
    const call = await as(await createUser(t.database.db, { language: 'en' }));
    const good = push.subscribe(vapidPublicKey).subscription;
    for (const token of [
      'short',
      '{"endpoint":',
      JSON.stringify({ ...good, endpoint: 'http://127.0.0.1/push/x' }),
      JSON.stringify({ ...good, endpoint: 'https://attacker.example/collect' }),
      JSON.stringify({ ...good, keys: { p256dh: 'AAAA', auth: good.keys.auth } }),
      JSON.stringify({ endpoint: good.endpoint }),
    ]) {
      const response = await call('POST', '/api/notifications/device-token', { token });
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        data: { fields: { token: ['Invalid value'] } },
      });
    }
    expect((await call('POST', '/api/notifications/device-token', {})).statusCode).toBe(400);
  });
});
