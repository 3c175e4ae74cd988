/** The SQL of the dashboard (`GET /api/home`). */
import type { GeoBox } from '@radar/shared';
import { and, asc, between, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { competitions, filters, notifications } from '../../db/schema';

export type CandidateRow = Pick<
  typeof competitions.$inferSelect,
  | 'guid'
  | 'name'
  | 'city'
  | 'provinceSigla'
  | 'provinceId'
  | 'regionId'
  | 'startDate'
  | 'endDate'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
  | 'idStato'
  | 'venueLat'
  | 'venueLng'
>;

const candidateColumns = {
  guid: competitions.guid,
  name: competitions.name,
  city: competitions.city,
  provinceSigla: competitions.provinceSigla,
  provinceId: competitions.provinceId,
  regionId: competitions.regionId,
  startDate: competitions.startDate,
  endDate: competitions.endDate,
  registrationOpensAt: competitions.registrationOpensAt,
  registrationClosesAt: competitions.registrationClosesAt,
  idStato: competitions.idStato,
  venueLat: competitions.venueLat,
  venueLng: competitions.venueLng,
};

/**
 * Competitions not started yet (open registration or upcoming) in the region, in one of the
 * provinces given (those near the point), or played inside the box (a venue near the point
 * whatever the organiser's seat), soonest first.
 */
export async function listNearCandidates(
  db: Db,
  options: { today: string; regionId: number | null; provinceSigle: string[]; venueBox: GeoBox | null },
): Promise<CandidateRow[]> {
  const box = options.venueBox;
  const where = [
    ...(options.regionId !== null ? [eq(competitions.regionId, options.regionId)] : []),
    ...(options.provinceSigle.length > 0 ? [inArray(competitions.provinceSigla, options.provinceSigle)] : []),
    ...(box
      ? [
          and(
            between(competitions.venueLat, box.minLat, box.maxLat),
            between(competitions.venueLng, box.minLng, box.maxLng),
          ),
        ]
      : []),
  ];
  if (where.length === 0) return [];
  return db
    .select(candidateColumns)
    .from(competitions)
    .where(and(gt(competitions.startDate, options.today), or(...where)))
    .orderBy(asc(competitions.startDate), asc(competitions.guid));
}

const filterTotals = preparedQuery((db) =>
  db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${filters.notificationsEnabled})`.mapWith(Number),
    })
    .from(filters)
    .where(eq(filters.userId, sql.placeholder('userId')))
    .prepare('home_filter_totals'),
);

const firstActiveFilters = preparedQuery((db) =>
  db
    .select({ id: filters.id, name: filters.name })
    .from(filters)
    .where(and(eq(filters.userId, sql.placeholder('userId')), eq(filters.notificationsEnabled, true)))
    .orderBy(asc(sql`lower(${filters.name})`), asc(filters.id))
    .limit(sql.placeholder('limit'))
    .prepare('home_first_active_filters'),
);

/** The user's filters: how many, how many active, and the first active ones by name. */
export async function filtersSummary(db: Db, userId: string, limit: number) {
  const [[totals], items] = await Promise.all([
    filterTotals(db).execute({ userId }),
    firstActiveFilters(db).execute({ userId, limit }),
  ]);
  return { total: Number(totals?.total ?? 0), active: Number(totals?.active ?? 0), items };
}

/** The platform updates the user received, newest first. */
export async function listPlatformUpdates(db: Db, userId: string, limit: number) {
  return db
    .select({ id: notifications.id, params: notifications.params, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'platform_updates')))
    .orderBy(desc(notifications.seq))
    .limit(limit);
}
