import type { CalendarFeed } from '@radar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { calendarFeedKey } from '@/lib/query-keys';

/** `GET /api/calendar`: the secret address of the user's calendar feed. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => apiClient.get<CalendarFeed>('/calendar', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /api/calendar/reset`: a new address; the old one stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<CalendarFeed>('/calendar/reset'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}
