import type { UpdateProfileBody } from '@radar/shared';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { AppError } from '../../domain/errors';
import { deleteAccount as deleteUserAndData } from '../auth/account-deletion';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { deleteUserSessions } from '../auth/sessions';
import * as repository from './profile.repository';

/** The signed-in user's own account: preferences, password, sessions and deletion (decision 086). */
export interface ProfileDeps {
  db: Db;
  now: () => Date;
}

/** Changes the preferred language and the email notifications; nothing to change, nothing written. */
export async function updateProfile(
  deps: ProfileDeps,
  user: User,
  changes: UpdateProfileBody,
): Promise<User> {
  const values: Parameters<typeof repository.updateProfile>[2] = {};
  if (changes.language !== undefined) values.language = changes.language;
  if (changes.emailNotifications !== undefined) values.emailNotifications = changes.emailNotifications;
  if (Object.keys(values).length === 0) return user;
  return (await repository.updateProfile(deps.db, user.id, values, deps.now())) ?? user;
}

/**
 * Changes the password after checking the current one (an account made by social sign-in
 * without a password sets its first one), and ends every other session.
 */
export async function changePassword(
  deps: ProfileDeps,
  user: User,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: string | null,
): Promise<void> {
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', 400);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await repository.updateProfile(tx, user.id, { passwordHash }, deps.now());
    await deleteUserSessions(tx, user.id, keepSessionId ?? undefined);
  });
}

/** Signs the account out on every device, this one included. */
export async function logoutEverywhere(deps: ProfileDeps, user: User): Promise<void> {
  await deleteUserSessions(deps.db, user.id);
}

/** Deletes the account and everything that belongs to it, codes of its address included (decision 195). */
export async function deleteAccount(deps: ProfileDeps, user: User): Promise<void> {
  await deleteUserAndData(deps.db, user.id);
}
