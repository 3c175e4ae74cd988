import {
  NOTIFICATION_GROUPS,
  type NotificationGroup,
  type UnsubscribePreferences,
  type UpdateNotificationPreferenceBody,
} from '@radar/shared';
import { AppError } from '../../../domain/errors';
import { deleteAccount } from '../../auth/account-deletion';
import { type DeliveryUser, findDeliveryUsers, type NotificationsDeps } from '../deps';
import { getUserPreferences, updateUserPreferences } from '../preferences/preferences.service';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/**
 * The user an unsubscribe link belongs to, or the error the link deserves: tampered with
 * (or malformed), expired, or for an account that no longer exists — each its own code.
 */
export async function resolveUnsubscribeUser(
  deps: NotificationsDeps,
  secret: Buffer,
  token: string,
): Promise<DeliveryUser> {
  const check = verifyUnsubscribeToken(secret, token, deps.now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError('UNSUBSCRIBE_TOKEN_EXPIRED', 410)
      : new AppError('UNSUBSCRIBE_TOKEN_INVALID', 400);
  }
  const [user] = await findDeliveryUsers(deps.db, [check.userId]);
  if (!user) throw new AppError('UNSUBSCRIBE_USER_NOT_FOUND', 404);
  return user;
}

/** `mario.rossi@example.it` → `ma•••@example.it`: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

export async function getUnsubscribePreferences(
  deps: NotificationsDeps,
  user: DeliveryUser,
): Promise<UnsubscribePreferences> {
  return {
    ...(await getUserPreferences(deps, user)),
    account: { username: user.username, email: maskEmail(user.email) },
  };
}

export async function updateUnsubscribePreferences(
  deps: NotificationsDeps,
  user: DeliveryUser,
  changes: readonly UpdateNotificationPreferenceBody[],
): Promise<UnsubscribePreferences> {
  await updateUserPreferences(deps, user.id, changes);
  return getUnsubscribePreferences(deps, user);
}

/** The groups named in a one-click link (`groups=a,b`); every group when none is named. */
export function groupsFromQuery(value: string | undefined): NotificationGroup[] {
  const named = (value ?? '')
    .split(',')
    .map((group) => group.trim())
    .filter((group): group is NotificationGroup =>
      (NOTIFICATION_GROUPS as readonly string[]).includes(group),
    );
  return named.length > 0 ? [...new Set(named)] : [...NOTIFICATION_GROUPS];
}

/** The link's account and everything of it, as the profile's deletion does (decision 195). */
export async function deleteUnsubscribeAccount(deps: NotificationsDeps, user: DeliveryUser): Promise<void> {
  await deleteAccount(deps.db, user.id);
}

/** The tokenised page behind every email's unsubscribe links and its List-Unsubscribe header. */
export function buildUnsubscribeUrl(publicUrl: string, token: string, groups: readonly NotificationGroup[]) {
  const url = new URL('/unsubscribe', publicUrl);
  url.searchParams.set('token', token);
  if (groups.length > 0) url.searchParams.set('groups', groups.join(','));
  return url.toString();
}

/** An email's unsubscribe link: a new signed token for the user (30 days) on the page of `groups`. */
export function unsubscribeLink(
  secret: Buffer,
  publicUrl: string,
  userId: string,
  groups: readonly NotificationGroup[],
  now: Date,
): string {
  return buildUnsubscribeUrl(publicUrl, createUnsubscribeToken(secret, userId, now), groups);
}
