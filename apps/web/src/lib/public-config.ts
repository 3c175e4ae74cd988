import type { PublicConfig } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

export const publicConfigKey = ['public-config'] as const;

/**
 * `GET /api/config/public`: the links shown only when configured (donation, community invitation,
 * app stores; null hides the element) and the app's address. One query for every screen that
 * needs them: support pages, footer, the app promotion bar.
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => apiClient.get<PublicConfig>('/config/public', { signal }),
    staleTime: 60 * 60 * 1000,
  });
}
