import { z } from 'zod';

/**
 * Every error and success code the API answers with (spec §8). The client translates each
 * code through the `errors.<CODE>` / `success.<CODE>` keys of its catalogues.
 */
export const ERROR_CODES = [
  // Authentication (spec §8)
  'SERVER_ERROR',
  'VALIDATION_ERROR',
  'USER_NOT_FOUND',
  'WRONG_PASSWORD',
  'INVALID_CREDENTIALS',
  'EMAIL_ALREADY_EXISTS',
  'USERNAME_ALREADY_EXISTS',
  'GENERIC_ERROR',
  'FAILED_TO_SEND_EMAIL',
  'INVALID_OR_EXPIRED_CODE',
  'RESEND_TOO_SOON',
  'MAX_RESEND_ATTEMPTS_EXCEEDED',
  'NO_ACTIVE_RESET_CODE',
  'INVALID_VERIFICATION_CODE',
  'VERIFICATION_CODE_EXPIRED',
  'EMAIL_ALREADY_VERIFIED',
  'EMAIL_NOT_VERIFIED',
  // HTTP level (spec §8 "HTTP-level messages")
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'BAD_REQUEST',
  'METHOD_NOT_ALLOWED',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'SESSION_EXPIRED',
  'FOREIGN_ORIGIN',
  // Unsubscribe link (spec §6, §8)
  'UNSUBSCRIBE_TOKEN_INVALID',
  'UNSUBSCRIBE_TOKEN_EXPIRED',
  'UNSUBSCRIBE_USER_NOT_FOUND',
  // Tournaments and the federation (spec §8 "Tournament", "Federation")
  'TOURNAMENT_NOT_FOUND',
  'ALREADY_SUBSCRIBED',
  'NOT_SUBSCRIBED',
  'FEDERATION_UNAVAILABLE',
  // The federation card (spec §5, §8 "Federation")
  'FITP_CARD_NOT_FOUND',
  'FITP_CARD_IN_USE',
  'FITP_NOT_CONNECTED',
  // Filters (spec §5, §8 "Filter")
  'FILTER_NOT_FOUND',
  'FILTER_NAME_TAKEN',
  'FILTER_LIMIT_REACHED',
  // Dashboard and contact (spec §2, §8 "Contact")
  'POSTAL_CODE_UNKNOWN',
  'CONTACT_SEND_FAILED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);

export const SUCCESS_CODES = [
  'PASSWORD_RESET_CODE_SENT',
  'PASSWORD_RESET_CODE_RESENT',
  'PASSWORD_RESET_SUCCESS',
  'VERIFICATION_CODE_RESENT',
  'CONTACT_MESSAGE_SENT',
  'FITP_MISMATCH_REPORTED',
] as const;
export type SuccessCode = (typeof SUCCESS_CODES)[number];

/** The one error shape of every failed API call. */
export const apiErrorSchema = z
  .object({
    code: errorCodeSchema,
    message: z.string(),
    status: z.number().int(),
    data: z.unknown().optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Per-field messages carried in `data.fields` of a VALIDATION_ERROR. */
export const validationErrorDataSchema = z.object({
  fields: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorData = z.infer<typeof validationErrorDataSchema>;
