import type { FitpDataResponse } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { fitpKeys } from '@/lib/query-keys';

/** `PATCH /api/fitp/settings`: follow the tournaments the card enters automatically, or not. */
export const updateFitpSettings = (body: { autoFollow: boolean }) =>
  apiClient.patch<FitpDataResponse>('/fitp/settings', body);

export function useUpdateFitpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFitpSettings,
    onSuccess: (answer) => queryClient.setQueryData(fitpKeys.data(), answer),
  });
}
