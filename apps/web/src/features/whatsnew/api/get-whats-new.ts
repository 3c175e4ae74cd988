import type { WhatsNew } from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { whatsNewKeys } from '@/lib/query-keys';
import { useLanguage } from '@/lib/use-language';

/** `GET /api/whats-new`: the product's changes, the platform updates received, and the unread flag. */
export function useWhatsNew() {
  const language = useLanguage();
  return useQuery({
    queryKey: whatsNewKeys.list(language),
    queryFn: ({ signal }) => apiClient.get<WhatsNew>('/whats-new', { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** `POST /api/whats-new/seen`: opening What's New clears the navigation's dot. */
export function useMarkWhatsNewSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<Record<string, never>>('/whats-new/seen'),
    onSuccess: () => {
      queryClient.setQueriesData<WhatsNew>({ queryKey: whatsNewKeys.all }, (data) =>
        data ? { ...data, unread: false } : data,
      );
    },
  });
}
