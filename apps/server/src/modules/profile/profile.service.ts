import type { UpdateProfileBody } from '@radar/shared';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hashEmail } from '../auth/codes';
import { deleteCodesOfEmail } from '../auth/codes.repository';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { deleteUserSessions } from '../auth/sessions';
import { deleteAccount, updateProfile } from './profile.repository';

/** The signed-in user's own account: preferences, password, sessions and deletion. */
export function createProfileService({ db, now }: { db: Db; now: () => Date }) {
  return {
    async update(user: User, changes: UpdateProfileBody): Promise<User> {
      const values: Parameters<typeof updateProfile>[2] = {};
      if (changes.language !== undefined) values.language = changes.language;
      if (changes.emailNotifications !== undefined) values.emailNotifications = changes.emailNotifications;
      if (Object.keys(values).length === 0) return user;
      return (await updateProfile(db, user.id, values, now())) ?? user;
    },

    /**
     * Changes the password after checking the current one (an account made by social sign-in
     * without a password sets its first one), and ends every other session.
     */
    async changePassword(
      user: User,
      input: { currentPassword: string; newPassword: string },
      keepSessionId: string | null,
    ): Promise<void> {
      if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('WRONG_PASSWORD', 400);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await updateProfile(tx, user.id, { passwordHash }, now());
        await deleteUserSessions(tx, user.id, keepSessionId ?? undefined);
      });
    },

    /** Signs the account out on every device, this one included. */
    async logoutEverywhere(user: User): Promise<void> {
      await deleteUserSessions(db, user.id);
    },

    /** Deletes the account and everything that belongs to it, codes of its address included. */
    async deleteAccount(user: User): Promise<void> {
      await db.transaction(async (tx) => {
        await deleteCodesOfEmail(tx, [hashEmail(user.email)]);
        await deleteAccount(tx, user.id);
      });
    },
  };
}
