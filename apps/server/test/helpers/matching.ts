import {
  type CriteriaWithCentre,
  type DrawDescriptor,
  drawKeys,
  type MatchableCompetition,
} from '@radar/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { competitions, eventCursors, filters, notifications } from '../../src/db/schema';
import { newCompetitionEvent } from '../../src/modules/events/events';
import { insertEvents } from '../../src/modules/ingestion/ingestion.repository';

export type TestCompetition = Partial<MatchableCompetition> & {
  guid: string;
  startDate: string;
  endDate: string;
  name?: string;
  /** False: the detail has not been read yet (draws not known). */
  detailRead?: boolean;
  /** What the list says of it (the organiser's town, bands, age classes, draw types). */
  city?: string;
  provinceSigla?: string;
  bands?: string[];
  ageCodes?: string[];
  drawTypes?: string[];
};

/**
 * Stores competitions as ingestion would after reading their detail (draw keys from every draw)
 * and records their `new_competition` events, in one transaction like ingestion's.
 */
export async function publishCompetitions(db: Db, list: TestCompetition[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(competitions).values(
      list.map((c) => {
        const draws: readonly DrawDescriptor[] = c.draws ?? [];
        const main = draws[0];
        return {
          guid: c.guid,
          name: c.name ?? `Torneo ${c.guid}`,
          regionId: c.regionId ?? null,
          provinceId: c.provinceId ?? null,
          city: c.city ?? null,
          provinceSigla: c.provinceSigla ?? null,
          bands: c.bands ?? [],
          ageCodes: c.ageCodes ?? [],
          drawTypes: c.drawTypes ?? [],
          startDate: c.startDate,
          endDate: c.endDate,
          codFonte: c.codFonte ?? null,
          idStato: c.idStato ?? null,
          tipoTorneo: main?.type ?? null,
          catClass: main?.categoryClass ?? null,
          catEta: main?.ageCategory ?? null,
          drawKeys: drawKeys(c.detailRead === false ? draws.slice(0, 1) : draws),
          venueLat: c.venuePoint?.lat ?? null,
          venueLng: c.venuePoint?.lng ?? null,
          venueSource: c.venuePoint ? ('venue' as const) : null,
          prizeMoney: c.prizeMoney ?? 0,
          registrationOpensAt: c.registrationOpensAt ?? null,
          registrationClosesAt: c.registrationClosesAt ?? null,
          searchText: (c.name ?? c.guid).toLowerCase(),
          addedAt: now,
          firstSeenAt: now,
          listSyncedAt: now,
          updatedAt: now,
          detailStatus: c.detailRead === false ? null : ('found' as const),
          detailSyncedAt: c.detailRead === false ? null : now,
        };
      }),
    );
    const events = list.map((c) =>
      newCompetitionEvent(c.guid, {
        competitionName: c.name ?? `Torneo ${c.guid}`,
        startDate: c.startDate,
        endDate: c.endDate,
        regionId: c.regionId ?? null,
        provinceId: c.provinceId ?? null,
        codFonte: c.codFonte ?? null,
      }),
    );
    await insertEvents(tx, events, now);
  });
}

/** Saves a filter row for the user (criteria canonical: 0 or null is "all"). */
export async function saveFilter(
  db: Db,
  userId: string,
  criteria: Partial<CriteriaWithCentre> & { name?: string; notificationsEnabled?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(filters)
    .values({
      userId,
      name: criteria.name ?? `filter ${Math.random().toString(36).slice(2)}`,
      notificationsEnabled: criteria.notificationsEnabled ?? true,
      codFonte: criteria.codFonte ?? 0,
      idStatopuc: criteria.idStatopuc ?? 0,
      dataInizio: criteria.dataInizio ?? null,
      dataFine: criteria.dataFine ?? null,
      regionId: criteria.regionId ?? null,
      provinceId: criteria.provinceId ?? null,
      prize: criteria.prize ?? 0,
      tipoTorneo: criteria.tipoTorneo ?? null,
      catClass: criteria.catClass ?? null,
      catEta: criteria.catEta ?? null,
      timePeriod: (criteria.timePeriod ?? 'all') as 'all',
      withinKm: criteria.withinKm ?? null,
      nearPostalCode: criteria.nearPostalCode ?? null,
      nearLat: criteria.near?.lat ?? null,
      nearLng: criteria.near?.lng ?? null,
    })
    .returning({ id: filters.id });
  if (!row) throw new Error('filter not saved');
  return row.id;
}

export interface NewTournamentNotification {
  userId: string;
  competitionGuid: string;
  reasons: string[];
  matchingFilters: number;
  dedupeKey: string;
  batchId: string;
}

/** Every new_tournament notification, as (user, competition, reasons, count). */
export async function newTournamentNotifications(db: Db): Promise<NewTournamentNotification[]> {
  const rows = await db.select().from(notifications).where(eq(notifications.type, 'new_tournament'));
  return rows.map((row) => {
    const params = row.params as { competitionGuid: string; reasons: string[]; matchingFilters: number };
    return {
      userId: row.userId,
      competitionGuid: params.competitionGuid,
      reasons: params.reasons,
      matchingFilters: params.matchingFilters,
      dedupeKey: row.dedupeKey,
      batchId: row.batchId,
    };
  });
}

/** Puts the consumer's cursor back (as if it had been lost). */
export async function resetCursor(db: Db, consumer: string): Promise<void> {
  await db
    .update(eventCursors)
    .set({ lastEventId: 0, updatedAt: sql`now()` })
    .where(eq(eventCursors.consumer, consumer));
}
