import {
  type Language,
  NOTIFICATION_TYPE_GROUP,
  notificationText,
  type PushMessagePayload,
} from '@radar/shared';
import type { Logger } from 'pino';
import type { FcmMessage } from '../../../channels/push/fcm';
import type { WebPushMessage, WebPushSender } from '../../../channels/push/web-push';
import type { NotificationRow } from '../../../db/schema';
import { findDeliveryUsers } from '../deps';
import { preferencesOf } from '../preferences/preferences.service';
import {
  type DeliveryAttempt,
  type DeliveryContext,
  type DeliveryResult,
  RetryableDeliveryError,
} from './context';
import {
  addReachedToken,
  claimDelivery,
  deactivateDeviceToken,
  findActivePushTokens,
  findNotificationsByIds,
  finishDeliveries,
  recordDeliveryError,
} from './deliveries.repository';

/**
 * The push of one notification, for a browser (web push) and for the native app (FCM): pure (no
 * database, clock or network). Reminders due within hours are urgent and kept no longer than
 * they matter; a pending push of the same notification is replaced, not shown twice.
 */
export function buildPushMessage(
  language: Language,
  row: Pick<NotificationRow, 'id' | 'type' | 'params'>,
): { webPush: WebPushMessage; native: FcmMessage } {
  const { title, body } = notificationText(language, row.type, row.params);
  const url = `/communication/${row.id}`;
  const payload: PushMessagePayload = {
    notification: { title, body },
    data: { title, body, url, notificationId: row.id, type: row.type },
  };
  const webPush = {
    payload: JSON.stringify(payload),
    ttlSeconds: row.type === 'reminder_5h' ? 5 * 3600 : 24 * 3600,
    urgency:
      row.type === 'reminder_5h' || row.type === 'reminder_1d' ? ('high' as const) : ('normal' as const),
    // A topic is at most 32 URL-safe characters: the notification id without dashes.
    topic: row.id.replaceAll('-', ''),
  };
  const native = {
    title,
    body,
    data: { title, body, url, notificationId: row.id, type: row.type },
    ttlSeconds: webPush.ttlSeconds,
    urgency: webPush.urgency,
    collapseKey: webPush.topic,
  };
  return { webPush, native };
}

let fcmUnconfiguredLogged = false;

/** Without FCM configuration native tokens are kept and skipped, said once per process. */
function noteFcmUnconfigured(logger: Logger): void {
  if (fcmUnconfiguredLogged) return;
  fcmUnconfiguredLogged = true;
  logger.info('native push tokens kept but skipped: FCM_SERVICE_ACCOUNT_FILE is not set');
}

/**
 * Runs one push job: the notification goes to every active web push subscription (and,
 * with FCM configured, every native app token) of the user not yet reached by an earlier attempt. A 404/410 deactivates the subscription; a 429,
 * a 5xx or no answer retries the job; the delivery is sent when at least one device got it.
 */
export async function deliverPush(
  context: DeliveryContext,
  attempt: DeliveryAttempt,
): Promise<DeliveryResult> {
  const { db } = context;
  const now = context.now;
  const delivery = await claimDelivery(db, attempt.deliveryId, attempt.jobId, now());
  if (delivery?.channel !== 'push' || !delivery.notificationId) return { outcome: 'not-claimed' };
  const ids = [delivery.id];
  const settle = async (status: 'sent' | 'skipped' | 'failed', lastError: string | null) =>
    finishDeliveries(db, ids, attempt.jobId, status, { lastError }, now());

  if (delivery.attempts > attempt.retryLimit) {
    const error = delivery.lastError ?? 'the last attempt did not finish';
    await settle('failed', error);
    return { outcome: 'failed', error };
  }
  const [user] = await findDeliveryUsers(db, [delivery.userId]);
  const [row] = await findNotificationsByIds(db, [delivery.notificationId]);
  if (!user || !row) return { outcome: 'not-claimed' };
  const preferences = await preferencesOf(db, user.id);
  if (!user.pushNotifications || !preferences[NOTIFICATION_TYPE_GROUP[row.type]].push) {
    await settle('skipped', 'skipped: push turned off before sending');
    return { outcome: 'skipped', reason: 'push turned off before sending' };
  }
  const reached = new Set(delivery.reachedTokens);
  const active = (await findActivePushTokens(db, user.id)).filter((token) => !reached.has(token.id));
  const tokens = active.filter((token) => token.kind === 'webpush' || context.fcm);
  if (tokens.length < active.length) noteFcmUnconfigured(context.logger);
  if (tokens.length === 0) {
    if (reached.size > 0) {
      await settle('sent', null);
      return { outcome: 'sent', deliveries: 1, skipped: 0 };
    }
    await settle('skipped', 'skipped: no active device');
    return { outcome: 'skipped', reason: 'no active device' };
  }

  const { webPush: message, native } = buildPushMessage(user.language, row);
  const retryErrors: string[] = [];
  const rejections: string[] = [];
  for (const token of tokens) {
    let outcome: Awaited<ReturnType<WebPushSender['send']>>;
    if (token.kind === 'fcm' && context.fcm) outcome = await context.fcm.send(token.token, native);
    else if (token.kind === 'webpush' && token.keys)
      outcome = await context.push.send({ endpoint: token.token, keys: token.keys }, message);
    else continue;
    switch (outcome.kind) {
      case 'delivered':
        reached.add(token.id);
        await addReachedToken(db, delivery.id, token.id, now());
        break;
      case 'gone':
        await deactivateDeviceToken(db, token.id, `push service answered ${outcome.status}`, now());
        break;
      case 'rejected':
        rejections.push(outcome.error);
        break;
      case 'retry':
        retryErrors.push(outcome.error);
        break;
    }
  }

  if (retryErrors.length > 0) {
    const error = retryErrors.join('; ');
    if (delivery.attempts >= attempt.retryLimit) {
      await settle(reached.size > 0 ? 'sent' : 'failed', error);
      return reached.size > 0 ? { outcome: 'sent', deliveries: 1, skipped: 0 } : { outcome: 'failed', error };
    }
    await recordDeliveryError(db, ids, attempt.jobId, error);
    throw new RetryableDeliveryError(error);
  }
  if (reached.size > 0) {
    await settle('sent', rejections.length > 0 ? rejections.join('; ') : null);
    return { outcome: 'sent', deliveries: 1, skipped: 0 };
  }
  if (rejections.length > 0) {
    const error = rejections.join('; ');
    await settle('failed', error);
    return { outcome: 'failed', error };
  }
  await settle('skipped', 'skipped: every device was gone');
  return { outcome: 'skipped', reason: 'every device was gone' };
}
