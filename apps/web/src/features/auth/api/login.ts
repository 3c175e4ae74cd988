import type { LoginBody, User } from '@radar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

/** POST /api/login: sets the session cookie and answers the user. */
export const login = (body: LoginBody) => apiClient.post<User>('/login', body);

/** Signs in; the answer becomes the cached user (spec §4: login reloads the user). */
export function useLogin() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: login, onSuccess: setUser });
}
