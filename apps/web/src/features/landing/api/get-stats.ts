import { STATS_CACHE_SECONDS, type Stats } from '@radar/shared';
import { createResource } from '@/lib/resource';

/**
 * `GET /api/stats`: the landing's figures (the server counts them at most every 5 minutes), a
 * plain call kept in memory: the landing loads no query cache (decision 160).
 */
export const stats = createResource<Stats>('/stats', STATS_CACHE_SECONDS * 1000);

export const useStats = stats.use;
