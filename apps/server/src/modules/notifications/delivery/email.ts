import {
  type Language,
  NOTIFICATION_GROUPS,
  NOTIFICATION_TYPE_GROUP,
  type NotificationGroup,
  notificationDetails,
  notificationText,
  translateShared,
} from '@radar/shared';
import {
  type NotificationEmailItem,
  type NotificationEmailProps,
  renderNotificationEmail,
} from '../../../channels/email/templates/notification-email';
import { emailText } from '../../../channels/email/templates/notification-texts';
import type { NotificationDelivery, NotificationRow } from '../../../db/schema';
import { type DeliveryUser, findDeliveryUsers } from '../deps';
import { preferencesOf } from '../preferences/preferences.service';
import { unsubscribeLink } from '../unsubscribe/unsubscribe.service';
import {
  type DeliveryAttempt,
  type DeliveryContext,
  type DeliveryResult,
  RetryableDeliveryError,
} from './context';
import {
  claimEmailBatch,
  emailNotificationIds,
  findNotificationsByIds,
  finishDeliveries,
  recordDeliveryError,
} from './deliveries.repository';

export const notificationUrl = (publicUrl: string, id: string) => `${publicUrl}/communication/${id}`;
export const competitionUrl = (publicUrl: string, guid: string) =>
  `${publicUrl}/competition/${encodeURIComponent(guid)}`;

/** An SMTP 5xx (e.g. 550 mailbox unavailable) will fail the same way again. */
function isPermanentEmailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

function emailItem(
  language: Language,
  publicUrl: string,
  row: Pick<NotificationRow, 'id' | 'type' | 'params' | 'createdAt'>,
): NotificationEmailItem {
  const { title, body } = notificationText(language, row.type, row.params);
  const { competitionGuid, fileUrl, documentName } = row.params;
  const { reasons, facts } = notificationDetails(language, row.params, row.createdAt);
  return {
    title,
    body,
    // The button opens what the notification is about: its tournament, else the notification.
    url: competitionGuid ? competitionUrl(publicUrl, competitionGuid) : notificationUrl(publicUrl, row.id),
    action: competitionGuid ? 'openTournament' : 'open',
    file: fileUrl
      ? {
          url: `${publicUrl}${fileUrl}`,
          label: emailText(language, row.type === 'new_order_of_play' ? 'openOrderOfPlay' : 'openDocument'),
        }
      : null,
    reasons,
    matchingFilters: row.params.matchingFilters ?? null,
    details: [...facts, ...(documentName ? [emailText(language, 'document', { name: documentName })] : [])],
  };
}

/** The groups an email is about: those of its notifications, in the preferences' order. */
export function emailGroups(rows: readonly Pick<NotificationRow, 'type'>[]): NotificationGroup[] {
  return NOTIFICATION_GROUPS.filter((group) =>
    rows.some((row) => NOTIFICATION_TYPE_GROUP[row.type] === group),
  );
}

/**
 * The email of one job's notifications (oldest first), as the template renders it and the
 * mailer sends it: pure (no database, clock or network).
 */
export function buildNotificationEmail(input: {
  user: Pick<DeliveryUser, 'email' | 'username' | 'language'>;
  notifications: readonly NotificationRow[];
  publicUrl: string;
  /** The user's signed unsubscribe page for the email's groups (`unsubscribeLink`). */
  unsubscribeUrl: string;
  /** The job's id, the message's: a retry sends the same Message-ID. */
  jobId: string;
}): { to: string; template: NotificationEmailProps; headers: Record<string, string> } {
  const { user, publicUrl, unsubscribeUrl } = input;
  return {
    to: user.email,
    template: {
      language: user.language,
      username: user.username,
      items: input.notifications.map((row) => emailItem(user.language, publicUrl, row)),
      inboxUrl: `${publicUrl}/communication`,
      unsubscribeUrl,
      groupLabels: emailGroups(input.notifications).map((group) =>
        translateShared(user.language, `notifications.groups.${group}`),
      ),
    },
    headers: {
      // RFC 2369 + RFC 8058: mail clients offer a one-click unsubscribe that POSTs here.
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // The same id on a retry lets receiving systems drop a duplicate.
      'Message-ID': `<${input.jobId}@${new URL(publicUrl).hostname}>`,
    },
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

  const groups = emailGroups(toSend);
  const unsubscribeUrl = unsubscribeLink(
    context.keys.unsubscribeSecret,
    context.config.publicUrl,
    user.id,
    groups,
    now(),
  );
  const message = buildNotificationEmail({
    user,
    notifications: toSend,
    publicUrl: context.config.publicUrl,
    unsubscribeUrl,
    jobId: attempt.jobId,
  });
  const email = await renderNotificationEmail(message.template);

  try {
    const sent = await context.mailer.send({
      to: message.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: message.headers,
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
