import type { User as UserDto } from '@radar/shared';
import type { User } from '../../db/schema';

/** The user as the API shows it (GET /api/user, /api/profile): never the password hash. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    language: user.language,
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
    fitpCardNumber: user.fitpCardNumber,
    hasPassword: user.passwordHash !== null,
  };
}
