/**
 * The landing's figures (`GET /api/stats`): active tournaments (not concluded: end date today
 * or later, Rome), active users (verified accounts) and the regions with an active tournament.
 * Counted at most once per STATS_CACHE_SECONDS per process.
 */
import { ITALIAN_REGIONS_COUNT, romeDate, STATS_CACHE_SECONDS, type Stats } from '@radar/shared';
import { and, count, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competitions, users } from '../../db/schema';

export interface StatsDeps {
  db: Db;
  now: () => Date;
}

export async function countStats(deps: StatsDeps): Promise<Stats> {
  const now = deps.now();
  const today = romeDate(now);
  const [byRegion, [active], [verified]] = await Promise.all([
    deps.db
      .select({ regionId: competitions.regionId, n: count() })
      .from(competitions)
      .where(and(gte(competitions.endDate, today), isNotNull(competitions.regionId)))
      .groupBy(competitions.regionId),
    deps.db.select({ n: count() }).from(competitions).where(gte(competitions.endDate, today)),
    deps.db.select({ n: count() }).from(users).where(isNotNull(users.emailVerifiedAt)),
  ]);
  const regions = byRegion
    .filter(
      (r): r is { regionId: number; n: number } => r.regionId !== null && r.regionId >= 1 && r.regionId <= 20,
    )
    .map((r) => ({ regionId: r.regionId, activeTournaments: Number(r.n) }))
    .sort((a, b) => a.regionId - b.regionId);
  return {
    activeTournaments: Number(active?.n ?? 0),
    activeUsers: Number(verified?.n ?? 0),
    regions: regions.filter((r) => r.activeTournaments > 0).length,
    regionsTotal: ITALIAN_REGIONS_COUNT,
    byRegion: regions,
    countedAt: now.toISOString(),
  };
}

/** `countStats` behind a cache of STATS_CACHE_SECONDS on the deps' clock. */
export function cachedStats(deps: StatsDeps) {
  let cached: { at: number; stats: Promise<Stats> } | null = null;
  return (): Promise<Stats> => {
    const at = deps.now().getTime();
    if (!cached || at - cached.at >= STATS_CACHE_SECONDS * 1000 || at < cached.at) {
      const stats = countStats(deps);
      cached = { at, stats };
      // A failed count is not kept.
      stats.catch(() => {
        if (cached?.stats === stats) cached = null;
      });
    }
    return cached.stats;
  };
}
