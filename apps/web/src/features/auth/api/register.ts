import type { RegisterBody, RegisterResponse } from '@radar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/register: creates an unverified account and emails its code. */
export const register = (body: RegisterBody) => apiClient.post<RegisterResponse>('/register', body);

export function useRegister() {
  return useMutation({ mutationFn: register });
}
