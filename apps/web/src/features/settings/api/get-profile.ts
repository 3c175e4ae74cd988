import type { User } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/user';

/** GET /api/profile: the signed-in user's profile. */
export const getProfile = (signal?: AbortSignal) => apiClient.get<User>('/profile', signal ? { signal } : {});

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}
