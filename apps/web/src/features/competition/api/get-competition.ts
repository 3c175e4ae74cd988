import type { CompetitionDetailResponse } from '@radar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type Degraded } from '@/lib/api-client';
import { competitionKeys } from '@/lib/query-keys';

export type CompetitionAnswer = CompetitionDetailResponse | Degraded<CompetitionDetailResponse>;

export function getCompetition(guid: string, signal?: AbortSignal): Promise<CompetitionAnswer> {
  return apiClient.get<CompetitionAnswer>(
    `/competitions/${encodeURIComponent(guid)}`,
    signal ? { signal } : {},
  );
}

/** `GET /api/competitions/{guid}`: the server reads the federation when its copy is over a minute old. */
export function useCompetition(guid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: competitionKeys.detail(guid),
    queryFn: ({ signal }) => getCompetition(guid, signal),
    staleTime: 60 * 1000,
  });
}
