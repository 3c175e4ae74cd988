import type { EmailBody, SuccessMessage, User, VerifyEmailBody } from '@radar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

/** POST /api/verify-email: verifies the address and signs the user in. */
export const verifyEmail = (body: VerifyEmailBody) => apiClient.post<User>('/verify-email', body);

/** POST /api/resend-verification: a new code (not within 60 s, at most 5 an hour). */
export const resendVerification = (body: EmailBody) =>
  apiClient.post<SuccessMessage>('/resend-verification', body);

export function useVerifyEmail() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: verifyEmail, onSuccess: setUser });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
