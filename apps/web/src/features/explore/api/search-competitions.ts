import type { SearchCompetitionsBody, SearchCompetitionsResponse } from '@radar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, type Degraded } from '@/lib/api-client';
import { competitionKeys } from '@/lib/query-keys';

export type SearchAnswer = SearchCompetitionsResponse | Degraded<SearchCompetitionsResponse>;

export function searchCompetitions(
  body: SearchCompetitionsBody,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  return apiClient.post<SearchAnswer>('/competitions/search_competitions', body, signal ? { signal } : {});
}

/** `POST /api/competitions/search_competitions`; the previous page stays on screen while the next loads. */
export function useSearchCompetitions(body: SearchCompetitionsBody) {
  return useQuery({
    queryKey: competitionKeys.search(body),
    queryFn: ({ signal }) => searchCompetitions(body, signal),
    placeholderData: keepPreviousData,
    // The calendar changes with every ingestion pass (15 minutes by default).
    staleTime: 5 * 60 * 1000,
  });
}
