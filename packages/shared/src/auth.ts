import { z } from 'zod';
import {
  ACCOUNT_DELETION_WORDS,
  CODE_LENGTH,
  EMAIL_MAX,
  LANGUAGES,
  OIDC_PROVIDERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants';
import { SUCCESS_CODES } from './errors';

/**
 * Payloads of the account calls (issue 3, spec §5/§7): one schema each, used by the API
 * routes and by the web forms. Custom messages are catalogue keys (`validation.*`).
 */

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** At least PASSWORD_MIN characters with an uppercase letter, a lowercase letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password)
  );
}

/** Whether `value` is the deletion confirmation word of either language (case and spaces ignored). */
export function isAccountDeletionWord(value: string): boolean {
  const typed = value.trim().toUpperCase();
  return Object.values(ACCOUNT_DELETION_WORDS).some((word) => word === typed);
}

export const languageSchema = z.enum(LANGUAGES);

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_PATTERN, { message: 'validation.usernameCharacters' });

/** An email address, trimmed and lower-cased. */
export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());

/** A new password (registration, reset and change alike: the stricter reading of spec §5). */
export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX)
  .refine(isStrongPassword, { message: 'validation.passwordStrength', params: { count: PASSWORD_MIN } });

/** A 6-digit verification or reset code. */
export const codeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`));

/** The confirmation must repeat the new password ('Passwords do not match'). */
const mismatch = () => ({ message: 'validation.passwordsMismatch', path: ['confirmPassword'] });

export const registerBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    language: languageSchema.optional(),
  })
  .refine((body) => body.password === body.confirmPassword, mismatch())
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerResponseSchema = z
  .object({ email: z.string().describe('Where the verification code was sent.') })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const verifyEmailBodySchema = z
  .object({ email: emailSchema, code: codeSchema })
  .meta({ id: 'VerifyEmailBody' });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const emailBodySchema = z.object({ email: emailSchema }).meta({ id: 'EmailBody' });
export type EmailBody = z.input<typeof emailBodySchema>;

export const loginBodySchema = z
  .object({
    email: z.string().trim().min(1).max(EMAIL_MAX).describe('The email address or the username.'),
    password: z.string().min(1).max(PASSWORD_MAX),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof loginBodySchema>;

export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    code: codeSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.password === body.confirmPassword, mismatch())
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The signed-in user (GET /api/user, GET /api/profile). */
export const userSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    language: languageSchema,
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    fitpCardNumber: z.string().nullable(),
    hasPassword: z.boolean().describe('False for an account created by social sign-in without a password.'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/session: who is signed in on this browser, `null` for a visitor. Always a 200: being
 * signed out is a normal state, not an error (GET /api/user keeps its 401, see decision 150).
 */
export const sessionResponseSchema = z
  .object({ user: userSchema.nullable() })
  .describe('The signed-in user, or null for a visitor.');
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const updateProfileBodySchema = z
  .object({
    language: languageSchema.optional(),
    emailNotifications: z.boolean().optional(),
  })
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).describe('Empty for an account without a password.'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.newPassword === body.confirmPassword, mismatch())
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z
  .object({
    confirmation: z
      .string()
      .refine(isAccountDeletionWord, { message: 'validation.deletionConfirmation' })
      .describe(`The confirmation word: ${Object.values(ACCOUNT_DELETION_WORDS).join(' or ')}.`),
  })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** A success answer carrying one of the success codes of spec §8 and its text. */
export const successMessageSchema = z
  .object({ code: z.enum(SUCCESS_CODES), message: z.string() })
  .meta({ id: 'SuccessMessage' });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** `data` of RESEND_TOO_SOON: how long to wait before the next code. */
export const resendTooSoonDataSchema = z.object({ secondsLeft: z.number().int().min(1) });

/** `data` of INVALID_VERIFICATION_CODE / INVALID_OR_EXPIRED_CODE: tries left on this code. */
export const codeAttemptsDataSchema = z.object({ attemptsLeft: z.number().int().min(0) });

export const oidcProviderSchema = z.enum(OIDC_PROVIDERS);
export const authProvidersResponseSchema = z
  .object({ providers: z.array(oidcProviderSchema).describe('The social sign-in providers configured.') })
  .meta({ id: 'AuthProviders' });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
