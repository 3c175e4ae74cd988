import type { Language, SuccessCode } from '@radar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../channels/email/mailer';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../domain/errors';
import { deleteAccount } from './account-deletion';
import { type AccountEmailJob, sendAccountEmail } from './account-mail';
import {
  findUserByEmail,
  findUserByIdentity,
  findUserByLogin,
  findUserByUsername,
  insertIdentity,
  insertUser,
  updateUser,
} from './auth.repository';
import { checkCode, type IssueResult, issueCode } from './codes';
import { OidcError, type ProviderIdentity } from './oidc';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { generateUsername } from './usernames';

/**
 * Registration, email verification, sign-in and password reset (issue 3): every call takes
 * these deps first (decision 086). Every answer that could tell whether an address has an
 * account (sign-in, password reset) reads the same either way; registration cannot avoid
 * telling (EMAIL_ALREADY_EXISTS).
 */
export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * Runs an email send after the answer (resend and reset): how long sending takes must not
   * tell whether the address has an account.
   */
  sendLater: (name: string, task: () => Promise<void>) => void;
  /**
   * Hands a failed reset email to the account-email queue, retried like notification emails
   * (decision 192); null without a queue (then the failure is only logged).
   */
  retryAccountEmail: ((job: AccountEmailJob) => Promise<void>) | null;
};

const failedToSend = () => new AppError('FAILED_TO_SEND_EMAIL', 502);

function resendRefusal(result: Exclude<IssueResult, { ok: true }>): AppError {
  return result.reason === 'too-soon'
    ? new AppError('RESEND_TOO_SOON', 429, { secondsLeft: result.secondsLeft })
    : new AppError('MAX_RESEND_ATTEMPTS_EXCEEDED', 429);
}

async function sendVerification(deps: AuthDeps, user: User, code: string) {
  await sendAccountEmail(deps.mailer, user.email, user.language, {
    kind: 'verification',
    username: user.username,
    code,
  });
}

async function welcome(deps: AuthDeps, user: User) {
  await sendAccountEmail(deps.mailer, user.email, user.language, {
    kind: 'welcome',
    username: user.username,
    appUrl: `${deps.publicUrl}/home`,
  }).catch((error: unknown) => deps.log.warn({ err: error }, 'welcome email not sent'));
}

/** Creates an unverified account and emails its verification code. */
export async function register(
  deps: AuthDeps,
  input: {
    username: string;
    email: string;
    password: string;
    language: Language;
    /** The client registering (its IP key), for the resend limits. */
    requester?: string;
  },
): Promise<User> {
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_ALREADY_EXISTS', 409);
  if (await findUserByUsername(deps.db, input.username)) throw new AppError('USERNAME_ALREADY_EXISTS', 409);
  const passwordHash = await hashPassword(input.password);
  const at = deps.now();
  let user: User;
  try {
    user = await insertUser(deps.db, {
      username: input.username,
      email: input.email,
      passwordHash,
      language: input.language,
      createdAt: at,
      updatedAt: at,
    });
  } catch (error) {
    // Two registrations raced past the checks above.
    const index = uniqueViolation(error);
    if (index?.includes('email')) throw new AppError('EMAIL_ALREADY_EXISTS', 409);
    if (index?.includes('username')) throw new AppError('USERNAME_ALREADY_EXISTS', 409);
    throw error;
  }
  const issued = await issueCode(deps.db, {
    purpose: 'email_verification',
    email: user.email,
    userId: user.id,
    mode: 'fresh',
    now: at,
    ...(input.requester && { requester: input.requester }),
  });
  try {
    if (!issued.ok || !issued.code) throw new Error('no verification code issued');
    await sendVerification(deps, user, issued.code);
  } catch (error) {
    // Without its code the account could never be verified: undo it so registering again works.
    deps.log.error({ err: error }, 'verification email not sent; registration undone');
    await deleteAccount(deps.db, user.id);
    throw failedToSend();
  }
  return user;
}

/**
 * Verifies the address with its code; the caller signs the user in. A welcome email follows.
 * An unknown address, an already verified one and a wrong code all answer
 * INVALID_VERIFICATION_CODE with the tries left, counted alike: nothing tells them apart.
 */
export async function verifyEmail(deps: AuthDeps, input: { email: string; code: string }): Promise<User> {
  const at = deps.now();
  let verified: User | undefined;
  const result = await checkCode(deps.db, {
    purpose: 'email_verification',
    email: input.email,
    code: input.code,
    now: at,
    countUnknown: true,
    onValid: async (tx, userId) => {
      const user = await updateUser(tx, userId, { emailVerifiedAt: at }, at);
      // Verified meanwhile (e.g. by a password reset): the code is spent all the same.
      if (user) verified = user;
    },
  });
  if (!result.ok) {
    if (result.reason === 'wrong') {
      throw new AppError('INVALID_VERIFICATION_CODE', 400, { attemptsLeft: result.attemptsLeft });
    }
    throw new AppError('VERIFICATION_CODE_EXPIRED', 400);
  }
  if (!verified) throw new AppError('INVALID_VERIFICATION_CODE', 400, { attemptsLeft: 0 });
  await welcome(deps, verified);
  return verified;
}

/**
 * Emails a new verification code. An unknown or already verified address answers the same,
 * with the same limits, and gets nothing; the email goes out after the answer.
 */
export async function resendVerification(
  deps: AuthDeps,
  input: { email: string; requester?: string },
): Promise<SuccessCode> {
  const user = await findUserByEmail(deps.db, input.email);
  const pending = user && !user.emailVerifiedAt ? user : null;
  const issued = await issueCode(deps.db, {
    purpose: 'email_verification',
    email: input.email,
    userId: pending?.id ?? null,
    mode: 'resend',
    now: deps.now(),
    ...(input.requester && { requester: input.requester }),
  });
  if (!issued.ok) throw resendRefusal(issued);
  const code = issued.code;
  if (pending && code) deps.sendLater('verification email', () => sendVerification(deps, pending, code));
  return 'VERIFICATION_CODE_RESENT';
}

/**
 * Checks the credentials: an unknown account and a wrong password both answer
 * INVALID_CREDENTIALS after the same work; only the right password learns that the
 * address still needs verifying.
 */
export async function login(deps: AuthDeps, input: { email: string; password: string }): Promise<User> {
  const user = await findUserByLogin(deps.db, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 401);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', 403, { email: user.email });
  return user;
}

/**
 * Emails a reset code; an unknown address answers the same, with the same limits, and gets
 * nothing. The email goes out after the answer, so the time taken tells nothing either.
 */
export async function requestReset(
  deps: AuthDeps,
  input: { email: string; requester?: string },
): Promise<SuccessCode> {
  const user = await findUserByEmail(deps.db, input.email);
  const issued = await issueCode(deps.db, {
    purpose: 'password_reset',
    email: input.email,
    userId: user?.id ?? null,
    mode: 'resend',
    now: deps.now(),
    ...(input.requester && { requester: input.requester }),
  });
  if (!issued.ok) throw resendRefusal(issued);
  const code = issued.code;
  if (user && code) {
    // Built and sent once the answer is out (the route's sendLater): the answer reads and takes
    // the same whether or not the address has an account.
    deps.sendLater('password reset email', async () => {
      try {
        await sendAccountEmail(deps.mailer, user.email, user.language, {
          kind: 'password-reset',
          username: user.username,
          code,
        });
      } catch (error) {
        if (!deps.retryAccountEmail) throw error;
        deps.log.warn({ err: error }, 'password reset email failed: retried from the account-email queue');
        await deps.retryAccountEmail({ kind: 'password-reset', userId: user.id });
      }
    });
  }
  return issued.resent ? 'PASSWORD_RESET_CODE_RESENT' : 'PASSWORD_RESET_CODE_SENT';
}

/**
 * Sets a new password with the emailed code and ends every session of the account. The
 * code proves the address, so an unverified account becomes verified.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; code: string; password: string },
): Promise<SuccessCode> {
  const passwordHash = await hashPassword(input.password);
  const at = deps.now();
  const result = await checkCode(deps.db, {
    purpose: 'password_reset',
    email: input.email,
    code: input.code,
    now: at,
    onValid: async (tx, userId) => {
      const user = await updateUser(tx, userId, { passwordHash }, at);
      if (user && !user.emailVerifiedAt) await updateUser(tx, userId, { emailVerifiedAt: at }, at);
      await deleteUserSessions(tx, userId);
    },
  });
  if (!result.ok) {
    if (result.reason === 'wrong') {
      throw new AppError('INVALID_OR_EXPIRED_CODE', 400, { attemptsLeft: result.attemptsLeft });
    }
    if (result.reason === 'expired') throw new AppError('INVALID_OR_EXPIRED_CODE', 400);
    throw new AppError('NO_ACTIVE_RESET_CODE', 400);
  }
  return 'PASSWORD_RESET_SUCCESS';
}

/**
 * The account of a social sign-in: the one linked to this provider identity, else the
 * account with the same (provider-verified) email, which gets linked, else a new verified
 * account with a generated username. Linking an account whose email was never verified
 * drops its password and sessions: whoever registered it without proving the address
 * must not keep a way in.
 */
export async function signInWithIdentity(
  deps: AuthDeps,
  identity: ProviderIdentity,
  language: Language,
): Promise<{ user: User; created: boolean }> {
  const linked = await findUserByIdentity(deps.db, identity.provider, identity.subject);
  if (linked) return { user: linked, created: false };
  if (!identity.email || !identity.emailVerified) {
    throw new OidcError('email_missing', `${identity.provider} shared no verified email`);
  }
  const { email } = identity;
  const at = deps.now();
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    const user = await deps.db.transaction(async (tx) => {
      await insertIdentity(tx, {
        userId: existing.id,
        provider: identity.provider,
        subject: identity.subject,
      });
      if (existing.emailVerifiedAt) return existing;
      await deleteUserSessions(tx, existing.id);
      return (await updateUser(tx, existing.id, { emailVerifiedAt: at, passwordHash: null }, at)) ?? existing;
    });
    return { user, created: false };
  }
  for (let attempt = 0; ; attempt += 1) {
    const username = await generateUsername(deps.db, identity.name ?? email.split('@')[0] ?? '');
    try {
      const user = await deps.db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          username,
          email,
          passwordHash: null,
          emailVerifiedAt: at,
          language,
          createdAt: at,
          updatedAt: at,
        });
        await insertIdentity(tx, {
          userId: created.id,
          provider: identity.provider,
          subject: identity.subject,
        });
        return created;
      });
      await welcome(deps, user);
      return { user, created: true };
    } catch (error) {
      // Another sign-in took the username (or the email) meanwhile: look again.
      const index = uniqueViolation(error);
      if (!index || attempt >= 3) throw error;
      if (index.includes('email')) return signInWithIdentity(deps, identity, language);
    }
  }
}
