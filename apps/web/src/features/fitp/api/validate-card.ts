import type { FitpDataResponse, ValidateCardBody } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { competitionKeys, fitpKeys } from '@/lib/query-keys';

/** `POST /api/fitp/validate`: the federation checks the card; a known one is connected. */
export const validateCard = (body: ValidateCardBody) =>
  apiClient.post<FitpDataResponse>('/fitp/validate', body);

export function useValidateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateCard,
    onSuccess: async (answer) => {
      queryClient.setQueryData(fitpKeys.data(), answer);
      // Positions, eligibility and the dashboard depend on the card.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fitpKeys.status() }),
        queryClient.invalidateQueries({ queryKey: competitionKeys.all }),
      ]);
    },
  });
}
