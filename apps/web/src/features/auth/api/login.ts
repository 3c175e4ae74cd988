import type { LoginBody, User } from '@radar/shared';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { useAction } from '@/lib/use-action';

/** POST /api/login: sets the session cookie and answers the user. */
export const login = (body: LoginBody) => apiClient.post<User>('/login', body);

/** Signs in; the answer becomes the session's user (spec §4: login reloads the user). */
export function useLogin() {
  const { setUser } = useAuth();
  return useAction(login, { onSuccess: setUser });
}
