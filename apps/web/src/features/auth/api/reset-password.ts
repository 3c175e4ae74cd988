import type { EmailBody, ResetPasswordBody, SuccessMessage } from '@radar/shared';
import { apiClient } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

/** POST /api/request-reset: emails a reset code (an unknown address answers the same). */
export const requestReset = (body: EmailBody) => apiClient.post<SuccessMessage>('/request-reset', body);

/** POST /api/reset-password: sets the new password with the code. */
export const resetPassword = (body: ResetPasswordBody) =>
  apiClient.post<SuccessMessage>('/reset-password', body);

export function useRequestReset() {
  return useAction(requestReset);
}

export function useResetPassword() {
  return useAction(resetPassword);
}
