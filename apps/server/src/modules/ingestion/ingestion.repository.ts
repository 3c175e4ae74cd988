/**
 * SQL of ingestion: reading what is stored for change detection, and writing the federation's
 * data with the change events in the same transaction.
 */
import { romeDate, type TournamentItemKind } from '@radar/shared';
import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  competitionEvents,
  competitions,
  draws,
  federationStatus,
  participants,
  tournamentDeadlines,
  tournamentItems,
  tournaments,
} from '../../db/schema';
import type { NewCompetitionEvent } from '../events/events';

/** Serialises event writers, so that event ids grow in commit order (consumers keep id cursors). */
const EVENTS_LOCK_ID = 727_002;

export type StoredListState = {
  guid: string;
  name: string;
  startDate: string;
  endDate: string;
};

/** The stored state of these competitions, locked until the transaction ends. */
export async function lockListState(tx: Tx, guids: string[]): Promise<Map<string, StoredListState>> {
  if (guids.length === 0) return new Map();
  const rows = await tx
    .select({
      guid: competitions.guid,
      name: competitions.name,
      startDate: competitions.startDate,
      endDate: competitions.endDate,
    })
    .from(competitions)
    .where(inArray(competitions.guid, guids))
    .for('update');
  return new Map(rows.map((row) => [row.guid, row]));
}

export type StoredDraw = {
  competitionGuid: string;
  type: string | null;
  categoryClass: number | null;
  ageCategory: string | null;
};

export async function findTournamentDraws(tx: Tx, guids: string[]): Promise<StoredDraw[]> {
  if (guids.length === 0) return [];
  return tx
    .select({
      competitionGuid: tournaments.competitionGuid,
      type: tournaments.type,
      categoryClass: tournaments.categoryClass,
      ageCategory: tournaments.ageCategory,
    })
    .from(tournaments)
    .where(inArray(tournaments.competitionGuid, guids));
}

export type CompetitionListValues = typeof competitions.$inferInsert;

/** Inserts or updates competitions from list rows; what only the detail knows (prize, deadlines) is left alone. */
export async function upsertListRows(tx: Tx, values: CompetitionListValues[]): Promise<void> {
  if (values.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(competitions)
    .values(values)
    .onConflictDoUpdate({
      target: competitions.guid,
      set: {
        name: excluded('name'),
        club: excluded('club'),
        city: excluded('city'),
        provinceSigla: excluded('province_sigla'),
        provinceId: excluded('province_id'),
        regionId: excluded('region_id'),
        startDate: excluded('start_date'),
        endDate: excluded('end_date'),
        endDateKnown: excluded('end_date_known'),
        tpraId: excluded('tpra_id'),
        sector: excluded('sector'),
        bands: excluded('bands'),
        ageCodes: excluded('age_codes'),
        drawTypes: excluded('draw_types'),
        codFonte: excluded('cod_fonte'),
        fonteLabel: excluded('fonte_label'),
        idDisciplina: excluded('id_disciplina'),
        idStato: excluded('id_stato'),
        tipoTorneo: excluded('tipo_torneo'),
        catClass: excluded('cat_class'),
        catEta: excluded('cat_eta'),
        drawKeys: excluded('draw_keys'),
        onlineRegistration: excluded('online_registration'),
        authorized: excluded('authorized'),
        registrationOpensAt: excluded('registration_opens_at'),
        searchText: excluded('search_text'),
        // The list row's seat moves the point only while no venue of the detail placed it (decision 202).
        venueLat: sql`case when ${competitions.venueSource} = 'venue' then ${competitions.venueLat} else excluded.venue_lat end`,
        venueLng: sql`case when ${competitions.venueSource} = 'venue' then ${competitions.venueLng} else excluded.venue_lng end`,
        venueSource: sql`case when ${competitions.venueSource} = 'venue' then ${competitions.venueSource} else excluded.venue_source end`,
        listSyncedAt: excluded('list_synced_at'),
        updatedAt: excluded('updated_at'),
      },
    });
}

/** Records events once each (by dedupe key); returns those actually recorded. */
export async function insertEvents(
  tx: Tx,
  events: NewCompetitionEvent[],
  now: Date,
): Promise<NewCompetitionEvent[]> {
  if (events.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENTS_LOCK_ID})`);
  const inserted = await tx
    .insert(competitionEvents)
    .values(
      events.map((event) => ({
        ...event,
        payload: event.payload as unknown as Record<string, unknown>,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: competitionEvents.dedupeKey })
    .returning({ dedupeKey: competitionEvents.dedupeKey });
  const keys = new Set(inserted.map((row) => row.dedupeKey));
  return events.filter((event) => keys.has(event.dedupeKey));
}

export type StoredDetailState = {
  competition: {
    guid: string;
    name: string;
    city: string | null;
    provinceSigla: string | null;
    drawKeys: string[];
    registrationClosesAt: Date | null;
    detailSyncedAt: Date | null;
    detailFingerprint: string | null;
  };
  tournamentUuids: Set<string>;
  /** Each stored tournament's deadlines, as `deadlineSignature` writes them (reminders count down to these). */
  deadlines: Map<string, string>;
};

/** A tournament's deadlines as one comparable string: its closing and its bands in order. */
export function deadlineSignature(
  registrationClosesAt: Date | null,
  bands: readonly { minRank: string; maxRank: string; closesAt: Date | null; byReferee: boolean }[],
): string {
  return JSON.stringify([
    registrationClosesAt?.toISOString() ?? null,
    ...bands.map((b) => [b.minRank, b.maxRank, b.closesAt?.toISOString() ?? null, b.byReferee]),
  ]);
}

export async function lockDetailState(tx: Tx, guid: string): Promise<StoredDetailState | null> {
  const [competition] = await tx
    .select({
      guid: competitions.guid,
      name: competitions.name,
      city: competitions.city,
      provinceSigla: competitions.provinceSigla,
      drawKeys: competitions.drawKeys,
      registrationClosesAt: competitions.registrationClosesAt,
      detailSyncedAt: competitions.detailSyncedAt,
      detailFingerprint: competitions.detailFingerprint,
    })
    .from(competitions)
    .where(eq(competitions.guid, guid))
    .for('update');
  if (!competition) return null;
  const storedTournaments = await tx
    .select({ uuid: tournaments.uuid, registrationClosesAt: tournaments.registrationClosesAt })
    .from(tournaments)
    .where(eq(tournaments.competitionGuid, guid));
  const uuids = storedTournaments.map((t) => t.uuid);
  const bands =
    uuids.length === 0
      ? []
      : await tx
          .select()
          .from(tournamentDeadlines)
          .where(inArray(tournamentDeadlines.tournamentUuid, uuids))
          .orderBy(tournamentDeadlines.tournamentUuid, tournamentDeadlines.ordinal);
  const deadlines = new Map(
    storedTournaments.map((t) => [
      t.uuid,
      deadlineSignature(
        t.registrationClosesAt,
        bands.filter((b) => b.tournamentUuid === t.uuid),
      ),
    ]),
  );
  return { competition, tournamentUuids: new Set(uuids), deadlines };
}

export async function upsertTournaments(tx: Tx, values: (typeof tournaments.$inferInsert)[]): Promise<void> {
  if (values.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const columns = [
    'competition_guid',
    'ordinal',
    'description',
    'type',
    'category_class',
    'age_category',
    'ranking_limit',
    'is_double',
    'participants_count',
    'max_participants',
    'admission_type',
    'surface',
    'balls',
    'match_format',
    'tournament_id',
    'gender',
    'age_codes',
    'available_rankings',
    'registration_closes_at',
    'fee',
    'weekday_match_time',
    'festive_match_time',
    'billboard_time',
    'night_play',
    'courts',
    'federation_status',
    'venue',
    'sections',
    'updated_at',
  ] as const;
  const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  await tx
    .insert(tournaments)
    .values(values)
    .onConflictDoUpdate({
      target: tournaments.uuid,
      set: Object.fromEntries(columns.map((column) => [camel(column), excluded(column)])),
    });
}

/** Replaces the entry lists of these tournaments. */
export async function replaceParticipants(
  tx: Tx,
  tournamentUuids: string[],
  rows: (typeof participants.$inferInsert)[],
): Promise<void> {
  if (tournamentUuids.length === 0) return;
  await tx.delete(participants).where(inArray(participants.tournamentUuid, tournamentUuids));
  // In chunks: a statement takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(participants).values(rows.slice(i, i + 2000));
}

/** Replaces the band deadlines of these tournaments (§3). */
export async function replaceDeadlines(
  tx: Tx,
  tournamentUuids: string[],
  rows: (typeof tournamentDeadlines.$inferInsert)[],
): Promise<void> {
  if (tournamentUuids.length === 0) return;
  await tx.delete(tournamentDeadlines).where(inArray(tournamentDeadlines.tournamentUuid, tournamentUuids));
  if (rows.length > 0) await tx.insert(tournamentDeadlines).values(rows);
}

/** The item keys of a competition's files of one kind, locked with the competition. */
export async function lockFileKeys(
  tx: Tx,
  guid: string,
  kind: TournamentItemKind,
): Promise<Set<string> | null> {
  const [competition] = await tx
    .select({ guid: competitions.guid })
    .from(competitions)
    .where(eq(competitions.guid, guid))
    .for('update');
  if (!competition) return null;
  const rows = await tx
    .select({ itemKey: tournamentItems.itemKey })
    .from(tournamentItems)
    .where(and(eq(tournamentItems.competitionGuid, guid), eq(tournamentItems.kind, kind)));
  return new Set(rows.map((row) => row.itemKey));
}

/** Inserts items not stored yet (items only grow; a file's name is its identity). */
export async function insertItems(tx: Tx, rows: (typeof tournamentItems.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(tournamentItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [tournamentItems.competitionGuid, tournamentItems.kind, tournamentItems.itemKey],
      set: { title: sql`excluded.title`, playDate: sql`excluded.play_date` },
    });
}

/** A stored draw's checksum, locked until the transaction ends; null when none is stored. */
export async function lockDrawChecksum(
  tx: Tx,
  tournamentUuid: string,
  sectionCode: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ checksum: draws.checksum })
    .from(draws)
    .where(and(eq(draws.tournamentUuid, tournamentUuid), eq(draws.sectionCode, sectionCode)))
    .for('update');
  return row?.checksum ?? null;
}

export async function upsertDraw(tx: Tx, row: typeof draws.$inferInsert): Promise<void> {
  await tx
    .insert(draws)
    .values(row)
    .onConflictDoUpdate({
      target: [draws.tournamentUuid, draws.sectionCode],
      set: {
        matches: sql`excluded.matches`,
        checksum: sql`excluded.checksum`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function updateCompetitionDetail(
  tx: Tx,
  guid: string,
  values: PgUpdateSetSource<typeof competitions>,
): Promise<void> {
  await tx.update(competitions).set(values).where(eq(competitions.guid, guid));
}

/**
 * A detail read that found what was last written (decision 134): moves only `detail_synced_at`,
 * and answers whether it did. The same checksum of the detail, still `found`: every column the
 * detail writes follows from it. False means the caller writes the detail.
 */
export async function touchUnchangedDetail(
  db: Db,
  guid: string,
  fingerprint: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(competitions)
    .set({ detailSyncedAt: now })
    .where(
      and(
        eq(competitions.guid, guid),
        eq(competitions.detailFingerprint, fingerprint),
        eq(competitions.detailStatus, 'found'),
      ),
    )
    .returning({ guid: competitions.guid });
  return rows.length > 0;
}

/** What cadence decides on (cadence.ts), for every competition a pass may read. */
export async function cadenceCandidates(db: Db, endingFrom: string, now: Date) {
  const at = now.toISOString();
  return db
    .select({
      guid: competitions.guid,
      name: competitions.name,
      startDate: competitions.startDate,
      endDate: competitions.endDate,
      tpraId: competitions.tpraId,
      codFonte: competitions.codFonte,
      registrationClosesAt: competitions.registrationClosesAt,
      detailSyncedAt: competitions.detailSyncedAt,
      detailStatus: competitions.detailStatus,
      nextDeadlineAt: sql<Date | null>`(select min(d.closes_at) from ${tournamentDeadlines} d
        join ${tournaments} t on t.uuid = d.tournament_uuid
        where t.competition_guid = ${competitions.guid} and d.closes_at > ${at}::timestamptz)`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(competitions)
    .where(gte(competitions.endDate, endingFrom));
}

/** The tournaments whose draws a pass reads: registration closed (or no deadline known). */
export async function drawTournaments(db: Db, guid: string, now: Date) {
  return db
    .select({
      uuid: tournaments.uuid,
      tournamentId: tournaments.tournamentId,
      description: tournaments.description,
      sections: tournaments.sections,
    })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.competitionGuid, guid),
        isNotNull(tournaments.tournamentId),
        or(isNull(tournaments.registrationClosesAt), lte(tournaments.registrationClosesAt, now)),
      ),
    )
    .orderBy(tournaments.ordinal);
}

/** The competition's totals, counted from its stored tournaments and items. */
export const participantsCountOf = (guid: string) =>
  sql<number>`(select coalesce(sum(${tournaments.participantsCount}), 0)::int from ${tournaments} where ${tournaments.competitionGuid} = ${guid})`;
export const itemsCountOf = (guid: string) =>
  sql<number>`(select count(*)::int from ${tournamentItems} where ${tournamentItems.competitionGuid} = ${guid})`;

export async function hasCompetition(db: Db, guid: string): Promise<boolean> {
  const rows = await db
    .select({ guid: competitions.guid })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  return rows.length > 0;
}

/** Whether the competition's last day is before today (Rome). */
export async function hasEnded(db: Db, guid: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ endDate: competitions.endDate })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  const endDate = rows[0]?.endDate;
  return endDate !== undefined && endDate < romeDate(now);
}

/** Whether the competition's detail was read before (its checksum is stored). */
export async function hasReadDetail(db: Db, guid: string): Promise<boolean> {
  const rows = await db
    .select({ fingerprint: competitions.detailFingerprint })
    .from(competitions)
    .where(eq(competitions.guid, guid));
  return rows[0]?.fingerprint != null;
}

// --- Federation status ----------------------------------------------------------------------------

/** The one row of `federation_status`. */
export const STATUS_ID = 'fitp';

export type FederationStatus = typeof federationStatus.$inferSelect;

export async function readFederationStatus(db: Db): Promise<FederationStatus | null> {
  const [row] = await db.select().from(federationStatus).where(eq(federationStatus.id, STATUS_ID));
  return row ?? null;
}

export async function writeFederationStatus(
  db: Db,
  now: Date,
  changes: Partial<Omit<FederationStatus, 'id' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(federationStatus)
    .values({ id: STATUS_ID, state: 'up', ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: federationStatus.id, set: { ...changes, updatedAt: now } });
}

/** How stale `last_success_at` may grow while the federation stays up (decision 134). */
export const FEDERATION_UP_REFRESH_MS = 60_000;

/**
 * The federation answered. Written only when the row says otherwise or its last success is
 * older than {@link FEDERATION_UP_REFRESH_MS}: every live detail read ends here, and a row
 * rewritten (and locked) by each of them would queue concurrent readers behind one another.
 */
export async function markFederationUp(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  const fresh = new Date(now.getTime() - FEDERATION_UP_REFRESH_MS).toISOString();
  await db.execute(sql`
    insert into ${federationStatus} (id, state, last_success_at, updated_at)
    select ${STATUS_ID}, 'up', ${at}::timestamptz, ${at}::timestamptz
    where not exists (
      select 1 from ${federationStatus}
      where id = ${STATUS_ID} and state = 'up' and last_success_at > ${fresh}::timestamptz
    )
    on conflict (id) do update
      set state = 'up', last_success_at = excluded.last_success_at, updated_at = excluded.updated_at`);
}

export async function markFederationDown(db: Db, now: Date, error: unknown): Promise<void> {
  await writeFederationStatus(db, now, {
    state: 'down',
    lastFailureAt: now,
    lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
  });
}
