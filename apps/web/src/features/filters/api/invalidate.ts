import type { QueryClient } from '@tanstack/react-query';
import { filterKeys } from '@/lib/query-keys';

/**
 * After any change the list is fetched again at once (and the mutation waits for it), so the
 * screen shows the server's order (active first, then by name) as soon as the change is done.
 */
export function refetchFilters(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: filterKeys.all });
}
