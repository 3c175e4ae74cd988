import type { RegisterBody, RegisterResponse } from '@radar/shared';
import { apiClient } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

/** POST /api/register: creates an unverified account and emails its code. */
export const register = (body: RegisterBody) => apiClient.post<RegisterResponse>('/register', body);

export function useRegister() {
  return useAction(register);
}
