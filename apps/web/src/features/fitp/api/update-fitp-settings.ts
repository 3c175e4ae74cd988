import type { FitpDataResponse, FitpSettingsBody } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { competitionKeys, fitpKeys } from '@/lib/query-keys';

/**
 * `PATCH /api/fitp/settings`: follow the tournaments the card enters automatically or not, and the
 * gender and birth year the card sheet does not say (decision 206).
 */
export const updateFitpSettings = (body: FitpSettingsBody) =>
  apiClient.patch<FitpDataResponse>('/fitp/settings', body);

export function useUpdateFitpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFitpSettings,
    onSuccess: (answer, body) => {
      queryClient.setQueryData(fitpKeys.data(), answer);
      // Gender and birth year change every entry verdict, and the card status's "profile complete".
      if (body.gender !== undefined || body.birthYear !== undefined)
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: fitpKeys.status() }),
          queryClient.invalidateQueries({ queryKey: competitionKeys.all }),
        ]);
    },
  });
}
