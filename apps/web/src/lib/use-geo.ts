import type { ReferenceGeoResponse } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { geoKey } from './query-keys';

/** Regions and provinces with their ISTAT codes (`GET /api/reference/geo`); they never change while the app runs. */
export function useGeo() {
  return useQuery({
    queryKey: geoKey,
    queryFn: ({ signal }) => apiClient.get<ReferenceGeoResponse>('/reference/geo', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
