import type { User } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileKey } from '@/lib/query-keys';

/** GET /api/profile: the signed-in user's profile. */
export const getProfile = (signal?: AbortSignal) => apiClient.get<User>('/profile', signal ? { signal } : {});

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal) });
}
