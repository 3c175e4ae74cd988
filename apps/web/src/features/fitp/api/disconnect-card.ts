import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { competitionKeys, fitpKeys } from '@/lib/query-keys';

/** `DELETE /api/fitp/card`: followed tournaments stay followed. */
export const disconnectCard = () => apiClient.delete<unknown>('/fitp/card');

export function useDisconnectCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectCard,
    onSuccess: async () => {
      queryClient.setQueryData(fitpKeys.data(), { card: null });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fitpKeys.status() }),
        queryClient.invalidateQueries({ queryKey: competitionKeys.all }),
      ]);
    },
  });
}
