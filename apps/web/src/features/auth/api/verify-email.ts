import type { EmailBody, SuccessMessage, User, VerifyEmailBody } from '@radar/shared';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAction } from '@/lib/use-action';

/** POST /api/verify-email: verifies the address and signs the user in. */
export const verifyEmail = (body: VerifyEmailBody) => apiClient.post<User>('/verify-email', body);

/** POST /api/resend-verification: a new code (not within 60 s, at most 5 an hour). */
export const resendVerification = (body: EmailBody) =>
  apiClient.post<SuccessMessage>('/resend-verification', body);

export function useVerifyEmail() {
  const { setUser } = useAuth();
  return useAction(verifyEmail, { onSuccess: setUser });
}

export function useResendVerification() {
  return useAction(resendVerification);
}
