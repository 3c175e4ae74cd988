import {
  type Language,
  NOTIFICATION_GROUPS,
  NOTIFICATION_TYPE_GROUP,
  notificationText,
  type PushMessagePayload,
  translateShared,
} from '@radar/shared';
import type { Logger } from 'pino';
import type { Mailer } from '../../../channels/email/mailer';
import {
  type NotificationEmailItem,
  renderNotificationEmail,
} from '../../../channels/email/templates/notification-email';
import { emailDateTime, emailText } from '../../../channels/email/templates/notification-texts';
import type { FcmSender } from '../../../channels/push/fcm';
import type { WebPushSender } from '../../../channels/push/web-push';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { NotificationDelivery, NotificationRow } from '../../../db/schema';
import { findDeliveryUsers } from '../deps';
import type { NotificationKeys } from '../notification-keys';
import { preferencesOf } from '../preferences/preferences.service';
import { unsubscribeLink } from '../unsubscribe/unsubscribe.service';
import {
  addReachedToken,
  claimDelivery,
  claimEmailBatch,
  deactivateDeviceToken,
  emailNotificationIds,
  findActivePushTokens,
  findNotificationsByIds,
  finishDeliveries,
  recordDeliveryError,
} from './deliveries.repository';

export type DeliveryContext = {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  push: WebPushSender;
  /** Native app push (FCM HTTP v1); null when not configured: native tokens are then kept and skipped. */
  fcm?: FcmSender | null;
  keys: NotificationKeys;
  logger: Logger;
  now: () => Date;
};

/** The pg-boss job running a delivery: its id and which attempt this is. */
export type DeliveryAttempt = { jobId: string; deliveryId: string; retryCount: number; retryLimit: number };

export type DeliveryResult = (
  | { outcome: 'not-claimed' }
  /** Email: the notifications the message carried and those left out (their group switched off). */
  | { outcome: 'sent'; deliveries: number; skipped: number }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'failed'; error: string }
) & {
  /** Other deliveries this job settled (the rest of an email batch): their own jobs have nothing left to do. */
  carried?: string[];
};

/** Thrown to have pg-boss retry the job later (with backoff); the delivery stays claimed. */
export class RetryableDeliveryError extends Error {
  override readonly name = 'RetryableDeliveryError';
}

export const notificationUrl = (publicUrl: string, id: string) => `${publicUrl}/communication/${id}`;

/** An SMTP 5xx (e.g. 550 mailbox unavailable) will fail the same way again. */
function isPermanentEmailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

function emailItem(language: Language, publicUrl: string, row: NotificationRow): NotificationEmailItem {
  const { title, body } = notificationText(language, row.type, row.params);
  return {
    title,
    body,
    url: notificationUrl(publicUrl, row.id),
    reasons: (row.params.reasons ?? []).map((reason) =>
      translateShared(language, `notifications.reasons.${reason}`),
    ),
    matchingFilters: row.params.matchingFilters ?? null,
    details: [
      ...(row.params.registrationDeadline
        ? [
            emailText(language, 'registrationDeadline', {
              date: emailDateTime(language, row.params.registrationDeadline),
            }),
          ]
        : []),
      ...(row.params.documentName
        ? [emailText(language, 'document', { name: row.params.documentName })]
        : []),
    ],
  };
}

/**
 * Runs one email job. The job's delivery row (one user's notifications of one
 * `createNotifications` call, decision 131) and every other pending email row of the same user
 * and batch are claimed together and their notifications sent as one message (a digest when
 * there are several), so a run that creates 30 notifications for a user sends one email, not
 * 30. Another job of the same batch (a later call reusing the batch id) finds its row already
 * claimed and does nothing.
 *
 * Preferences are checked again here, per notification: one whose group was switched off
 * since it was created is left out of the message; a row left with nothing to send (or whose
 * user turned email off) is skipped. An SMTP 5xx fails the deliveries for
 * good; other errors are retried with backoff until the last attempt, then recorded as failed.
 */
export async function deliverEmail(
  context: DeliveryContext,
  attempt: DeliveryAttempt,
): Promise<DeliveryResult> {
  const { db, logger } = context;
  const now = context.now;
  const claimed = await claimEmailBatch(db, attempt.deliveryId, attempt.jobId, now());
  if (claimed.length === 0) return { outcome: 'not-claimed' };
  const ids = claimed.map((row) => row.id);
  const own = claimed.find((row) => row.id === attempt.deliveryId) as NotificationDelivery;
  const carried = ids.filter((id) => id !== attempt.deliveryId);
  const maxAttempts = attempt.retryLimit;
  if (own.attempts > maxAttempts) {
    // The previous attempt was the last and never finished (the worker stopped mid-send).
    const error = own.lastError ?? 'the last attempt did not finish';
    await finishDeliveries(db, ids, attempt.jobId, 'failed', { lastError: error }, now());
    return { outcome: 'failed', error, carried };
  }

  const [user] = await findDeliveryUsers(db, [own.userId]);
  if (!user) {
    // The account was deleted after the rows were written: nothing to send, ever.
    await finishDeliveries(db, ids, attempt.jobId, 'skipped', { lastError: 'skipped: no such user' }, now());
    return { outcome: 'skipped', reason: 'no such user', carried };
  }
  const preferences = await preferencesOf(db, user.id);
  // Every notification of the claimed rows, oldest first (one row per user and creating call).
  const rows = await findNotificationsByIds(db, [...new Set(claimed.flatMap(emailNotificationIds))]);
  const allowed = (row: NotificationRow) =>
    user.emailNotifications && user.emailVerified && preferences[NOTIFICATION_TYPE_GROUP[row.type]].email;
  const toSend = rows.filter(allowed);
  const sending = new Set(toSend.map((row) => row.id));
  // A row is sent when the message carries at least one of its notifications; a row whose
  // every notification was switched off (or deleted) since it was written is skipped.
  const sendIds = claimed
    .filter((delivery) => emailNotificationIds(delivery).some((id) => sending.has(id)))
    .map((row) => row.id);
  const skipIds = ids.filter((id) => !sendIds.includes(id));
  await finishDeliveries(
    db,
    skipIds,
    attempt.jobId,
    'skipped',
    { lastError: 'skipped: email turned off before sending' },
    now(),
  );
  if (toSend.length === 0) return { outcome: 'skipped', reason: 'email turned off before sending', carried };

  const groups = NOTIFICATION_GROUPS.filter((group) =>
    toSend.some((row) => NOTIFICATION_TYPE_GROUP[row.type] === group),
  );
  const publicUrl = context.config.publicUrl;
  const unsubscribeUrl = unsubscribeLink(context.keys.unsubscribeSecret, publicUrl, user.id, groups, now());
  const email = await renderNotificationEmail({
    language: user.language,
    username: user.username,
    items: toSend.map((row) => emailItem(user.language, publicUrl, row)),
    inboxUrl: `${publicUrl}/communication`,
    unsubscribeUrl,
    groupLabels: groups.map((group) => translateShared(user.language, `notifications.groups.${group}`)),
  });

  try {
    const sent = await context.mailer.send({
      to: user.email,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: {
        // RFC 2369 + RFC 8058: mail clients offer a one-click unsubscribe that POSTs here.
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        // The same id on a retry lets receiving systems drop a duplicate.
        'Message-ID': `<${attempt.jobId}@${new URL(publicUrl).hostname}>`,
      },
    });
    await finishDeliveries(
      db,
      sendIds,
      attempt.jobId,
      'sent',
      { lastError: null, messageId: sent.messageId },
      now(),
    );
    return { outcome: 'sent', deliveries: toSend.length, skipped: rows.length - toSend.length, carried };
  } catch (error) {
    const message = describe(error);
    if (isPermanentEmailError(error) || own.attempts >= maxAttempts) {
      await finishDeliveries(db, sendIds, attempt.jobId, 'failed', { lastError: message }, now());
      logger.warn({ err: error, deliveries: sendIds.length, userId: user.id }, 'notification email failed');
      return { outcome: 'failed', error: message, carried };
    }
    await recordDeliveryError(db, sendIds, attempt.jobId, message);
    throw new RetryableDeliveryError(message);
  }
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

  const { title, body } = notificationText(user.language, row.type, row.params);
  const url = `/communication/${row.id}`;
  const payload: PushMessagePayload = {
    notification: { title, body },
    data: { title, body, url, notificationId: row.id, type: row.type },
  };
  const message = {
    payload: JSON.stringify(payload),
    ttlSeconds: row.type === 'reminder_5h' ? 5 * 3600 : 24 * 3600,
    urgency:
      row.type === 'reminder_5h' || row.type === 'reminder_1d' ? ('high' as const) : ('normal' as const),
    // A topic is at most 32 URL-safe characters: the notification id without dashes.
    topic: row.id.replaceAll('-', ''),
  };

  const retryErrors: string[] = [];
  const rejections: string[] = [];
  const native = {
    title,
    body,
    data: { title, body, url, notificationId: row.id, type: row.type },
    ttlSeconds: message.ttlSeconds,
    urgency: message.urgency,
    collapseKey: message.topic,
  };
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
