import type { AuthProvidersResponse } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/auth/providers: which social sign-in buttons to show. */
export const getAuthProviders = (signal?: AbortSignal) =>
  apiClient.get<AuthProvidersResponse>('/auth/providers', signal ? { signal } : {});

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => getAuthProviders(signal) });
}
